import FSMCompiler
import Foundation
import Testing

/// `fsmc paths`: the planner, its three output formats, and the committed path tests.
@Suite("Test path planning")
struct PathPlannerTests {
    private func plan(_ spec: String) throws -> TestPlan {
        let compilation = Compiler.compile(SourceText(spec))
        let model = try #require(compilation.model, "\(compilation.diagnostics)")
        return PathPlanner.plan(model)
    }

    private func plan(machine name: String) throws -> TestPlan {
        try plan(ExampleMachines.text(of: name))
    }

    @Test(arguments: ["Player.fsm", "CallTracker.fsm", "Checkout.fsm"])
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
        let toOpened = try #require(steps.first { plan.model[$0.stateAfter].name == "opened" })
        #expect(toOpened.holdingGuards == ["oiled"])
        let toJammed = try #require(steps.first { plan.model[$0.stateAfter].name == "jammed" })
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
            return path.steps.last?.stateAfter != state
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
                event load(Data)
                initial state a { on go -> b; on load -> c }
                state b { on go -> a }
                state c { on go -> a }
                state island { on go -> a }
            }
            """)
        #expect(plan.unreachableStates.map { plan.model[$0].name } == ["c", "island"])
        #expect(plan.unsampledEvents.map { plan.model[$0].name } == ["load"])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "M.fsm")
        #expect(text.contains("Not reached: state c, state island"))
        #expect(text.contains("Never sent (no sample value for the payload): load"))
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

    /// The path tests of `Tests/PathTests` are what `fsmc paths --format swift-testing`
    /// generates today; the PathTests target runs them.
    @Test(arguments: ["Player", "CallTracker", "Checkout"])
    func committedPathTestsAreUpToDate(_ name: String) throws {
        let generated = PathsSwiftTestingEmitter.emit(try plan(machine: "\(name).fsm"), sourceFileName: "\(name).fsm", module: "Machines")
        let committedURL = ExampleMachines.packageRoot.appendingPathComponent("Tests/PathTests/\(name)Paths.swift")
        let committed = try String(contentsOf: committedURL, encoding: .utf8)
        #expect(generated == committed, """
            Tests/PathTests/\(name)Paths.swift is out of date; regenerate it with
            swift run fsmc paths machines/\(name).fsm --format swift-testing --module Machines --output Tests/PathTests/\(name)Paths.swift
            """)
    }
}

/// Golden text and JSON paths for the example machines and the construct specs, in
/// `PathGoldens/`; `FSMC_RECORD_PATHS=1` re-records them.
@Suite("Test paths match their golden files")
struct PathGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PathGoldens")

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
}
