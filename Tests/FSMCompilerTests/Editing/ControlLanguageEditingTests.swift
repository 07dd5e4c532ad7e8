import FSMCompiler
import Testing

/// The editing features on SCXML's control language: go to definition, references, rename
/// and hover reach every target of several (`-> boldOn, italicOn`) and the targets and actions
/// of a history's default (`history deep -> boldOn, italicOn / restoreStyle`).
@Suite(.offThePool) struct ControlLanguageEditingTests {
    let spec = MarkedSource("""
        machine Document {
            event reset
            event open
            initial state closed { on open -> editing.history }
            state editing {
                history deep -> 1️⃣boldOn, 2️⃣italicOn / 3️⃣restoreStyle
                on reset -> boldOff, 4️⃣italicOff / 5️⃣restoreStyle
                initial parallel state style {
                    state bold { initial state boldOff; state 6️⃣boldOn }
                    state italic { initial state 7️⃣italicOff; state italicOn }
                    state ruler
                }
            }
        }
        """)

    private var index: SymbolIndex { SymbolIndex(Parser.parse(spec.source).syntax) }

    private func symbol(at marker: String) throws -> SymbolOccurrence {
        try #require(index.occurrence(at: spec.location(marker).offset))
    }

    @Test func theSpecIsValid() {
        #expect(!Compiler.compile(spec.source).hasErrors)
    }

    @Test func aHistoryDefaultsTargetsAndActionsAreNames() throws {
        #expect(try symbol(at: "1️⃣").kind == .state)
        #expect(try symbol(at: "2️⃣").kind == .state)
        #expect(try symbol(at: "3️⃣").kind == .action)
        #expect(index.definition(of: try symbol(at: "1️⃣"))?.range.start == spec.location("6️⃣"))
    }

    @Test func theSecondOfSeveralTargetsGoesToItsDeclaration() throws {
        #expect(try symbol(at: "4️⃣").kind == .state)
        #expect(index.definition(of: try symbol(at: "4️⃣"))?.range.start == spec.location("7️⃣"))
        // The history default's action and the transition's are one action.
        #expect(index.references(to: try symbol(at: "3️⃣")).map(\.range.start) == [spec.location("3️⃣"), spec.location("5️⃣")])
    }

    @Test func renamingAStateRenamesItAmongSeveralTargetsAndInAHistoryDefault() throws {
        let ranges = try SymbolRename.checkedRanges(renaming: try symbol(at: "6️⃣"), to: "strong", in: index, source: spec.source).get()
        #expect(ranges.map(\.start) == [spec.location("1️⃣"), spec.location("6️⃣")])
        let italicOff = try SymbolRename.checkedRanges(renaming: try symbol(at: "7️⃣"), to: "plain", in: index, source: spec.source).get()
        #expect(italicOff.map(\.start) == [spec.location("4️⃣"), spec.location("7️⃣")])
        // `reenter` is a word of the language only after a trigger: a state may be named so.
        #expect(SymbolRename.problem(with: "reenter") == nil)
        #expect(try SymbolRename.checkedRanges(renaming: try symbol(at: "6️⃣"), to: "reenter", in: index, source: spec.source).get().count == 2)
    }

    @Test func hoverOnAStateShowsItsHistoryDefaultAndSeveralTargets() throws {
        let editing = try #require(index.occurrences.first { $0.name == "editing" && $0.isDeclaration })
        let hover = SymbolHover.markdown(for: editing, in: index, source: spec.source)
        #expect(hover.contains("- `history deep -> boldOn, italicOn / restoreStyle`"))
        #expect(hover.contains("- `on reset -> boldOff, italicOff / restoreStyle`"))
    }

    @Test func reenterAndConstantGuardsAreNoNames() throws {
        let source = SourceText("machine M {\n    event t\n    initial state a { on t [true && !false] reenter -> a }\n}\n")
        let names = SymbolIndex(Parser.parse(source).syntax).occurrences.map(\.name)
        #expect(names == ["t", "a", "t", "a"])
    }
}
