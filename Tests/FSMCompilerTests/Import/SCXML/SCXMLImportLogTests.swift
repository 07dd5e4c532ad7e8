@testable import FSMCompiler
import Testing

/// A `<log>` that is neither an action nor an output (what charts write for a person reading an
/// interpreter's log) imports as nothing, with a warning at it, and the spec keeps it as a
/// documentation line of its state or transition (docs/SCXML.md, "Import").
@Suite(.offThePool) struct SCXMLImportLogTests {
    static let warning = "this <log> is neither an action (label=\"action\") nor an output (label=\"emit\"): it only writes to the interpreter's log, which fsmc has not; the spec keeps it as a comment"

    @Test func aLogOfAnyOtherFormIsANoOpKeptAsAComment() {
        let chart = MarkedSource(SCXMLImportTests.chart("""
            <!-- the start -->
            <state id="a">
                <onentry>1️⃣<log expr="&quot;entering a&quot;"/><log label="action" expr="'start'"/></onentry>
                <onexit>2️⃣<log label="TEST" expr="'left ' + _sessionid"/></onexit>
                <transition event="go" target="b">3️⃣<log expr="'a -> b'"/>4️⃣<log/></transition>
            </state>
            <state id="b">
                <history id="h"><transition target="b1">5️⃣<log label="debug" expr="1 +&#10;2"/></transition></history>
                <state id="b1"/>
            </state>
            """))
        let result = SCXMLImport.run(chart.source, fallbackName: "M", chartName: "m.scxml")
        #expect(MarkedSource.lines(of: result.chartDiagnostics) == chart.lines(of: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"].map { .warning($0, Self.warning) }))
        #expect(result.text?.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") == """
            machine M {
                event go

                /// the start
                /// not imported from <onentry>: <log expr="&quot;entering a&quot;"/>
                /// not imported from <onexit>: <log label="TEST" expr="'left ' + _sessionid"/>
                initial state a {
                    entry / start
                    /// not imported from the transition: <log expr="'a -&gt; b'"/>
                    /// not imported from the transition: <log/>
                    on go -> b
                }

                /// not imported from the default transition of its history: <log label="debug" expr="1 +&#10;2"/>
                state b {
                    history
                    initial state b1
                }
            }

            """)
    }

    /// `label="action"` and `label="emit"` say the log is one of fsmc's: written otherwise, it is
    /// refused rather than dropped.
    @Test func anActionOrOutputLogIsStillHeldToItsForm() {
        SCXMLImportTests().expectRefusal(SCXMLImportTests.chart("""
            <state id="a"><onentry><log 1️⃣label="emit"/><log label="action" 2️⃣expr="start"/></onentry></state>
            """), [
            .error("1️⃣", "a <log> is an action as <log label=\"action\" expr=\"'name'\"/> or an output as <log label=\"emit\" expr=\"'name'\"/>"),
            .error("2️⃣", "a <log> is an action as <log label=\"action\" expr=\"'name'\"/> or an output as <log label=\"emit\" expr=\"'name'\"/>"),
        ])
    }

    /// A failing expression raises `error.execution`, which a transition on `error` takes: a
    /// `<log>` of an expression is then no no-op; one of a constant still is.
    @Test func aLogWhoseExpressionMayFailIsRefusedWhereATransitionTakesErrorExecution() {
        let chart = MarkedSource(SCXMLImportTests.chart("""
            <state id="a">
                <onentry>1️⃣<log expr="'fine'"/><log 2️⃣expr="undefinedName"/></onentry>
                <transition event="error" target="b"/>
            </state>
            <state id="b"/>
            """))
        let (model, diagnostics, _, _) = SCXMLImporter.importChart(chart.source, fallbackName: "M")
        #expect(model == nil)
        #expect(MarkedSource.lines(of: diagnostics) == chart.lines(of: [
            .warning("1️⃣", Self.warning),
            .error("2️⃣", "this <log>'s expression may fail, and SCXML then raises 'error.execution', which the chart's transitions on 'error' take: fsmc evaluates no expressions and raises no platform events"),
        ]))
    }
}
