@testable import FSMCompiler
import Foundation
import Testing

/// `update(field: literal)` (language version 4) as `<assign>` to the field's variable
/// (SCXMLEmitter+DataUpdates.swift); an update to a value the chart does not carry is refused at
/// its transition. The import reads the export back in SCXMLImportDataUpdateTests, Qt runs it in
/// the differential case `Differential/UpdateStaysInItsState`.
@Suite struct SCXMLDataUpdateExportTests {
    /// Literals of each kind, in a compound state with a timer, a targetless transition and
    /// one to a sibling inside the state that owns the fields, and in its child.
    static let counter = """
        machine Counter {
            event start
            event tick
            event reset
            event stop

            initial state idle { on start -> counting(count: 0, ratio: 1.5, label: "a", active: false) }

            state counting(count: Int, ratio: Double, label: String, active: Bool) {
                after 2s -> idle
                initial state low {
                    on tick -> high / update(count: 1_000, label: "it's\\n"), note
                }
                state high {
                    on tick / update(ratio: 0.25e1), note, update(active: true)
                }
                on reset / update(count: 007)
                on stop -> idle
            }
        }
        """

    @Test func literalUpdatesAreAssignmentsInTheirTransitionsInOrder() throws {
        let model = try #require(Compiler.compile(SourceText(Self.counter)).model)
        #expect(SCXMLEmitter.refusals(model).isEmpty)
        #expect(SCXMLEmitter.emit(model) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Exported by fsmc from machine Counter; the mapping is described in fsmc's docs/SCXML.md. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="idle" name="Counter">
              <datamodel>
                <!-- state data, as update(…) gives it: counting.count -->
                <data id="counting_count"/>
                <!-- state data, as update(…) gives it: counting.label -->
                <data id="counting_label"/>
                <!-- state data, as update(…) gives it: counting.ratio -->
                <data id="counting_ratio"/>
                <!-- state data, as update(…) gives it: counting.active -->
                <data id="counting_active"/>
              </datamodel>
              <state id="idle">
                <transition event="start" target="counting" type="external"/>
              </state>
              <state id="counting" initial="low">
                <!-- state data, not exported: count: Int, ratio: Double, label: String, active: Bool -->
                <onentry>
                  <send event="fsmc.after.counting.1" delay="2000ms" id="fsmc.after.counting.1"/>
                </onentry>
                <onexit>
                  <cancel sendid="fsmc.after.counting.1"/>
                </onexit>
                <transition event="fsmc.after.counting.1" target="idle" type="external"/>
                <state id="low">
                  <transition event="tick" target="high" type="external">
                    <assign location="counting_count" expr="1000"/>
                    <assign location="counting_label" expr="'it\\'s\\n'"/>
                    <log label="action" expr="'note'"/>
                  </transition>
                </state>
                <state id="high">
                  <transition event="tick">
                    <assign location="counting_ratio" expr="0.25e1"/>
                    <log label="action" expr="'note'"/>
                    <assign location="counting_active" expr="true"/>
                  </transition>
                </state>
                <transition event="reset">
                  <assign location="counting_count" expr="7"/>
                </transition>
                <transition event="stop" target="idle" type="external"/>
              </state>
            </scxml>

            """)
    }

    /// A variable keeps clear of the names the document already uses: a state's, a guard's.
    @Test func aVariableTakesAnUnderscoreWhereItsNameIsTaken() throws {
        let model = try #require(Compiler.compile(SourceText("""
            machine Clash {
                event go
                event bump
                initial state idle { on go -> a(b: 0) }
                state a(b: Int) { on bump [a_b] / update(b: 1) }
                state a_b
            }
            """)).model)
        let scxml = SCXMLEmitter.emit(model)
        #expect(scxml.contains(#"<data id="fsmc_a_b" expr="false"/>"#))
        #expect(scxml.contains(#"<data id="a_b_"/>"#))
        #expect(scxml.contains(#"<assign location="a_b_" expr="1"/>"#))
    }

    /// The payload, other state data and a function's result have no value in the chart: each
    /// transition with one is refused where it is written, at its first such field.
    @Test func anUpdateOfAValueTheChartDoesNotCarryIsRefusedAtItsTransition() throws {
        let model = try #require(Compiler.compile(SourceText("""
            machine Refused {
                event start
                event put(value: Int)
                event copy
                event compute

                initial state idle { on start -> counting(count: 0, other: 1) }

                state counting(count: Int, other: Int) {
                    on put / update(count: 1), update(other: value)
                    on copy / update(count: other)
                    on compute / update(count: next(other))
                }
            }
            """)).model)
        #expect(SCXMLEmitter.refusals(model).map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" } == [
            "10:9: SCXML export cannot write 'update(other: value)': the chart assigns a field only a literal, and 'value' is the trigger's payload, which the chart's events do not carry",
            "11:9: SCXML export cannot write 'update(count: other)': the chart assigns a field only a literal, and 'other' is state data, which the chart does not hold",
            "12:9: SCXML export cannot write 'update(count: next(other: other))': the chart assigns a field only a literal, and 'next' is a function of yours, which the chart cannot call",
        ])
    }

    @Test func numbersAreWrittenAsECMAScriptReadsThem() {
        #expect(SCXMLText.number("1_000") == "1000")
        #expect(SCXMLText.number("010") == "10")
        #expect(SCXMLText.number("0") == "0")
        #expect(SCXMLText.number("00.5") == "0.5")
        #expect(SCXMLText.number("-007") == "-7")
        #expect(SCXMLText.number("1e-3") == "1e-3")
        #expect(SCXMLText.literal(.nil) == "null")
        #expect(SCXMLText.literal(.string("a\u{1}b")) == #"'a\u0001b'"#)
        #expect(SCXMLText.literal(.payload("value")) == nil)
    }
}
