@testable import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc paths`: the planner, its three output formats, and the committed path tests.
@Suite("Test path planning", .offThePool)
struct PathPlannerTests {
    private func plan(_ spec: String, samples: SampleValues = SampleValues()) throws -> TestPlan {
        let compilation = Compiler.compile(SourceText(spec))
        let model = try #require(compilation.model, "\(compilation.diagnostics)")
        return PathPlanner.plan(model, samples: samples)
    }

    private func plan(machine name: String) throws -> TestPlan {
        try plan(ExampleMachines.text(of: name))
    }

    private func plan(_ file: URL) throws -> TestPlan {
        try plan(String(decoding: try Data(contentsOf: file), as: UTF8.self))
    }

    @Test(arguments: ["Player.fsm", "CallTracker.fsm", "Checkout.fsm", "AppFlow.fsm"])
    func pathsTakeEveryTransitionOfTheExampleMachines(_ name: String) throws {
        let plan = try plan(machine: name)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let taken = Set(plan.coveragePaths.flatMap { $0.startTransitions + $0.steps.flatMap(\.takenTransitions) })
        #expect(taken == Set(plan.model.allTransitions.indices))
    }

    @Test func shortestPathsReachEachStateInTheFewestSteps() throws {
        let plan = try plan(machine: "CallTracker.fsm")
        let lengths = plan.reachPaths.map { path -> (String, Int) in
            guard case .reach(let state) = path.purpose else { return ("", 0) }
            return (plan.model[state].name, path.steps.count)
        }
        #expect(lengths.map(\.0) == ["start", "systemAlert", "waiting", "callStarting", "callInProgress", "callEnded"])
        #expect(lengths.map(\.1) == [1, 2, 3, 4, 5, 6])
    }

    @Test func guardAnswersPickTheTransitionAndEveryEarlierGuardFails() throws {
        let plan = try plan("""
            machine Door {
                event open
                initial state closed {
                    on open [locked] -> jammed
                    on open [!locked && oiled] -> opened
                    on open [else] -> closed
                }
                state opened { on open -> closed }
                state jammed { on open -> closed }
            }
            """)
        let steps = plan.coveragePaths.flatMap(\.steps)
        let toOpened = try #require(steps.first { plan.model[$0.atomicStatesAfter[0]].name == "opened" })
        #expect(toOpened.holdingGuards == ["oiled"])
        let toJammed = try #require(steps.first { plan.model[$0.atomicStatesAfter[0]].name == "jammed" })
        #expect(toJammed.holdingGuards == ["locked"])
        #expect(plan.uncoveredTransitions.isEmpty)
    }

    @Test func timersAreDrivenByAdvancingTheClockToTheirDeadline() throws {
        let plan = try plan("""
            machine Kettle {
                event on_
                initial state off { on on_ -> heating }
                state heating {
                    after 250ms [boiling] -> boiled
                    after 2s -> off
                }
                state boiled { on on_ -> off }
            }
            """)
        let advances = plan.coveragePaths.flatMap(\.steps).compactMap { step -> Int64? in
            if case .advance(let nanoseconds) = step.stimulus { return nanoseconds }
            return nil
        }
        #expect(advances.contains(250_000_000))
        #expect(advances.contains(2_000_000_000))
        #expect(plan.uncoveredTransitions.isEmpty)
    }

    @Test func statesLeftByEventlessTransitionsAreReachedInPassing() throws {
        let plan = try plan(machine: "Checkout.fsm")
        let passing = plan.reachPaths.filter { path in
            guard case .reach(let state) = path.purpose else { return false }
            return path.steps.last?.atomicStatesAfter != [state]
        }
        #expect(passing.compactMap { path -> String? in
            guard case .reach(let state) = path.purpose else { return nil }
            return plan.model[state].name
        } == ["afterLogIn", "paymentSuccess", "pushSuccess"])
    }

    @Test func unreachableStatesAndUnsampledEventsAreReported() throws {
        let plan = try plan("""
            machine M {
                event go
                event load(Money)
                initial state a { on go -> b; on load -> c }
                state b { on go -> a }
                state c { on go -> a }
                state island { on go -> a }
            }
            """)
        #expect(plan.unreachableStates.map { plan.model[$0].name } == ["c", "island"])
        #expect(plan.unsampledEvents.map { plan.model[$0].name } == ["load"])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "M.fsm")
        #expect(text.contains("Not reached: state c (for lack of a sample of `Money`), state island (no transition enters it, whatever the guards)\n"))
        #expect(text.contains("Never sent (no sample value for the payload): load (`Money`)"))
    }

    // MARK: - Samples

    static let shop = """
        machine Shop {
            event open(url: URL)
            event pay(Money, note: String?)
            event refund(amounts: [Money], by: Ledger)
            event audit(Ledger)
            event close
            initial state idle { on open -> browsing }
            state browsing { on pay [isValid] -> paid / charge; on close -> idle }
            state paid { on refund -> idle; on close -> idle }
            state vault { on close -> idle }
        }
        """

    @Test func coverageShortForLackOfASampleNamesTheTypes() throws {
        let plan = try plan(Self.shop)
        let model = plan.model
        #expect(plan.isShortOfSamples)
        #expect(plan.unsampledEvents.map { model[$0].name } == ["pay", "refund", "audit"])
        #expect(plan.missingSamples.map(\.type) == ["Money", "Ledger"])
        let money = plan.missingSamples[0]
        #expect(money.events.map { model[$0].name } == ["pay"])
        #expect(money.uncoveredTransitions.map { PathDescription.transition(model.allTransitions[$0], in: model) }
            == ["browsing --pay [isValid]--> paid", "paid --refund--> idle", "paid --close--> idle"])
        #expect(money.unreachableStates.map { model[$0].name } == ["paid"])
        // `[Money]` is no obstacle (`[]`); the refund needs a `Ledger` as well as the way to `paid`.
        let ledger = plan.missingSamples[1]
        #expect(ledger.events.map { model[$0].name } == ["refund", "audit"])
        #expect(ledger.uncoveredTransitions.map { PathDescription.transition(model.allTransitions[$0], in: model) } == ["paid --refund--> idle"])
        #expect(ledger.unreachableStates.isEmpty)
        // vault is unreachable whatever the samples: its transition is missed for no lack of one.
        let vaultClose = try #require(model.allTransitions.indices.first { model.allTransitions[$0].source.map { model[$0].name } == "vault" })
        #expect(plan.uncoveredTransitions.contains(vaultClose))
        #expect(plan.missingSampleTypes(forTransition: vaultClose).isEmpty)

        let text = PathsTextEmitter.emit(plan, sourceFileName: "Shop.fsm")
        #expect(text.contains("""
            Not reached: state paid (for lack of a sample of `Money`), state vault (no transition enters it, whatever the guards)
            Not covered:
              line 8: browsing --pay [isValid]--> paid (for lack of a sample of `Money`)
              line 9: paid --refund--> idle (for lack of samples of `Money` and `Ledger`)
              line 9: paid --close--> idle (for lack of a sample of `Money`)
              line 10: vault --close--> idle (its state vault is never reached)
            Never sent (no sample value for the payload): pay (`Money`), refund (`Ledger`), audit (`Ledger`)

            """))
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "Shop.fsm")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let missing = try #require(object["missingSamples"] as? [[String: Any]])
        #expect(missing.map { $0["type"] as? String } == ["Money", "Ledger"])
        #expect(missing[0]["events"] as? [String] == ["pay"])
        #expect(missing[0]["uncoveredTransitions"] as? [Int] == money.uncoveredTransitions)
        #expect(missing[0]["unreachableStates"] as? [String] == ["paid"])
        #expect(missing[1]["events"] as? [String] == ["refund", "audit"])

        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Shop.fsm", module: nil)
        #expect(tests.contains("/// 3 are not covered for lack of samples of `Money` and `Ledger`: give them with `fsmc paths --sample`.\n"))
        #expect(!tests.contains("send(.pay"))
    }

    @Test func userSamplesCoverWhatTheLackOfThemCost() throws {
        let samples = SampleValues([.init(type: "Money", expression: "Money(cents: 100)"), .init(type: "Ledger", expression: ".shared")])
        let plan = try plan(Self.shop, samples: samples)
        #expect(!plan.isShortOfSamples)
        #expect(plan.missingSamples.isEmpty)
        #expect(plan.unsampledEvents.isEmpty)
        #expect(plan.unreachableStates.map { plan.model[$0].name } == ["vault"])
        #expect(plan.uncoveredTransitions.count == 1)
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Shop.fsm")
        #expect(text.contains("pay(Money(cents: 100), note: \"\") [holding: isValid] -> paid"))
        #expect(text.contains("refund(amounts: [Money(cents: 100)], by: .shared) -> idle"))
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Shop.fsm", module: "ShopKit")
        #expect(tests.hasPrefix("""
            // Generated by fsmc \(fsmcVersion) from Shop.fsm: model-based test paths. Do not edit:
            // regenerate with `fsmc paths Shop.fsm --format swift-testing --module ShopKit --sample 'Money=Money(cents: 100)' --sample 'Ledger=.shared'`.

            import FSMRuntime
            import Foundation
            @testable import ShopKit
            import Testing

            """))
        #expect(tests.contains("machine.send(.refund(amounts: [Money(cents: 100)], by: .shared))"))
        #expect(!tests.contains("not covered for lack"))
    }

    static let till = """
        machine Till {
            event ring(Int)
            event close
            event open
            output receipt(String)
            initial state idle { on ring -> totalled(amount: total) }
            state totalled(amount: Money) {
                entry / show
                on close -> closed
                after grace -> closed
            }
            state closed { on open -> idle / emit receipt(summary) }
        }
        """

    @Test func noStepCallsAValueFunctionWithoutASampleOfItsResult() throws {
        let plan = try plan(Self.till)
        let model = plan.model
        #expect(plan.isShortOfSamples)
        #expect(plan.coveragePaths.isEmpty)
        #expect(plan.missingSamples == [
            TestPlan.MissingSample(
                type: "Money", events: [], valueFunctions: ["total"], uncoveredTransitions: [0, 1, 2, 3],
                unreachableStates: [model.states[1].id, model.states[2].id]),
        ])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Till.fsm")
        #expect(text.contains("  line 6: idle --ring--> totalled (for lack of a sample of `Money`)\n"))
        #expect(text.hasSuffix("Never called (no sample value for the result): total (`Money`)\n"))
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "Till.fsm")
        #expect(json.contains("""
                  "type": "Money",
                  "events": [],
                  "valueFunctions": [
                    "total"
                  ],
            """))
        // The double still implements the function, for the file to compile.
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Till.fsm", module: nil)
        #expect(tests.contains("    func total(_ payload: Int) -> Money { fatalError(\"no sample of Money: no path calls total\") }\n"))
        #expect(tests.contains("    func summary() -> String { \"\" }\n"))
        // The delay function returns the delay the planner assumes, whatever the samples.
        #expect(tests.contains("    func grace(amount: Money) -> Duration { .seconds(1) }\n"))
    }

    @Test func aSampleOfAValueFunctionsResultLetsPathsCallIt() throws {
        let samples = SampleValues([.init(type: "Money", expression: "Money(cents: 5)"), .init(type: "Duration", expression: ".seconds(9)")])
        let plan = try plan(Self.till, samples: samples)
        #expect(!plan.isShortOfSamples)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Till.fsm", module: nil)
        #expect(tests.contains("    func total(_ payload: Int) -> Money { Money(cents: 5) }\n"))
        #expect(tests.contains("    func grace(amount: Money) -> Duration { .seconds(1) }\n"))
        #expect(tests.contains("clock.advance(by: .seconds(1))"))
        #expect(tests.contains("#expect(Till.activeLeaf(of: machine.state) == .totalled)"))
        #expect(tests.contains("var entered: [Till.StateID] = []"))
    }

    @Test func aMissingSampleThatCostsNothingIsNoShortfall() throws {
        let plan = try plan("""
            machine M {
                event go
                event unused(Money)
                initial state a { on go -> b }
                state b { on go -> a }
            }
            """)
        #expect(plan.missingSamples.map(\.type) == ["Money"])
        #expect(plan.missingSamples[0].uncoveredTransitions.isEmpty)
        #expect(!plan.isShortOfSamples)
        #expect(plan.uncoveredTransitions.isEmpty)
    }

    @Test func theTestFileImportsTheSpecsModulesAndFoundationWhenAPayloadNeedsIt() throws {
        func imports(_ spec: String, module: String? = "Kit") throws -> [String] {
            let tests = PathsSwiftTestingEmitter.emit(try plan(spec), sourceFileName: "S.fsm", module: module)
            return tests.split(separator: "\n").filter { $0.contains("import ") }.map(String.init)
        }
        #expect(try imports("""
            import CoreLocation
            import Dispatch
            public machine S {
                event moved(CLLocation?)
                initial state a { on moved -> a }
            }
            """) == ["import CoreLocation", "import Dispatch", "import FSMRuntime", "import Kit", "import Testing"])
        // A payload of a Foundation type, in a guard's parameters or in a sample.
        #expect(try imports("""
            machine S {
                event open(Result<[URL], any Error>)
                initial state a { on open [isSafe] -> a }
            }
            """, module: nil) == ["import FSMRuntime", "import Foundation", "import Testing"])
        #expect(try imports("""
            machine S {
                event size(CGFloat)
                initial state a { on size -> a }
            }
            """) == ["import FSMRuntime", "import Foundation", "@testable import Kit", "import Testing"])
        // Foundation imported by the spec is imported once.
        #expect(try imports("""
            import Foundation
            machine S {
                event at(Date)
                initial state a { on at -> a }
            }
            """, module: nil) == ["import FSMRuntime", "import Foundation", "import Testing"])
        #expect(try imports("""
            machine S {
                event at(Int)
                initial state a { on at -> a }
            }
            """, module: nil) == ["import FSMRuntime", "import Testing"])
    }

    @Test func textOutputForThePlayer() throws {
        let text = PathsTextEmitter.emit(try plan(machine: "Player.fsm"), sourceFileName: "Player.fsm")
        #expect(text.hasPrefix("""
            Test paths for Player (Player.fsm)

            Shortest path to each state:
              stopped: initial state
              playing: play
              paused: play, pause

            Transition coverage: 1 path takes 11 of 11 transitions
            """))
        #expect(text.contains("seek(to: 0.0) [holding: isSeekable] -> playing"))
        #expect(text.hasSuffix("Not reached: none\nNot covered: none\n"))
    }

    @Test func jsonOutputIsDeterministicAndComplete() throws {
        let plan = try plan(machine: "CallTracker.fsm")
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "CallTracker.fsm")
        #expect(json == PathsJSONEmitter.emit(try self.plan(machine: "CallTracker.fsm"), sourceFileName: "CallTracker.fsm"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["machine"] as? String == "CallTracker")
        #expect((object["transitions"] as? [Any])?.count == 9)
        #expect((object["uncoveredTransitions"] as? [Any])?.isEmpty == true)
        let paths = try #require(object["paths"] as? [[String: Any]])
        #expect(paths.contains { ($0["steps"] as? [[String: Any]])?.contains { $0["advanceNanoseconds"] as? Int == 1_000_000_000 } == true })
    }

    // MARK: - Nested states

    private func transition(_ description: String, in plan: TestPlan) throws -> Int {
        let model = plan.model
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "spec.fsm")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let transitions = try #require(object["transitions"] as? [[String: Any]])
        let index = try #require(transitions.firstIndex { $0["description"] as? String == description }, "no transition '\(description)' in \(model.name)")
        return index
    }

    private func name(_ state: StateID, in plan: TestPlan) -> String { plan.model[state].name }

    @Test func aChildIsReachedThroughItsParentsInitialChain() throws {
        let plan = try plan("""
            machine Mall {
                event enter
                event leave
                initial state street { on enter -> shop }
                state shop {
                    on leave -> street
                    initial state hall {
                        initial state entrance {}
                    }
                }
            }
            """)
        let reached = plan.reachPaths.map { path -> (String, [String]) in
            guard case .reach(let state) = path.purpose else { return ("", []) }
            return (name(state, in: plan), path.steps.map { name($0.atomicStatesAfter[0], in: plan) })
        }
        #expect(reached.map(\.0) == ["shop", "hall", "entrance"])
        #expect(reached.map(\.1) == [["entrance"], ["entrance"], ["entrance"]])
        #expect(plan.unreachableStates.isEmpty)
        #expect(plan.uncoveredTransitions.isEmpty)
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Mall.fsm", module: nil)
        #expect(tests.contains("machine.send(.enter)\n        #expect(machine.state == .shop(.hall(.entrance)))\n        #expect(entered.contains(.hall))\n"))
        #expect(tests.contains("var entered: [Mall.StateID] = []"))
    }

    @Test func aParentsTransitionBubblesFromEveryChildThatDoesNotTakeTheEvent() throws {
        let plan = try plan("""
            machine Form {
                event next
                event cancel
                initial state editing {
                    on cancel -> closed / discard
                    initial state contact { on next -> address }
                    state address { on cancel [hasDraft] / keepDraft }
                }
                final state closed
            }
            """)
        let parentsCancel = try transition("editing --cancel--> closed", in: plan)
        let childsCancel = try transition("address --cancel [hasDraft]--> (internal)", in: plan)
        #expect(plan.uncoveredTransitions.isEmpty)
        let steps = plan.coveragePaths.flatMap(\.steps)
        // From address the parent's cancel is taken only when the child's guard fails.
        let overridden = try #require(steps.first { $0.takenTransitions == [childsCancel] })
        #expect(overridden.holdingGuards == ["hasDraft"])
        #expect(name(overridden.atomicStatesAfter[0], in: plan) == "address")
        let bubbled = try #require(steps.first { $0.takenTransitions == [parentsCancel] })
        #expect(bubbled.holdingGuards == [])
        #expect(name(bubbled.atomicStatesAfter[0], in: plan) == "closed")
    }

    @Test func historyRestoresADeepConfiguration() throws {
        let plan = try plan("""
            machine Reader {
                event next
                event nap
                event wake
                initial state app {
                    history deep
                    initial state book {
                        initial state first { on next -> second }
                        state second { on nap -> asleep }
                    }
                }
                state asleep { on wake -> app.history }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let wake = try transition("asleep --wake--> app.history", in: plan)
        let path = try #require(plan.coveragePaths.first { $0.steps.contains { $0.takenTransitions.contains(wake) } })
        let step = try #require(path.steps.first { $0.takenTransitions.contains(wake) })
        // Only `second` leads to `asleep`, so the history restores book.second, not book.first.
        #expect(name(step.atomicStatesAfter[0], in: plan) == "second")
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Reader.fsm", module: nil)
        #expect(tests.contains("machine.send(.wake)\n        #expect(machine.state == .app(.book(.second)))\n"))
    }

    /// The planner visits each situation once: the active state and what the histories
    /// remember, so that `asleep` with the app left in `a` and `asleep` with it left in `b`
    /// are both explored. A shallow history remembers the child, all it restores.
    @Test func aSituationHoldsWhatTheHistoriesRestore() throws {
        let compilation = Compiler.compile(SourceText("""
            machine Chores {
                event nap
                event wake
                event next
                initial state app {
                    history
                    initial state a { on nap -> asleep; on next -> b }
                    state b {
                        initial state b1 { on next -> b2 }
                        state b2 { on nap -> asleep }
                    }
                }
                state asleep { on wake -> app.history }
            }
            """))
        let machine = try #require(compilation.executable)
        let model = machine.model
        func state(_ name: String) -> StateID { model.states.first { $0.name == name }!.id }
        func run(_ events: [String]) -> MachineInterpreter {
            var interpreter = MachineInterpreter(machine: machine)
            _ = interpreter.start(answers: [])
            for event in events {
                _ = interpreter.send(EventID(model.events.firstIndex { $0.name == event }!), answers: [])
            }
            return interpreter
        }
        let fromA = run(["nap"])
        let fromB = run(["next", "next", "nap"])
        #expect(fromA.leaf == state("asleep"))
        #expect(fromA.leaf == fromB.leaf)
        #expect(fromA.situation != fromB.situation)
        #expect(fromA.situation.remembered == [[state("a")]])
        // Left in b2, but a shallow history restores b, which starts at b1.
        #expect(fromB.situation.remembered == [[state("b")]])
        let wake = TransitionID(4)
        #expect(fromB.leaf(afterTaking: wake) == state("b1"))
        #expect(fromA.leaf(afterTaking: wake) == state("a"))
    }

    @Test func doneTransitionsAreCoveredWithTheGuardsThatPickThem() throws {
        let plan = try plan(ExampleMachines.packageRoot.appendingPathComponent("Tests/ReferenceTests/Specs/Completion.fsm"))
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let firstRun = try transition("tour --done [isFirstRun]--> thanks", in: plan)
        let otherwise = try transition("tour --done--> thanks", in: plan)
        let welcomeDone = try transition("welcome --done--> home", in: plan)
        let steps = plan.coveragePaths.flatMap(\.steps)
        let picked = try #require(steps.first { $0.takenTransitions.contains(firstRun) })
        #expect(picked.holdingGuards == ["isFirstRun"])
        // The step ends in `home`: lastPage completes tour, thanks moves on to the final
        // `ended` at once, which completes welcome.
        #expect(name(picked.atomicStatesAfter[0], in: plan) == "home")
        #expect(picked.takenTransitions.last == welcomeDone)
        let plain = try #require(steps.first { $0.takenTransitions.contains(otherwise) })
        #expect(plain.holdingGuards == [])
    }

    @Test func aTimerOnAParentRunsOnWhileItsChildrenChange() throws {
        let plan = try plan("""
            machine Oven {
                event start
                initial state off { on start -> baking }
                state baking {
                    after 5s [in(crisping)] -> off
                    initial state warming { after 2s -> crisping }
                    state crisping {}
                }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let parentTimer = try transition("baking --after 5s [in(crisping)]--> off", in: plan)
        let path = try #require(plan.coveragePaths.first { $0.steps.contains { $0.takenTransitions.contains(parentTimer) } })
        let index = try #require(path.steps.firstIndex { $0.takenTransitions.contains(parentTimer) })
        // Started when baking was entered, not again with crisping: 2s, then the 3s left.
        #expect(path.steps[index - 1].stimulus == .advance(nanoseconds: 2_000_000_000))
        #expect(path.steps[index].stimulus == .advance(nanoseconds: 3_000_000_000))
    }

    @Test func inGuardsAreFixedByTheConfigurationNotScripted() throws {
        let plan = try plan("""
            machine Lamp {
                event dim
                event press
                initial state on {
                    on press [in(bright) && isLocked] -> off
                    on press [in(bright)] -> off
                    on press [else] -> off / beep
                    initial state bright { on dim -> dimmed }
                    state dimmed {}
                }
                state off { on press -> on }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let steps = plan.coveragePaths.flatMap(\.steps)
        let locked = try transition("on --press [in(bright) && isLocked]--> off", in: plan)
        let bright = try transition("on --press [in(bright)]--> off", in: plan)
        let otherwise = try transition("on --press [else]--> off", in: plan)
        // The guards hold or fail by where the machine is; only `isLocked` is scripted.
        #expect(steps.first { $0.takenTransitions == [locked] }?.holdingGuards == ["isLocked"])
        #expect(steps.first { $0.takenTransitions == [bright] }?.holdingGuards == [])
        #expect(steps.allSatisfy { !$0.holdingGuards.contains { $0.hasPrefix("in(") } })
        let before = try #require(plan.coveragePaths.flatMap { path in
            zip([path.startAtomicStates[0]] + path.steps.map { $0.atomicStatesAfter[0] }, path.steps).filter { $0.1.takenTransitions == [otherwise] }.map(\.0)
        }.first)
        #expect(name(before, in: plan) == "dimmed")
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Lamp.fsm", module: nil)
        #expect(!tests.contains("func in"))
    }

    /// The path tests of `Tests/PathTests` are what `fsmc paths --format swift-testing`
    /// generates today; the PathTests target runs them.
    @Test(arguments: ["Player", "CallTracker", "Checkout", "AppFlow", "Stopwatch", "Lotto", "Navigator"])
    func committedPathTestsAreUpToDate(_ name: String) throws {
        let generated = PathsSwiftTestingEmitter.emit(
            try plan(machine: "\(name).fsm"), sourceFileName: "\(name).fsm", module: "Machines", specPath: "machines/\(name).fsm")
        let committedURL = ExampleMachines.packageRoot.appendingPathComponent("Tests/PathTests/\(name)Paths.swift")
        let committed = try String(contentsOf: committedURL, encoding: .utf8)
        #expect(generated == committed, """
            Tests/PathTests/\(name)Paths.swift is out of date; regenerate it with
            swift run fsmc paths machines/\(name).fsm --format swift-testing --module Machines --output Tests/PathTests/\(name)Paths.swift
            """)
    }
}

/// The generated path tests of RxFlow-style flows (`machines/Flows`): `ReaderFlow` runs
/// `OnboardingFlow` and `EditorFlow` as child machines, which its paths drive.
@Suite("Committed path tests of the reader flow", .offThePool)
struct ReaderFlowPathTestsTests {
    @Test func committedPathTestsOfReaderFlowAreUpToDate() throws {
        let root = ExampleMachines.packageRoot
        let siblings = ["machines/Flows/OnboardingFlow.fsm", "machines/Flows/EditorFlow.fsm"]
        func text(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        let specs = try siblings.map { SourceText(try text($0)) }
        var children: [String: ExecutableMachine] = [:]
        for (index, spec) in specs.enumerated() {
            let others = specs.indices.filter { $0 != index }.map { specs[$0] }
            let compilation = Compiler.compile(spec, machines: MachineCatalog(specs: others))
            let child = try #require(compilation.executable, "\(compilation.diagnostics)")
            children[child.model.name] = child
        }
        let compilation = Compiler.compile(SourceText(try text("machines/Flows/ReaderFlow.fsm")), machines: MachineCatalog(specs: specs))
        let machine = try #require(compilation.executable, "\(compilation.diagnostics)")
        let plan = PathPlanner.plan(machine, children: children)
        // Every transition of ReaderFlow, those on its children's outputs and completions included.
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let generated = PathsSwiftTestingEmitter.emit(
            plan, sourceFileName: "ReaderFlow.fsm", module: "Machines", specPath: "machines/Flows/ReaderFlow.fsm", siblingPaths: siblings)
        let committed = try text("Tests/PathTests/ReaderFlowPaths.swift")
        #expect(generated == committed, """
            Tests/PathTests/ReaderFlowPaths.swift is out of date; regenerate it with
            swift run fsmc paths machines/Flows/ReaderFlow.fsm --sibling machines/Flows/OnboardingFlow.fsm \\
                --sibling machines/Flows/EditorFlow.fsm --format swift-testing --module Machines --output Tests/PathTests/ReaderFlowPaths.swift
            """)
    }
}

/// The generated path tests of a spec with payloads of Foundation and standard library
/// types and of a type of the tests' own, in `Tests/MachinesTests/Paths`: the MachinesTests
/// target builds the spec with the plugin and runs them.
@Suite("Committed path tests of the payload spec", .offThePool)
struct PayloadPathTestsTests {
    /// The samples the committed file was generated with.
    static let samples = SampleValues([.init(type: "Money", expression: "Money(cents: 100)")])

    @Test func committedPathTestsOfUploaderAreUpToDate() throws {
        let root = ExampleMachines.packageRoot
        let spec = try String(contentsOf: root.appendingPathComponent("Tests/MachinesTests/Specs/Uploader.fsm"), encoding: .utf8)
        let compilation = Compiler.compile(SourceText(spec))
        let machine = try #require(compilation.executable, "\(compilation.diagnostics)")
        let plan = PathPlanner.plan(machine, samples: Self.samples)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let generated = PathsSwiftTestingEmitter.emit(
            plan, sourceFileName: "Uploader.fsm", module: nil, specPath: "Tests/MachinesTests/Specs/Uploader.fsm")
        let committed = try String(contentsOf: root.appendingPathComponent("Tests/MachinesTests/Paths/UploaderPaths.swift"), encoding: .utf8)
        #expect(generated == committed, """
            Tests/MachinesTests/Paths/UploaderPaths.swift is out of date; regenerate it with
            swift run fsmc paths Tests/MachinesTests/Specs/Uploader.fsm --format swift-testing --sample 'Money=Money(cents: 100)' \\
                --output Tests/MachinesTests/Paths/UploaderPaths.swift
            """)
        // Every payload is sent, and every event's sample names no type fsmc lacks.
        #expect(plan.unsampledEvents.isEmpty)
        #expect(Set(plan.coveragePaths.flatMap(\.steps).compactMap { step -> EventID? in
            if case .send(let event) = step.stimulus { event } else { nil }
        }).count == plan.model.events.count)
    }
}

/// Golden text and JSON paths for the example machines and the construct specs, in
/// `PathGoldens/`; `FSMC_RECORD_PATHS=1` re-records them.
@Suite("Test paths match their golden files", .offThePool)
struct PathGoldenTests {
    static let folder = FixtureFolders.pathGoldens

    @Test(arguments: DiagramGoldens.specs, ["txt", "json"])
    func pathsMatchTheirGoldenFile(_ spec: String, _ format: String) throws {
        let model = try DiagramGoldens.model(of: spec)
        let plan = PathPlanner.plan(model)
        let name = URL(fileURLWithPath: spec).lastPathComponent
        let output = format == "json"
            ? PathsJSONEmitter.emit(plan, sourceFileName: name)
            : PathsTextEmitter.emit(plan, sourceFileName: name)
        let golden = Self.folder.appendingPathComponent(URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent + ".paths.\(format)")
        GoldenFile.expect(output, matches: golden, recordingVariable: "FSMC_RECORD_PATHS")
    }

    /// The specs with nested states; their Swift Testing paths are compared as text (the
    /// flat machines' run in the PathTests target).
    static let nestedSpecs = DiagramGoldens.specs.filter { spec in
        (try? DiagramGoldens.model(of: spec).isFlat) == false
    }

    @Test(arguments: nestedSpecs)
    func swiftTestingPathsOfNestedSpecsMatchTheirGoldenFile(_ spec: String) throws {
        #expect(Self.nestedSpecs.count >= 3)
        let plan = PathPlanner.plan(try DiagramGoldens.model(of: spec))
        let name = URL(fileURLWithPath: spec).lastPathComponent
        let output = PathsSwiftTestingEmitter.emit(plan, sourceFileName: name, module: "Specs")
        let golden = Self.folder.appendingPathComponent(URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent + ".paths.swift")
        GoldenFile.expect(output, matches: golden, recordingVariable: "FSMC_RECORD_PATHS")
    }
}

/// `fsmc paths` over parallel configurations: situations hold every active region's atomic
/// state, a step's guard answers make the wanted transition selected (its atomic state's
/// earlier candidates fail, no conflicting transition of another region wins), the other
/// regions take what they select in the same step, and every output names the whole
/// configuration. Planned through ``Lowered/init(lowering:)`` while `Compiler.compile` still
/// refuses parallel states.
@Suite("Test paths over parallel configurations", .offThePool)
struct ParallelPathPlannerTests {
    private func plan(_ spec: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> TestPlan {
        PathPlanner.plan(try Lowered(lowering: spec, sourceLocation: sourceLocation).executable)
    }

    private func state(_ name: String, in plan: TestPlan) -> StateID {
        plan.model.states.first { $0.name == name }!.id
    }

    private func names(_ states: [StateID], in plan: TestPlan) -> [String] {
        states.map { plan.model[$0].name }
    }

    /// The index of the transition `PathDescription` writes as `description`.
    private func transition(_ description: String, in plan: TestPlan, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let model = plan.model
        return try #require(
            model.allTransitions.indices.first { PathDescription.transition(model.allTransitions[$0], in: model) == description },
            "no transition '\(description)' in \(model.name)", sourceLocation: sourceLocation)
    }

    private func steps(taking index: Int, in plan: TestPlan) -> [TestStep] {
        plan.coveragePaths.flatMap(\.steps).filter { $0.takenTransitions.contains(index) }
    }

    @Test func everyStateOfEveryRegionIsReachedAndEveryTransitionTaken() throws {
        let plan = try plan(ParallelSemanticsTests.editor)
        #expect(plan.unreachableStates.isEmpty)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.searchBound == nil)
        // The regions are entered together: editor, both regions and their initial states.
        let reached = Dictionary(uniqueKeysWithValues: plan.reachPaths.compactMap { path -> (String, [String])? in
            guard case .reach(let state) = path.purpose else { return nil }
            return (plan.model[state].name, path.steps.map { PathDescription.stimulus($0.stimulus, in: plan) })
        })
        for name in ["editor", "bold", "boldOff", "italic", "italicOff"] { #expect(reached[name] == ["open"], "\(name)") }
        #expect(reached["boldOn"] == ["open", "toggleBold"])
        // `both` takes each region's transition in one step, so italicOn is as close as boldOn.
        #expect(reached["italicOn"] == ["open", "both"])
        let reachItalicOn = try #require(plan.reachPaths.first { $0.purpose == .reach(state("italicOn", in: plan)) })
        #expect(names(reachItalicOn.steps.last!.atomicStatesAfter, in: plan) == ["boldOn", "italicOn"])
    }

    @Test func aTransitionIsTakenTogetherWithAnotherRegions() throws {
        let plan = try plan(ParallelSemanticsTests.editor)
        let boldBoth = try transition("boldOff --both--> boldOn", in: plan)
        let italicBoth = try transition("italicOff --both--> italicOn", in: plan)
        let step = try #require(steps(taking: boldBoth, in: plan).first)
        #expect(step.takenTransitions == [boldBoth, italicBoth])
        #expect(names(step.atomicStatesAfter, in: plan) == ["boldOn", "italicOn"])
        #expect(names(plan.activeStates(atomic: step.atomicStatesAfter), in: plan) == ["editor", "bold", "boldOn", "italic", "italicOn"])
        #expect(PathDescription.configuration(step.atomicStatesAfter, in: plan.model) == "editor(boldOn, italicOn)")
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Editor.fsm")
        #expect(text.contains(". both -> editor(boldOn, italicOn)\n"))
        #expect(text.contains(". open -> editor(boldOff, italicOff)\n"))
        // Outside the parallel state, the configuration is its atomic state, as in any machine.
        #expect(text.contains(" -> idle\n"))
    }

    @Test func aTransitionAnotherRegionsConflictingOneWinsIsTakenWhenAGuardDisablesThatOne() throws {
        let plan = try plan("""
            machine Race {
                event go
                initial parallel state p {
                    state a {
                        initial state a1 { on go [!busy] -> out }
                    }
                    state b {
                        initial state b1 { on go -> b2 }
                        state b2
                    }
                }
                state out
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let leave = try transition("a1 --go [!busy]--> out", in: plan)
        let local = try transition("b1 --go--> b2", in: plan)
        // a1 comes first in document order and its transition leaves p: with `busy` failing
        // it wins the conflict and b1's is dropped.
        #expect(steps(taking: leave, in: plan).allSatisfy { $0.holdingGuards == [] && $0.takenTransitions == [leave] })
        // b1's is taken only when `busy` holds, which disables a1's.
        let step = try #require(steps(taking: local, in: plan).first)
        #expect(step.holdingGuards == ["busy"])
        #expect(step.takenTransitions == [local])
        #expect(PathDescription.configuration(step.atomicStatesAfter, in: plan.model) == "p(a1, b2)")
    }

    @Test func aParallelStateCompletesOnceEveryRegionIsFinal() throws {
        let plan = try plan("""
            machine Upload {
                event sent
                event checked
                initial parallel state work {
                    state sending {
                        initial state inFlight { on sent -> delivered }
                        final state delivered
                        done / noteSent
                    }
                    state checking {
                        initial state scanning { on checked [isClean] -> clean }
                        final state clean
                        done / noteChecked
                    }
                    done [isLogged] -> finished
                    done -> finished / log
                }
                final state finished
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let logged = try transition("work --done [isLogged]--> finished", in: plan)
        let otherwise = try transition("work --done--> finished", in: plan)
        let checkingDone = try transition("checking --done--> (internal)", in: plan)
        // The follow-up answers pick each of the parallel state's `done` transitions in turn,
        // after the region's own completion.
        let picked = try #require(steps(taking: logged, in: plan).first)
        #expect(picked.holdingGuards == ["isClean", "isLogged"])
        #expect(picked.takenTransitions.suffix(2) == [checkingDone, logged])
        #expect(names(picked.atomicStatesAfter, in: plan) == ["finished"])
        #expect(try #require(steps(taking: otherwise, in: plan).first).holdingGuards == ["isClean"])
    }

    @Test func aDeepHistoryRestoresEveryRegion() throws {
        let plan = try plan("""
            machine Resume {
                event toggle
                event flip
                event sleep
                event wake
                initial state main {
                    history deep
                    initial parallel state panes {
                        state left {
                            initial state l1 { on toggle -> l2 }
                            state l2
                        }
                        state right {
                            initial state r1 { on flip [in(l2)] -> r2 }
                            state r2 { on sleep -> asleep }
                        }
                    }
                }
                state asleep { on wake -> main.history }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let wake = try transition("asleep --wake--> main.history", in: plan)
        let step = try #require(steps(taking: wake, in: plan).first)
        // Only r2 sleeps, and r2 needs l2: the history restores both regions as they were.
        #expect(names(step.atomicStatesAfter, in: plan) == ["l2", "r2"])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Resume.fsm")
        #expect(text.contains("""
              path 1: start in main
                1. toggle -> panes(l2, r1)
                2. flip -> panes(l2, r2)
                3. sleep -> asleep
                4. wake -> panes(l2, r2)

            """))
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Resume.fsm", module: nil)
        #expect(tests.contains("machine.send(.wake)\n        #expect(machine.state == .main(.panes(.init(left: .l2, right: .r2))))\n"))
    }

    @Test func timersOfSeveralRegionsAreAdvancedToOneAtATime() throws {
        let plan = try plan("""
            machine Blink {
                initial parallel state lights {
                    state red {
                        initial state redOn { after 1s -> redOff }
                        state redOff
                    }
                    state green {
                        initial state greenOn { after 2s -> greenOff }
                        state greenOff
                    }
                }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let steps = plan.coveragePaths.flatMap(\.steps)
        #expect(steps.map(\.stimulus) == [.advance(nanoseconds: 1_000_000_000), .advance(nanoseconds: 1_000_000_000)])
        #expect(steps.map { PathDescription.configuration($0.atomicStatesAfter, in: plan.model) }
            == ["lights(redOff, greenOn)", "lights(redOff, greenOff)"])
    }

    @Test func statesWithDataAreCheckedAtomicStateByAtomicState() throws {
        let plan = try plan("""
            machine Viewer {
                event open(id: Int)
                event zoom
                initial state idle { on open -> showing(id: id) }
                parallel state showing(id: Int) {
                    state page {
                        initial state first {}
                    }
                    state scale {
                        initial state fit { on zoom -> large }
                        state large
                    }
                }
            }
            """)
        #expect(plan.uncoveredTransitions.isEmpty)
        let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Viewer.fsm", module: nil)
        #expect(tests.contains("""
                    #expect(machine.isIn(.idle))
                    machine.send(.open(id: 0))
                    #expect(machine.isIn(.first))
                    #expect(machine.isIn(.fit))
                    machine.send(.zoom)
                    #expect(machine.isIn(.first))
                    #expect(machine.isIn(.large))

            """))
    }

    // MARK: - The bound on situations

    /// Dials of eleven states each, one per region (``SampleSpecs/dials(_:)``).
    static func dials(_ names: [String]) -> String {
        SampleSpecs.dials(names)
    }

    /// Three dials searched with a bound of 1,000 situations, fewer than their 1,331
    /// configurations (`fsmc paths` on four dials meets the bound of 10,000 the same way:
    /// `PathsCommandTests`).
    @Test func whatLiesBeyondTheBoundOnSituationsIsReported() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            let machine = try Lowered(lowering: Self.dials(["a", "b", "c"])).executable
            let plan = PathPlanner.plan(machine, bounds: .init(total: 1_000))
            let model = plan.model
            let claim = try transition("dials --claim [in(a10) && in(b10) && in(c10)]--> prize", in: plan)
            let islandClaim = try transition("island --claim--> prize", in: plan)
            #expect(plan.uncoveredTransitions == [claim, islandClaim])
            #expect(names(plan.unreachableStates, in: plan) == ["prize", "island"])
            // Every dial position is reached on the way; the island is unreachable whatever the
            // bound, so it is not reported as beyond it.
            let bound = try #require(plan.searchBound)
            #expect(bound == TestPlan.SearchBound(
                maximumSituations: 1_000, maximumSituationsPerConfiguration: 16, uncoveredTransitions: [claim],
                unreachableStates: [state("prize", in: plan)]))

            let text = PathsTextEmitter.emit(plan, sourceFileName: "Dials.fsm")
            #expect(text.hasSuffix("""
                Not reached: state prize (beyond the search bound), state island (no transition enters it, whatever the guards)
                Not covered:
                  line \(model.allTransitions[claim].range.start.line): dials --claim [in(a10) && in(b10) && in(c10)]--> prize (beyond the search bound)
                  line \(model.allTransitions[islandClaim].range.start.line): island --claim--> prize (its state island is never reached)
                Search bound: each search visits at most 1000 situations (active states with what the histories remember), 16 of each configuration; it stopped short of some, so what is marked beyond the search bound may be reachable past it.

                """))
            let json = PathsJSONEmitter.emit(plan, sourceFileName: "Dials.fsm")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let searchBound = try #require(object["searchBound"] as? [String: Any])
            #expect(searchBound["maximumSituations"] as? Int == 1_000)
            #expect(searchBound["maximumSituationsPerConfiguration"] as? Int == 16)
            #expect(searchBound["uncoveredTransitions"] as? [Int] == [claim])
            #expect(searchBound["unreachableStates"] as? [String] == ["prize"])
            let tests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Dials.fsm", module: nil)
            #expect(tests.contains("/// 1 is not covered within the search bound of 1000 situations.\n"))
            // Without a bound met, none of it.
            let unbounded = try self.plan(Self.dials(["a", "b"]))
            #expect(unbounded.searchBound == nil)
            #expect(!PathsTextEmitter.emit(unbounded, sourceFileName: "Dials.fsm").contains("bound"))
            #expect(!PathsJSONEmitter.emit(unbounded, sourceFileName: "Dials.fsm").contains("searchBound"))
        }
    }

    @Test func aBoundOnSituationsPerConfigurationLimitsTheHistoriesExplored() throws {
        // asleep remembers one of 20 children: 20 situations of one configuration.
        let children = (1...20).map { "        \($0 == 1 ? "initial " : "")state c\($0) { on next -> c\($0 % 20 + 1) }" }
        let machine = try Lowered(lowering: """
            machine Shelf {
                event next
                event nap
                event wake
                initial state app {
                    history
            \(children.joined(separator: "\n"))
                    on nap -> asleep
                }
                state asleep { on wake -> app.history }
            }
            """).executable
        var interpreter = MachineInterpreter(machine: machine)
        _ = interpreter.start(answers: [])
        var search = VisitedSituations(interpreter.situation, bounds: .init(total: 100, perConfiguration: 2))
        let (next, nap, wake) = (EventID(0), EventID(1), EventID(2))
        var inserted: [Bool] = []
        for _ in 0..<3 {
            _ = interpreter.send(nap, answers: [])
            inserted.append(search.insert(interpreter.situation))
            _ = interpreter.send(wake, answers: [])
            _ = interpreter.send(next, answers: [])
        }
        // The third remembered child of asleep is one situation too many.
        #expect(inserted == [true, true, false])
        #expect(search.wasCut)
        // The planner still takes every transition: the configurations it needs are reached
        // without those histories.
        let plan = PathPlanner.plan(machine)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.searchBound == nil)
    }

    @Test func theBoundOnSituationsIsNoObstacleWithinIt() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            // Three dials: 1,331 configurations, every one visited.
            let plan = try plan(Self.dials(["a", "b", "c"]))
            let claim = try transition("dials --claim [in(a10) && in(b10) && in(c10)]--> prize", in: plan)
            #expect(!plan.uncoveredTransitions.contains(claim))
            #expect(plan.searchBound == nil)
        }
    }
}
