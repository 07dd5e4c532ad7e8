import FSMCompiler
import Testing

/// Calls and streams exported as `<invoke>`s of a child session that a harness completes,
/// fails, yields and finishes (docs/SCXML.md, "Invocations"). The golden files of
/// InvocationMachinesTests' specs are checked by SCXMLExportTests; Qt runs the mapping in
/// fsm-differential's replay of `Differential/Invocations*`; the import reads it back
/// (SCXMLImportCallTests).
@Suite struct SCXMLInvocationExportTests {
    static let spec = """
        machine Fetcher {
            event go
            event back
            initial state idle { on go -> loading }
            state loading {
                invoke fetch1
                invoke stream watch2
                done fetch1 -> shown
                error fetch1 [isOffline] -> idle / report
                on watch2 / apply
                done watch2 / settle
                error watch2
                on back -> idle
            }
            state shown { on back -> idle }
        }
        """

    @Test func aCallAndAStreamAreInvokedChildSessions() throws {
        let scxml = SCXMLEmitter.emit(try #require(Compiler.compile(SourceText(Self.spec)).model))
        #expect(scxml.contains("""
              <state id="loading">
                <invoke id="fetch1" type="http://www.w3.org/TR/scxml/">
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="fetch1.running" name="fetch1">
                      <state id="fetch1.running">
                        <transition event="fsmc.complete" target="fetch1.ended"/>
                        <transition event="fsmc.fail" target="fetch1.failed">
                          <send target="#_parent" event="fsmc.error.fetch1"/>
                        </transition>
                      </state>
                      <state id="fetch1.failed"/>
                      <final id="fetch1.ended"/>
                    </scxml>
                  </content>
                </invoke>
                <invoke id="watch2" type="http://www.w3.org/TR/scxml/">
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="watch2.running" name="watch2">
                      <state id="watch2.running">
                        <transition event="fsmc.yield">
                          <send target="#_parent" event="fsmc.element.watch2"/>
                        </transition>
                        <transition event="fsmc.finish" target="watch2.ended"/>
                        <transition event="fsmc.fail" target="watch2.failed">
                          <send target="#_parent" event="fsmc.error.watch2"/>
                        </transition>
                      </state>
                      <state id="watch2.failed"/>
                      <final id="watch2.ended"/>
                    </scxml>
                  </content>
                </invoke>
                <transition event="done.invoke.fetch1" target="shown" type="external"/>
                <transition event="fsmc.error.fetch1" target="idle" cond="isOffline" type="external">
                  <log label="action" expr="'report'"/>
                </transition>
                <transition event="fsmc.element.watch2">
                  <log label="action" expr="'apply'"/>
                </transition>
                <transition event="done.invoke.watch2">
                  <log label="action" expr="'settle'"/>
                </transition>
                <transition event="fsmc.error.watch2"/>
                <transition event="back" target="idle" type="external"/>
              </state>
            """))
    }

    /// Results are payloads: not exported, noted in a comment, and a guard on them is its
    /// boolean as every guard is.
    @Test func resultsAreNotedNotExported() throws {
        let scxml = SCXMLEmitter.emit(try #require(Compiler.compile(SourceText(InvocationSemanticsTests.profile)).model))
        #expect(scxml.contains("<!-- results, not exported: user: String -->"))
        #expect(scxml.contains("<!-- results, not exported: change: Int -->"))
        #expect(scxml.contains(#"<transition event="done.invoke.fetchUser" target="showing" type="external"/>"#))
    }

    @Test func eachOutcomeIsAnEventOfTheChild() {
        #expect(SCXMLEmitter.Outcome.allCases.map(\.event) == ["fsmc.complete", "fsmc.fail", "fsmc.yield", "fsmc.finish"])
    }
}
