@testable import FSMCompiler
import Testing
import TestSupport

/// The export's `<assign>` of a field `update(…)` changes (SCXMLDataUpdateExportTests) read
/// back: the import writes no state data, so the update has no field to go to and is left out
/// with them; nothing the chart does changes, since no condition may read the variable. Any
/// other `<assign>` is refused as before.
@Suite(.offThePool) struct SCXMLImportDataUpdateTests {
    /// The exported lines the import does not read back: the notes on state data, the
    /// variables of the updated fields and their assignments.
    static func withoutStateData(_ exported: String) -> String {
        SCXMLRoundTripTests.withoutNotes(exported).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                !line.contains(SCXMLEmitter.dataUpdateNote) && !line.contains("<data id=\"counting_") && !line.contains("<assign ")
            }
            .joined(separator: "\n")
    }

    @Test func theExportOfUpdatesImportsWithoutThemAndExportsTheSameDocumentOtherwise() throws {
        let original = try #require(Compiler.compile(SourceText(SCXMLDataUpdateExportTests.counter)).executable)
        let (exported, spec, compilation) = try SCXMLRoundTripTests.roundTrip(original.model)
        #expect(exported.contains("<assign "))
        #expect(!spec.contains("update"))
        let reimported = try #require(compilation.model, "\(compilation.diagnostics)")
        // The variables' `<datamodel>` goes with them: nothing else is declared.
        let expected = Self.withoutStateData(exported).replacingOccurrences(of: "  <datamodel>\n  </datamodel>\n", with: "")
        // The `<transition>` of the targetless `reset` keeps no content.
        #expect(SCXMLEmitter.emit(reimported) == expected.replacingOccurrences(
            of: "<transition event=\"reset\">\n    </transition>", with: "<transition event=\"reset\"/>"))
    }

    /// Random scripts: the same exits, entries, transitions and actions, but the updates, which
    /// the imported machine has not (its trace says `update (none imported)` where the
    /// original's updated).
    @Test func theImportedMachineRunsAsTheOriginalButForTheUpdates() throws {
        let original = try #require(Compiler.compile(SourceText(SCXMLDataUpdateExportTests.counter)).executable)
        let imported = try #require(try SCXMLRoundTripTests.roundTrip(original.model).compilation.executable)
        var generator = SeededGenerator(seed: 41)
        func withoutUpdates(_ trace: [String]) -> [String] {
            trace.filter { $0 != "update (none imported)" }.map { line in
                line.replacingOccurrences(of: "update, ", with: "").replacingOccurrences(of: ", update", with: "")
                    .replacingOccurrences(of: "/ update", with: "/ ")
            }
        }
        var updated = 0
        for _ in 0..<40 {
            let script = SCXMLRoundTripTests.Script.random(for: original.model, using: &generator)
            let run = script.run(on: original)
            updated += run.filter { $0 == "update (none imported)" }.count
            #expect(withoutUpdates(run) == script.run(on: imported), "\(script)")
        }
        #expect(updated > 0)
    }

    /// A child machine's updates are its own document's: its `<datamodel>` declares the field,
    /// its transition assigns it, and the import reads them back as it does the parent's; an
    /// update the export refuses in the child refuses the parent at its `invoke`.
    @Test func aChildMachinesUpdatesAreItsOwnDocuments() throws {
        func child(_ value: String) -> String {
            """
            machine Ticker {
                event start
                event tick
                output ticked
                initial state idle { on start -> counting(count: 0) }
                state counting(count: Int) { on tick / update(count: \(value)), emit ticked }
            }
            """
        }
        let host = """
            machine Host {
                event go
                initial state idle { on go -> running }
                state running {
                    invoke Ticker as ticker
                    on ticker.ticked / noted
                }
            }
            """
        let pair = SCXMLImportChildMachineTests.Pair(name: "Ticker", parent: host, children: [child("1")])
        let exported = try SCXMLImportChildMachineTests.exported(pair)
        #expect(exported.contains(#"<data id="counting_count"/>"#))
        #expect(exported.contains(#"<assign location="counting_count" expr="1"/>"#))
        let imported = try SCXMLImportChildMachineTests.imported(exported, name: "Host")
        #expect(imported.children.count == 1)
        #expect(imported.children.allSatisfy { !$0.text.contains("update") })

        // The child copies other data, which its chart does not hold.
        let copying = child("other").replacingOccurrences(of: "(count: 0)", with: "(count: 0, other: 1)")
            .replacingOccurrences(of: "counting(count: Int)", with: "counting(count: Int, other: Int)")
        let refused = try SCXMLChildMachineExportTests.model(host, siblings: [copying])
        let ticker = try SCXMLChildMachineExportTests.model(copying)
        #expect(SCXMLEmitter.refusals(refused, children: ["Ticker": ticker]).map { "\($0.range.start.line): \($0.message)" } == [
            "5: SCXML export cannot write machine 'Ticker', which 'ticker' invokes: 6:46: SCXML export cannot write 'update(count: other)': the chart assigns a field only a literal, and 'other' is state data, which the chart does not hold"
        ])
    }

    /// An `<assign>` the export did not write for an update, or one that is no literal, is
    /// refused as before; a condition that reads an updated field's variable is refused too,
    /// since the import leaves the assignments out.
    @Test func otherAssignmentsAndConditionsOnTheVariablesAreRefused() {
        let datamodel = """
            <datamodel>
                <!-- state data, as update(…) gives it: a.count -->
                <data id="a_count"/>
                <data id="flag" expr="false"/>
            </datamodel>
            """
        let refusal = "<assign> is not supported: fsmc's machines have no data model to assign to"
        SCXMLImportTests().expectRefusal(SCXMLImportTests.chart(datamodel + """
            <state id="a">
                <transition event="go">1️⃣<assign location="flag" expr="true"/></transition>
                <transition event="set">2️⃣<assign location="a_count" expr="a_count + 1"/></transition>
                <transition event="check" 3️⃣cond="a_count" target="a"/>
                <transition event="ok"><assign location="a_count" expr="-12.5"/><assign location="a_count" expr="'it\\'s\\u0001'"/></transition>
                <transition event="join">4️⃣<assign location="a_count" expr="'a' + 'b'"/></transition>
            </state>
            """), [
            .error("1️⃣", refusal),
            .error("2️⃣", refusal),
            .error("3️⃣", "'a_count' holds state data the export writes as 'update(…)' gives it, which fsmc's guards do not read: a guard is a named boolean"),
            .error("4️⃣", refusal),
        ])
    }
}
