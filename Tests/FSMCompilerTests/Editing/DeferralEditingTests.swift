import FSMCompiler
import Testing

/// `defer` in the editing features: the event it names is the event, for definition,
/// references, rename and hover.
@Suite(.offThePool) struct DeferralEditingTests {
    let source = SourceText(DeferralSemanticsTests.profile)
    let index: SymbolIndex

    init() {
        index = SymbolIndex(Parser.parse(source).syntax)
    }

    private func occurrence(_ text: String, _ number: Int) throws -> SymbolOccurrence {
        let matches = index.occurrences.filter { $0.name == text }
        return try #require(matches.count > number ? matches[number] : nil)
    }

    @Test func theDeferredEventIsTheEvent() throws {
        // `event retry`, `on retry`, `defer retry` twice.
        let deferred = try occurrence("retry", 2)
        #expect(deferred.kind == .event && !deferred.isDeclaration)
        #expect(deferred.range.start.line == 12)
        #expect(index.definition(of: deferred)?.range.start.line == 4)
        #expect(index.references(to: deferred).map(\.range.start.line) == [4, 9, 12, 17])
    }

    @Test func renamingTheEventRenamesItsDefers() throws {
        let ranges = try SymbolRename.ranges(renaming: occurrence("retry", 3), to: "again", in: index).get()
        #expect(ranges.map(\.start.line) == [4, 9, 12, 17])
    }

    @Test func hoverOnTheDeferredEventShowsTheEvent() throws {
        let text = SymbolHover.markdown(for: try occurrence("retry", 2), in: index, source: source)
        #expect(text.contains("event retry"))
    }
}
