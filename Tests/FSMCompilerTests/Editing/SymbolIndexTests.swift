import FSMCompiler
import Testing

/// The symbol index: which name stands where, its definition and its references.
@Suite(.offThePool) struct SymbolIndexTests {
    let spec = EditingFixtures.navigator
    let index = EditingFixtures.index

    private func symbol(at marker: String) throws -> SymbolOccurrence {
        try #require(index.occurrence(at: spec.location(marker).offset))
    }

    @Test func everyKindOfNameIsFound() throws {
        #expect(try symbol(at: "1️⃣").kind == .event)
        #expect(try symbol(at: "2️⃣").kind == .output)
        #expect(try symbol(at: "3️⃣").kind == .state)
        #expect(try symbol(at: "4️⃣") == SymbolOccurrence(
            kind: .event, name: "loggedIn", range: spec.range("4️⃣", "4️⃣").extended(by: 8), isDeclaration: false, machine: 0))
        #expect(try symbol(at: "5️⃣").kind == .state)
        #expect(try symbol(at: "6️⃣").kind == .action)
        #expect(try symbol(at: "7️⃣").kind == .output)
        #expect(try symbol(at: "8️⃣").kind == .guard)
        #expect(try symbol(at: "9️⃣").kind == .state)
        #expect(try symbol(at: "0️⃣").name == "main")
    }

    @Test func aCursorRightAfterANameStillFindsIt() throws {
        let offset = spec.location("6️⃣").offset + "rememberUser".utf8.count
        #expect(index.occurrence(at: offset)?.name == "rememberUser")
        #expect(index.occurrence(at: spec.location("6️⃣").offset - 2) == nil)
    }

    @Test func theDefinitionOfAUseIsItsDeclaration() throws {
        #expect(index.definition(of: try symbol(at: "4️⃣"))?.range.start == spec.location("1️⃣"))
        #expect(index.definition(of: try symbol(at: "7️⃣"))?.range.start == spec.location("2️⃣"))
        #expect(index.definition(of: try symbol(at: "9️⃣"))?.range.start == spec.location("3️⃣"))
        #expect(index.definition(of: try symbol(at: "0️⃣"))?.isDeclaration == true)
    }

    @Test func anActionIsDefinedWhereItIsFirstUsed() throws {
        let detailUse = try #require(index.occurrences.last { $0.name == "rememberUser" })
        #expect(index.definition(of: detailUse)?.range.start == spec.location("6️⃣"))
    }

    @Test func referencesListEveryUseInDocumentOrder() throws {
        let main = try symbol(at: "5️⃣")
        #expect(index.references(to: main).map(\.range.start.line) == [9, 11, 17])
        #expect(index.references(to: main, includingDeclaration: false).map(\.range.start.line) == [9, 17])
        let logOut = index.references(to: try #require(index.occurrences.first { $0.name == "logOut" }))
        #expect(logOut.map(\.range.start.line) == [4, 13, 15])
    }

    @Test func namesAreListedOnceInTheOrderTheyAppear() {
        #expect(index.names(of: .state, inMachine: 0) == ["login", "main", "list", "detail"])
        #expect(index.names(of: .action, inMachine: 0) == ["rememberUser"])
        #expect(index.names(of: .guard, inMachine: 0) == ["canOpen"])
    }

    @Test func namesAreScopedToTheirMachine() throws {
        let source = SourceText("machine A { event go; initial state s { on go -> s } }\nmachine B { event go; initial state s }")
        let index = SymbolIndex(Parser.parse(source).syntax)
        let use = try #require(index.occurrences.first { $0.name == "go" && !$0.isDeclaration })
        #expect(index.references(to: use).map(\.machine) == [0, 0])
        #expect(index.machine(at: source.bytes.count - 2) == 1)
    }

    @Test func aSpecWithErrorsIsIndexedAsFarAsItParses() throws {
        let source = SourceText("machine M {\n  event go\n  initial state a { on go -> b }\n  state b { on ) }\n}")
        let (syntax, diagnostics) = Parser.parse(source)
        #expect(!diagnostics.isEmpty)
        let index = SymbolIndex(syntax)
        #expect(index.names(of: .state, inMachine: 0) == ["a", "b"])
    }
}

extension SourceRange {
    /// The range grown at its end by a number of bytes on the same line.
    func extended(by bytes: Int) -> SourceRange {
        SourceRange(start, SourceLocation(line: end.line, column: end.column + bytes, offset: end.offset + bytes))
    }
}
