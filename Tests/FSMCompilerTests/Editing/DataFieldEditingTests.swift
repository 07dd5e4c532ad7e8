import FSMCompiler
import Testing

/// Data fields as symbols (language version 4): a rename of a field renames the labels of its
/// updates, of targets' data and the values that read it; hover says whose data it is.
@Suite(.offThePool) struct DataFieldEditingTests {
    let spec = MarkedSource("""
        machine Download {
            event start(url: String)
            event tick(fraction: Double)
            event pause
            initial state idle { on start -> downloading(url: url, 1️⃣progress: 0) }
            state downloading(url: String, 2️⃣progress: Double) {
                on tick / update(3️⃣progress: fraction), show(4️⃣progress)
                on pause -> paused(5️⃣progress: 6️⃣progress)
            }
            state paused(7️⃣progress: Double) {}
        }
        """)

    private func symbol(at marker: String) throws -> (SymbolOccurrence, SymbolIndex) {
        let index = SymbolIndex(Parser.parse(spec.source).syntax)
        return (try #require(index.occurrence(at: spec.location(marker).offset)), index)
    }

    @Test func aFieldIsNamedByUpdatesTargetsDataAndValues() throws {
        let (field, index) = try symbol(at: "3️⃣")
        #expect(field.kind == .field && field.owner == "downloading")
        let ranges = index.references(to: field).map(\.range.start)
        #expect(ranges == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "6️⃣"].map { spec.location($0) })
        // `paused`'s field of the same name is another symbol.
        let (other, _) = try symbol(at: "5️⃣")
        #expect(other.owner == "paused")
        #expect(index.references(to: other).map(\.range.start) == ["5️⃣", "7️⃣"].map { spec.location($0) })
    }

    @Test func renamingAFieldRenamesItsUpdatesAndTheSpecStillChecks() throws {
        let (field, index) = try symbol(at: "2️⃣")
        let ranges = try SymbolRename.checkedRanges(renaming: field, to: "done", in: index, source: spec.source).get()
        #expect(ranges.count == 5)
    }

    @Test func hoverSaysWhoseDataItIs() throws {
        let (field, index) = try symbol(at: "3️⃣")
        #expect(SymbolHover.markdown(for: field, in: index, source: spec.source) == """
            ```fsm
            progress: Double
            ```

            Data of state `downloading`. Named in 4 places (updates, targets' data and values).
            """)
    }
}
