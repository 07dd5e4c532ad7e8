import FSMCompiler
import Testing

/// `fsmc paths` on SCXML's control language (``ControlLanguageSpec``): the planner walks the
/// executable machine, so several targets, `reenter`, atomic regions and history defaults end
/// where the real machine ends; the coverage paths take every transition and every history
/// default.
@Suite(.offThePool) struct ControlLanguagePathTests {
    private func plan(_ spec: String) throws -> TestPlan {
        let compilation = Compiler.compile(SourceText(spec))
        let model = try #require(compilation.model, "\(compilation.diagnostics)")
        return PathPlanner.plan(model)
    }

    @Test func theCoveragePathsTakeEveryTransitionAndTheHistoryDefault() throws {
        let plan = try plan(ControlLanguageSpec.text)
        #expect(plan.coverage == (taken: 13, total: 13))
        #expect(plan.unreachableStates.isEmpty)
        #expect(plan.historyDefaultCoverage == (taken: 1, total: 1))
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Document.fsm")
        #expect(text.contains("1. open -> style(boldOn, italicOn, ruler, page1) (takes editing.history's default)\n"))
        #expect(text.contains("History defaults: the paths take 1 of 1\n"))
    }

    @Test func severalTargetsEnterEachTargetAndTheOtherRegionsAtTheirInitialStates() throws {
        let plan = try plan(ControlLanguageSpec.text)
        let model = plan.model
        let reset = try #require(model.allTransitions.firstIndex { $0.otherTargets.map { model[$0].name } == ["page2"] })
        let step = try #require(plan.coveragePaths.flatMap(\.steps).first { $0.takenTransitions.contains(reset) })
        #expect(step.atomicStatesAfter.map { model[$0].name } == ["boldOn", "italicOff", "ruler", "page2"])
    }

    @Test func aReenterInARegionReentersTheWholeParallelState() throws {
        let plan = try plan(ControlLanguageSpec.text)
        let model = plan.model
        let lock = try #require(model.allTransitions.firstIndex { $0.reenters && $0.target.map { model[$0].name } == "page1" })
        let step = try #require(plan.coveragePaths.flatMap(\.steps).first { $0.takenTransitions.contains(lock) })
        // Left and entered again from the parallel state's parent: every region starts over.
        #expect(step.atomicStatesAfter.map { model[$0].name } == ["boldOff", "italicOff", "ruler", "page1"])
    }

    /// Aiming at transitions alone, the paths would enter `viewer.history` only after leaving
    /// `viewer`, when the history restores and its default never runs.
    @Test func aHistoryDefaultIsAGoalOfItsOwn() throws {
        let plan = try plan("""
            machine Tabs {
                event open
                event leave
                event back
                initial state home {
                    on open -> viewer
                    on back -> viewer.history
                }
                state viewer {
                    history -> second / restore
                    on leave -> home
                    initial state first
                    state second
                }
            }
            """)
        #expect(plan.coverage == (taken: 3, total: 3))
        #expect(plan.historyDefaultCoverage == (taken: 1, total: 1))
        #expect(plan.coveragePaths.count == 2)
        let last = try #require(plan.coveragePaths.last?.steps)
        #expect(last.count == 1 && last[0].tookHistoryDefaults.map { plan.model[$0].name } == ["viewer"])
        #expect(last[0].atomicStatesAfter.map { plan.model[$0].name } == ["second"])
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "Tabs.fsm")
        #expect(json.contains("\"uncoveredHistoryDefaults\""))
    }

    @Test func machinesWithoutHistoryDefaultsSayNothingOfThem() throws {
        let plan = try plan("machine M {\n    event go\n    initial state a { on go -> b }\n    final state b\n}\n")
        #expect(plan.historyDefaultCoverage == (taken: 0, total: 0))
        #expect(!PathsTextEmitter.emit(plan, sourceFileName: "M.fsm").contains("History defaults"))
        #expect(!PathsJSONEmitter.emit(plan, sourceFileName: "M.fsm").contains("HistoryDefaults"))
    }
}
