import FSMCompiler
import Testing

/// Invocations in the editing features: their name at `invoke`, `done`, `error` and a stream's
/// `on` is one symbol, for definition, references, rename and hover.
@Suite(.offThePool) struct InvocationEditingTests {
    let source = SourceText(InvocationSemanticsTests.profile)
    let index: SymbolIndex

    init() {
        index = SymbolIndex(Parser.parse(source).syntax)
    }

    private func occurrence(_ text: String, _ number: Int = 0) throws -> SymbolOccurrence {
        let matches = index.occurrences.filter { $0.name == text }
        return try #require(matches.count > number ? matches[number] : nil)
    }

    @Test func doneErrorAndOnNameTheInvocation() throws {
        let fetch = try occurrence("fetchUser")
        #expect(fetch.kind == .invocation && fetch.isDeclaration)
        #expect(index.references(to: fetch).map(\.range.start.line) == [9, 10, 11, 12])
        let changes = index.references(to: try occurrence("changes"))
        #expect(changes.map(\.kind) == [.invocation, .invocation, .invocation, .invocation])
        #expect(try index.definition(of: occurrence("changes", 2))?.range.start.line == 17)
    }

    @Test func renamingRenamesEveryUseAndRefusesAnEventsName() throws {
        let ranges = try SymbolRename.ranges(renaming: occurrence("fetchUser", 1), to: "loadUser", in: index).get()
        #expect(ranges.count == 4)
        #expect(
            try SymbolRename.ranges(renaming: occurrence("changes"), to: "close", in: index)
                == .failure(.init(message: "'close' already names an event of this machine")))
    }

    @Test func hoverShowsTheDeclarationWhereItRunsAndItsTransitions() throws {
        let text = SymbolHover.markdown(for: try occurrence("fetchUser", 2), in: index, source: source)
        #expect(text.contains("invoke fetchUser(user: String)"))
        #expect(text.contains("Runs while `loading` is active."))
        #expect(text.contains("error fetchUser [isOffline] -> offline"))
    }
}
