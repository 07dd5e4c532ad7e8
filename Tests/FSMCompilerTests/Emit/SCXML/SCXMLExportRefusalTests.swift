import FSMCompiler
import Foundation
import Testing

/// Calls and streams are exported as `<invoke>`s (SCXMLInvocationExportTests); a child machine
/// the export is not given the spec of is refused at its `invoke`, and nothing else of the spec
/// is (SCXMLChildMachineExportTests exports children).
@Suite struct InvocationExportRefusalTests {
    @Test func callsAndStreamsAreNotRefused() throws {
        let compilation = Compiler.compile(SourceText(InvocationSemanticsTests.profile))
        #expect(SCXMLEmitter.refusals(try #require(compilation.model)).isEmpty)
    }

    /// Without the children's models (`refusals(_:)`, as `fsmc export` calls it), a child
    /// machine cannot be written.
    @Test func aChildMachineIsRefusedAtItsLine() throws {
        var model = try #require(Compiler.compile(SourceText(InvocationSemanticsTests.profile)).model)
        model.invocations[0].kind = .machine("SignIn")
        #expect(SCXMLEmitter.refusals(model).map { "\($0.range.start.line): \($0.message)" } == [
            "9: SCXML export needs the spec of machine 'SignIn', which 'fetchUser' invokes, to write it inside this document, and was not given it"
        ])
    }
}

/// A transition into a history from inside its state means otherwise in SCXML (R54 of the Qt
/// campaign): the export refuses it at its line, as the import refuses SCXML's.
@Suite struct HistoryFromInsideExportRefusalTests {
    @Test func theExportRefusesItWhereSCXMLReadsItOtherwise() throws {
        let url = FixtureFolders.differential.appendingPathComponent("HistoryFromInsideItsState.fsm")
        let model = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url)))).model)
        #expect(SCXMLEmitter.refusals(model).map { "\($0.range.start.line): \($0.message)" } == [
            "15: SCXML export cannot write this transition into 'outer.history' from inside 'outer': SCXML would enter the states between 'outer' and what the history restores again without leaving them, where fsmc leaves and re-enters them; target the restored states, or leave 'outer' first"
        ])
        // From a child of the state, SCXML reads it as fsmc does.
        let fromChild = try #require(Compiler.compile(SourceText("""
            machine FromChild {
                event back
                initial state outer {
                    history deep
                    initial state s { on back -> outer.history }
                    state t { on back -> s }
                }
            }
            """)).model)
        #expect(SCXMLEmitter.refusals(fromChild).isEmpty)
    }
}

/// SCXML has no deferred events: the export refuses each `defer` at its line, and writes no
/// equivalent of its own.
@Suite struct DeferralExportRefusalTests {
    @Test func eachDeferIsRefusedAtItsLine() throws {
        let model = try #require(Compiler.compile(SourceText(DeferralSemanticsTests.profile)).model)
        #expect(SCXMLEmitter.refusals(model).map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" } == [
            "12:9: SCXML export cannot write 'defer retry': SCXML has no deferred events",
            "17:9: SCXML export cannot write 'defer retry': SCXML has no deferred events",
        ])
    }
}

/// Language version 4: an `update(…)` of a payload (here a stream's element) is refused at its
/// transition (SCXMLDataUpdateExportTests has the literals the export writes and the other
/// refusals); a call with arguments is exported as the call it is.
@Suite struct DataUpdateExportRefusalTests {
    @Test func anUpdateOfAPayloadIsRefusedAtItsTransition() throws {
        let model = try #require(Compiler.compile(SourceText(LanguageVersion4Tests.download)).model)
        #expect(SCXMLEmitter.refusals(model).map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" } == [
            "14:9: SCXML export cannot write 'update(progress: fraction)': the chart assigns a field only a literal, and 'fraction' is the trigger's payload, which the chart's events do not carry"
        ])
    }
}
