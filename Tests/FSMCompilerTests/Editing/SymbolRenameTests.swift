import FSMCompiler
import Testing

/// Renaming: every occurrence in the machine, and refusals of names that would not work.
@Suite(.offThePool) struct SymbolRenameTests {
    let spec = EditingFixtures.navigator
    let index = EditingFixtures.index

    private func rename(at marker: String, to name: String) throws -> Result<[SourceRange], SymbolRename.Refusal> {
        let symbol = try #require(index.occurrence(at: spec.location(marker).offset))
        return SymbolRename.ranges(renaming: symbol, to: name, in: index)
    }

    @Test func aStateIsRenamedAtItsDeclarationTargetsInGuardsAndHistories() throws {
        let ranges = try rename(at: "3️⃣", to: "signIn").get()
        #expect(ranges.map(\.start.line) == [9, 13, 14])
        let main = try rename(at: "0️⃣", to: "home").get()
        #expect(main.map { spec.source.text($0) } == ["main", "main", "main"])
    }

    @Test func renamingTheSourceBackToItselfIsAllowed() throws {
        #expect(try rename(at: "6️⃣", to: "rememberUser").get().count == 2)
    }

    @Test func anInvalidNameIsRefused() throws {
        #expect(try rename(at: "3️⃣", to: "2fast") == .failure(.init(message: "'2fast' is not a name: use letters, digits and '_', not starting with a digit")))
        #expect(try rename(at: "3️⃣", to: "log in") == .failure(.init(message: "'log in' is not a name: use letters, digits and '_', not starting with a digit")))
        #expect(try rename(at: "3️⃣", to: "") == .failure(.init(message: "'' is not a name: use letters, digits and '_', not starting with a digit")))
        #expect(try rename(at: "3️⃣", to: "state") == .failure(.init(message: "'state' is a keyword of the language")))
        #expect(try rename(at: "1️⃣", to: "default") == .failure(.init(message: "'default' is a Swift keyword, which the generated code cannot use as a name")))
    }

    @Test func aNameTakenInTheSameNamespaceIsRefused() throws {
        #expect(try rename(at: "3️⃣", to: "detail") == .failure(.init(message: "'detail' already names a state of this machine")))
        #expect(try rename(at: "1️⃣", to: "back") == .failure(.init(message: "'back' already names an event of this machine")))
        #expect(try rename(at: "8️⃣", to: "rememberUser") == .failure(.init(message: "'rememberUser' already names an action of this machine")))
        // Another namespace: a state may share a name with an event.
        #expect(try rename(at: "3️⃣", to: "back").get().count == 3)
    }

    @Test func aRenameTheCompilerWouldRejectIsRefusedWithItsMessage() throws {
        let source = SourceText("machine M {\n    event go\n    initial state idle { on go -> busy }\n    state busy { on go -> idle }\n}\n")
        let index = SymbolIndex(Parser.parse(source).syntax)
        let event = try #require(index.occurrences.first { $0.name == "go" })
        let refused = SymbolRename.checkedRanges(renaming: event, to: "name", in: index, source: source)
        guard case .failure(let refusal) = refused else {
            Issue.record("renaming an event to 'name' was accepted")
            return
        }
        #expect(refusal.message == "renaming 'go' to 'name' would make an error: 'name' cannot name an event: the generated enum already has a member 'name'")
        #expect(try SymbolRename.checkedRanges(renaming: event, to: "start", in: index, source: source).get().count == 3)
    }

    @Test func errorsTheSpecAlreadyHadDoNotRefuseARename() throws {
        let source = SourceText("machine M {\n    event go\n    initial state idle { on go -> nowhere }\n}\n")
        let index = SymbolIndex(Parser.parse(source).syntax)
        let event = try #require(index.occurrences.first { $0.name == "go" })
        #expect(try SymbolRename.checkedRanges(renaming: event, to: "start", in: index, source: source).get().count == 2)
    }
}
