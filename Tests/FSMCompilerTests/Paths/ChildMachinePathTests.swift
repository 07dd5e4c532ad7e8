@testable import FSMCompiler
import Foundation
import Testing

/// Test paths of a machine with child machines (`invoke SignIn as signIn`): the planner steps
/// each running child in the interpreter (its events and timers are moves), so the parent's
/// transitions on the child's outputs and completion are covered as far as the child can
/// produce them, and every path replays in a fresh interpreter to what it claims. Golden
/// files `PathGoldens/ChildMachines.paths.*` for DESIGN's `App` (`FSMC_RECORD_PATHS=1`).
@Suite(.offThePool) struct ChildMachinePathTests {
    /// A child with a guarded event, a timer and two outputs; a parent whose reaction to an
    /// output is guarded.
    static let guardedSignIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            output expired
            initial state form {
                on submit [isValid] -> finished / emit signedIn(user: name)
                after 1s -> locked / emit expired
            }
            state locked
            final state finished
        }
        """

    static let guardedApp = """
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn [isAdmin] -> admin
                on signIn.signedIn -> home
                on signIn.expired -> expired
            }
            state home { on logOut -> onboarding }
            state admin { on logOut -> onboarding }
            state expired { on logOut -> onboarding }
        }
        """

    /// A machine invoked from two states, one of them compound, and a grandchild.
    static let shop = """
        machine Shop {
            event back
            initial state account {
                invoke SignIn as signIn
                initial state home { on back -> retry }
                done signIn -> retry
            }
            state retry {
                invoke SignIn as again
                on again.signedIn -> account
            }
        }
        """

    static let verifyingSignIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state home { on submit -> checking }
            state checking {
                invoke Verify as verify
                on verify.verified -> finished / emit signedIn(user: "x")
            }
            final state finished
        }
        """

    static let verify = """
        machine Verify {
            event code
            output verified
            initial state waiting { on code -> passed / emit verified }
            final state passed
        }
        """

    /// A parent and its target's other machines, compiled with child machines on.
    struct Target {
        let machine: ExecutableMachine
        let children: [String: ExecutableMachine]

        init(_ parent: String, _ siblings: [String]) throws {
            func compile(_ text: String, _ others: [String]) throws -> ExecutableMachine {
                let compilation = Compiler.compile(
                    SourceText(text), machines: MachineCatalog(specs: others.map { SourceText($0) }))
                #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(compilation.diagnostics)")
                return try #require(compilation.executable)
            }
            machine = try compile(parent, siblings)
            var children: [String: ExecutableMachine] = [:]
            for sibling in siblings {
                let child = try compile(sibling, siblings.filter { $0 != sibling })
                children[child.model.name] = child
            }
            self.children = children
        }

        var plan: TestPlan { PathPlanner.plan(machine, children: children) }

        func transition(_ text: String) -> Int {
            machine.model.allTransitions.firstIndex { PathDescription.transition($0, in: machine.model) == text }!
        }
    }

    static func app() throws -> Target {
        try Target(DiagramModels.appSpec, [DiagramModels.signInSpec])
    }

    /// Every path, replayed step by step in a fresh interpreter with the guards it names
    /// holding, takes the transitions and ends in the states it claims.
    static func expectReplays(_ plan: TestPlan, _ target: Target, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!plan.coveragePaths.isEmpty, sourceLocation: sourceLocation)
        for path in plan.reachPaths + plan.coveragePaths {
            let replay = PathReplay(path, of: target.machine, children: target.children)
            let claimed = PathReplay.claimed(by: path)
            #expect(replay.start == claimed.start, "\(path.purpose)", sourceLocation: sourceLocation)
            #expect(replay.steps == claimed.steps, "\(path.purpose)", sourceLocation: sourceLocation)
        }
    }

    @Test func aChildsOutputIsReachedBySendingTheChildItsEvent() throws {
        let target = try Self.app()
        let plan = target.plan
        let text = PathsTextEmitter.emit(plan, sourceFileName: "App.fsm")
        #expect(text.contains(#"  home: to signIn: submit(name: "")"#))
        #expect(plan.unreachableStates.isEmpty)
        // The output leaves `onboarding` before the completion, which is dropped: `done
        // signIn` is never taken, as the interpreter and the generated machine agree.
        #expect(plan.uncoveredTransitions == [target.transition("onboarding --done signIn--> home")])
        Self.expectReplays(plan, target)
    }

    @Test func guardsOfTheChildAndOfTheParentsReactionAreAnsweredTogether() throws {
        let target = try Target(Self.guardedApp, [Self.guardedSignIn])
        let plan = target.plan
        #expect(plan.uncoveredTransitions == [])
        #expect(plan.unreachableStates == [])
        let admin = try #require(plan.reachPaths.first { $0.purpose == .reach(target.machine.model.states.first { $0.name == "admin" }!.id) })
        #expect(admin.steps.map(\.holdingGuards) == [["isAdmin", "isValid"]])
        let expired = try #require(plan.reachPaths.first { $0.purpose == .reach(target.machine.model.states.first { $0.name == "expired" }!.id) })
        // The child's timer runs on the parent's clock: advancing it is the move.
        #expect(expired.steps.map(\.stimulus) == [.advance(nanoseconds: 1_000_000_000)])
        Self.expectReplays(plan, target)
    }

    @Test func aGrandchildIsSentItsEventsThroughItsParent() throws {
        let target = try Target(Self.shop, [Self.verifyingSignIn, Self.verify])
        let plan = target.plan
        #expect(plan.uncoveredTransitions == [])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Shop.fsm")
        #expect(text.contains(#"to signIn.verify: code"#))
        #expect(text.contains(#"to again: submit(name: "")"#))
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "Shop.fsm")
        #expect(json.contains(#""child": ["#))
        #expect(json.contains(#""childMachine": "Verify""#))
        Self.expectReplays(plan, target)
    }

    @Test func aSituationHoldsWhereTheChildIs() throws {
        let target = try Target(Self.shop, [Self.verifyingSignIn, Self.verify])
        var interpreter = MachineInterpreter(machine: target.machine, machines: target.children)
        _ = interpreter.start(answers: [])
        let before = interpreter.situation
        let run = try #require(interpreter.runningInvocations.first)
        _ = interpreter.send(EventID(0), toChild: run, answers: [])
        // Only the child moved (to `checking`, which starts the grandchild).
        #expect(interpreter.atomicStates == before.atomicStates)
        #expect(interpreter.situation != before)
        #expect(interpreter.situation.children.count == 1)
        #expect(interpreter.situation.children[0].children.count == 1)
    }

    /// A child with two events that the same (empty) guard answers send: the parent's
    /// reaction to its output and to its completion (`Resolver` finishes silently on
    /// `keepTheirs`) are both covered.
    static let resolver = """
        machine Resolver {
            event keepMine
            event keepTheirs
            output resolved(keepMine: Bool)
            initial state asking {
                on keepMine -> finished / emit resolved(keepMine: true)
                on keepTheirs -> finished
            }
            final state finished
        }
        """

    static let resolvingParent = """
        machine Parent {
            event go
            initial state idle { on go -> resolving }
            state resolving {
                invoke Resolver as resolver
                on resolver.resolved -> later
                done resolver -> dirty
            }
            state later { on go -> idle }
            state dirty { on go -> idle }
        }
        """

    @Test func eachEventOfAChildIsSentWhateverTheAnswersOfAnother() throws {
        let target = try Target(Self.resolvingParent, [Self.resolver])
        let plan = target.plan
        #expect(plan.uncoveredTransitions == [])
        #expect(plan.unreachableStates == [])
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Parent.fsm")
        #expect(text.contains("  dirty: go, to resolver: keepTheirs\n"))
        #expect(text.contains("Not covered: none"))
        Self.expectReplays(plan, target)
    }

    /// Every miss says why: a child that never finishes or never emits, a child's event without
    /// a sample, a state no transition enters, a transition in a state never reached, the
    /// completion of a child that an earlier output always leaves before.
    @Test func everyMissSaysWhy() throws {
        let child = """
            machine Child {
                event answer(value: Money)
                event stay
                output told
                output never
                initial state asking {
                    on answer -> told / emit told
                    on stay -> asking
                }
                state told
                final state unreachable
            }
            """
        let parent = """
            machine Parent {
                event go
                initial state idle {
                    invoke Child as child
                    on child.told -> heard
                    on child.never -> heard
                    done child -> finished
                }
                state heard { on go -> idle }
                state finished { on go -> idle }
                state island { on go -> idle }
            }
            """
        let target = try Target(parent, [child])
        let plan = target.plan
        let text = PathsTextEmitter.emit(plan, sourceFileName: "Parent.fsm")
        #expect(text.contains("state heard (for lack of a sample of `Money`)"), "\(text)")
        #expect(text.contains("state finished (the paths take no transition that enters it: line 7)"), "\(text)")
        #expect(text.contains("state island (no transition enters it, whatever the guards)"), "\(text)")
        #expect(text.contains("idle --on child.told--> heard (for lack of a sample of `Money`)"), "\(text)")
        #expect(text.contains("idle --on child.never--> heard (Child never emits never)"), "\(text)")
        #expect(text.contains("idle --done child--> finished (Child never reaches a top-level final state)"), "\(text)")
        #expect(text.contains("island --go--> idle (its state island is never reached)"), "\(text)")
        #expect(plan.missingSamples.map(\.childEvents) == [["Child.answer"]])
        // Every miss has its reason.
        for index in plan.uncoveredTransitions { #expect(plan.missDescription(forTransition: index) != nil) }
        let json = PathsJSONEmitter.emit(plan, sourceFileName: "Parent.fsm")
        #expect(json.contains(#""childEvents": ["#) && json.contains(#""Child.answer""#), "\(json)")
        #expect(json.contains(#""reason": "Child never emits never""#), "\(json)")
    }

    @Test(arguments: ["txt", "json"])
    func pathsOfDESIGNsAppMatchTheirGoldenFile(_ format: String) throws {
        let plan = try Self.app().plan
        let output = format == "json"
            ? PathsJSONEmitter.emit(plan, sourceFileName: "App.fsm")
            : PathsTextEmitter.emit(plan, sourceFileName: "App.fsm")
        let golden = FixtureFolders.pathGoldens.appendingPathComponent("ChildMachines.paths.\(format)")
        GoldenFile.expect(output, matches: golden, recordingVariable: "FSMC_RECORD_PATHS")
    }
}
