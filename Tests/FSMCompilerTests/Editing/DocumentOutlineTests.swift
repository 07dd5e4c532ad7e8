import FSMCompiler
import Testing

/// The outline: machines, their signals and the nested state tree.
@Suite(.offThePool) struct DocumentOutlineTests {
    private func lines(_ items: [OutlineItem], depth: Int = 0) -> [String] {
        items.flatMap { item in
            let detail = item.detail.isEmpty ? "" : " " + item.detail
            return [String(repeating: "  ", count: depth) + "\(item.kind.rawValue) \(item.name)\(detail)"]
                + lines(item.children, depth: depth + 1)
        }
    }

    @Test func theStateTreeIsNestedUnderItsMachine() {
        let outline = OutlineItem.outline(of: Parser.parse(EditingFixtures.navigator.source).syntax)
        #expect(lines(outline) == [
            "machine Navigator",
            "  event loggedIn (user: String)",
            "  event logOut",
            "  event open (id: Int)",
            "  event back",
            "  output shown (String)",
            "  state login initial",
            "  state main",
            "    state list initial",
            "    state detail (id: Int)",
        ])
    }

    @Test func rangesCoverTheDeclarationAndSelectTheName() throws {
        let spec = EditingFixtures.navigator
        let outline = OutlineItem.outline(of: Parser.parse(spec.source).syntax)
        let login = try #require(outline.first?.children.first { $0.name == "login" })
        #expect(login.selectionRange.start == spec.location("3️⃣"))
        #expect(spec.source.text(login.range).hasPrefix("initial state login {"))
        #expect(spec.source.text(login.range).hasSuffix("}"))
    }

    @Test func attributesAndAccessLevelAreTheMachinesDetail() {
        let outline = OutlineItem.outline(of: Parser.parse(SourceText("@MainActor public machine M { initial parallel state p }")).syntax)
        #expect(lines(outline) == ["machine M @MainActor public", "  state p initial parallel"])
    }
}
