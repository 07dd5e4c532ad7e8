@testable import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc export --trace`: every state logs its entry and exit, after its own actions, so that a
/// harness sees the order in which an SCXML interpreter exits and enters states (the
/// differential testing against Qt SCXML reads it); and the guard variables a harness sets.
@Suite(.offThePool) struct SCXMLTraceTests {
    static let spec = """
        machine Trail {
            event go
            event stop
            initial state outer {
                entry / warm
                exit / cool
                initial state inner {
                    after 1s -> last
                    on go -> last
                }
                final state last
                done -> end
            }
            final state end
        }
        """

    @Test func everyStateLogsItsEntryAndExitAfterItsActions() throws {
        let scxml = SCXMLEmitter.emit(try DiagramModels.compile(Self.spec), tracingStates: true)
        #expect(scxml.contains("""
              <state id="outer" initial="inner">
                <onentry>
                  <log label="action" expr="'warm'"/>
                  <log label="enter" expr="'outer'"/>
                </onentry>
                <onexit>
                  <log label="action" expr="'cool'"/>
                  <log label="exit" expr="'outer'"/>
                </onexit>
            """))
        #expect(scxml.contains("""
                <state id="inner">
                  <onentry>
                    <send event="fsmc.after.inner.1" delay="1000ms" id="fsmc.after.inner.1"/>
                    <log label="enter" expr="'inner'"/>
                  </onentry>
                  <onexit>
                    <cancel sendid="fsmc.after.inner.1"/>
                    <log label="exit" expr="'inner'"/>
                  </onexit>
            """))
        // A nested final state is left like any other.
        #expect(scxml.contains("""
                <final id="last">
                  <onentry>
                    <log label="enter" expr="'last'"/>
                  </onentry>
                  <onexit>
                    <log label="exit" expr="'last'"/>
                  </onexit>
                </final>
            """))
        // A top-level final state ends the machine: fsmc never leaves it, SCXML only when the
        // interpreter stops, so it logs its entry alone.
        #expect(scxml.contains("""
              <final id="end">
                <onentry>
                  <log label="enter" expr="'end'"/>
                </onentry>
              </final>
            """))
    }

    @Test func withoutTracingNoStateLogs() throws {
        let scxml = SCXMLEmitter.emit(try DiagramModels.compile(Self.spec))
        #expect(!scxml.contains(#"label="enter""#))
        #expect(!scxml.contains(#"label="exit""#))
    }

    @Test func guardVariablesAreTheDeclaredBooleans() throws {
        let model = try DiagramModels.compile("""
            machine Odd {
                event go
                initial state a { on go [function && ready] -> b }
                state b { on go [a] -> a }
            }
            """)
        let variables = SCXMLEmitter.guardVariables(of: model)
        #expect(variables.map(\.name) == ["function", "ready", "a"])
        #expect(variables.map(\.variable) == ["fsmc_function", "ready", "fsmc_a"])
    }
}
