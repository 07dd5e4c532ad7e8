import FSMCompiler
import Testing

/// `assert` in the editing features: `in(x)` in a property is a reference to state x, for
/// definition, references, rename and hover; the outline lists no property (nor transitions).
@Suite(.offThePool) struct PropertyEditingTests {
    let source = SourceText("""
        machine Door {
            event open
            initial state closed { on open -> opened }
            final state opened
            assert never in(opened) && in(closed)
            assert in(opened) only after in(closed)
        }
        """)
    let index: SymbolIndex

    init() {
        index = SymbolIndex(Parser.parse(source).syntax)
    }

    private func occurrences(_ name: String) -> [SymbolOccurrence] {
        index.occurrences.filter { $0.name == name }
    }

    @Test func aStateInAPropertyIsTheState() throws {
        let uses = occurrences("opened").filter { $0.range.start.line >= 5 }
        #expect(uses.map(\.range.start.line) == [5, 6])
        for use in uses {
            #expect(use.kind == .state && !use.isDeclaration)
            #expect(index.definition(of: use)?.range.start.line == 4)
        }
        #expect(index.references(to: uses[0]).map(\.range.start.line) == [3, 4, 5, 6])
    }

    @Test func renamingTheStateRenamesItInProperties() throws {
        let use = try #require(occurrences("closed").last)
        let ranges = try SymbolRename.ranges(renaming: use, to: "shut", in: index).get()
        #expect(ranges.map(\.start.line) == [3, 5, 6])
    }

    @Test func hoverOnAStateInAPropertyShowsTheState() throws {
        let use = try #require(occurrences("closed").last)
        #expect(SymbolHover.markdown(for: use, in: index, source: source).contains("state closed"))
    }

    @Test func theOutlineListsStatesNotProperties() {
        let outline = OutlineItem.outline(of: index.syntax)
        #expect(outline.first?.children.map(\.name) == ["open", "closed", "opened"])
    }
}
