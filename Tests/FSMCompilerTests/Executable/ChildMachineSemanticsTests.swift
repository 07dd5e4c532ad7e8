import FSMCompiler
import Testing

/// Child machines in the interpreter (DESIGN, "Invocations, child machines, deferred
/// events"): a child starts at the end of the macrostep that entered its state, its outputs
/// and its completion are external events of its parent, in the order they happened, and a
/// cancelled child exits its states (their exit actions run) and is heard no more.
@Suite(.offThePool) struct ChildMachineSemanticsTests {
    typealias Run = MachineInterpreterTests.Run

    /// DESIGN's `SignIn`.
    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form { on submit -> finished / emit signedIn(user: name) }
            final state finished
        }
        """

    /// DESIGN's `App`, with a way out of `onboarding` that the child does not give.
    static let app = """
        machine App {
            event logOut
            event skip
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
                on skip -> home(user: "nobody")
            }
            state home(user: String) { on logOut -> onboarding }
        }
        """

    func appRun(_ app: String = Self.app) throws -> Run {
        let signIn = try Lowered(Self.signIn)
        return Run(try Lowered(parent: app, children: [Self.signIn]), machines: [signIn])
    }

    @Test func aChildStartsAtTheEndOfTheMacrostepThatEnteredItsState() throws {
        var run = try appRun()
        #expect(run.start() == ["enter onboarding", "start signIn#0", "signIn#0: enter form"])
        let child = try #require(run.interpreter.runningInvocations.first)
        #expect(run.interpreter.child(child)?.configuration.count == 1)
    }

    /// The output leaves `onboarding`, which cancels the child: its completion, queued
    /// behind the output, is dropped.
    @Test func anOutputThatLeavesTheStateMeansTheCompletionIsNeverDelivered() throws {
        var run = try appRun()
        _ = run.start()
        let child = try #require(run.interpreter.runningInvocations.first)
        #expect(try run.sendToChild("submit", child, of: Lowered(Self.signIn)) == [
            "signIn#0: exit form", "signIn#0: take form: on submit -> finished", "signIn#0: enter finished",
            "exit onboarding", "cancel signIn#0", "take onboarding: on signIn.signedIn -> home", "enter home",
            "drop done signIn#0",
        ])
        #expect(run.configuration == ["home"])
        #expect(run.interpreter.runningInvocations.isEmpty)
        #expect(run.interpreter.child(child) == nil)
    }

    /// Without a transition on the output, it is ignored and the completion takes `done`.
    @Test func theCompletionFollowsTheOutputsItEmitted() throws {
        var run = try appRun(Self.app.replacingOccurrences(of: "on signIn.signedIn -> home(user: user)", with: ""))
        _ = run.start()
        let child = try #require(run.interpreter.runningInvocations.first)
        #expect(try run.sendToChild("submit", child, of: Lowered(Self.signIn)) == [
            "signIn#0: exit form", "signIn#0: take form: on submit -> finished", "signIn#0: enter finished",
            "ignore on signIn#0.signedIn",
            "exit onboarding", "take onboarding: done signIn -> home", "enter home",
        ])
    }

    @Test func aCancelledChildExitsItsStatesAndIsHeardNoMore() throws {
        var run = try appRun()
        _ = run.start()
        let child = try #require(run.interpreter.runningInvocations.first)
        #expect(run.send("skip") == [
            "exit onboarding", "cancel signIn#0", "signIn#0: exit form", "take onboarding: on skip -> home", "enter home",
        ])
        // The dropped child takes nothing any more, and nothing of it reaches the parent.
        #expect(try run.sendToChild("submit", child, of: Lowered(Self.signIn)) == [])
        #expect(run.configuration == ["home"])
        // Coming back starts a new child, with a new run.
        #expect(run.send("logOut") == [
            "exit home", "take home: on logOut -> onboarding", "enter onboarding", "start signIn#1", "signIn#1: enter form",
        ])
    }

    static let talker = """
        machine Talker {
            event talk
            output first
            output second(count: Int)
            initial state talking {
                entry / emit first
                on talk / emit first, emit second(count: 2)
                after 1s -> over
            }
            final state over { entry / emit second(count: 3) }
        }
        """

    static let listener = """
        machine Listener {
            initial state listening {
                invoke Talker as talker
                on talker.first / heardFirst
                on talker.second [isLast] -> ended
                on talker.second / heardSecond
                done talker -> ended
            }
            final state ended
        }
        """

    /// Outputs arrive in the order emitted, after the step that emitted them; what a child
    /// emits as it starts arrives after the parent's step that started it.
    @Test func outputsArriveInTheOrderEmittedAfterTheStepThatStartedTheChild() throws {
        let talker = try Lowered(Self.talker)
        var run = Run(try Lowered(parent: Self.listener, children: [Self.talker]), machines: [talker])
        #expect(run.start() == [
            "enter listening", "start talker#0", "talker#0: enter talking", "take listening: on talker.first",
        ])
        let child = try #require(run.interpreter.runningInvocations.first)
        #expect(run.sendToChild("talk", child, of: talker) == [
            "talker#0: take talking: on talk", "take listening: on talker.first", "take listening: on talker.second",
        ])
    }

    /// A child's timers run on its parent's clock.
    @Test func aChildsTimerFiresWhenTheParentsTimeComes() throws {
        let talker = try Lowered(Self.talker)
        var run = Run(try Lowered(parent: Self.listener, children: [Self.talker]), machines: [talker])
        _ = run.start()
        #expect(run.advance(to: 1, ["isLast"]) == [
            "talker#0: exit talking", "talker#0: take talking: after 1s -> over", "talker#0: enter over",
            "exit listening", "cancel talker#0", "take listening: on talker.second [guarded] -> ended", "enter ended",
            "drop done talker#0",
        ])
        #expect(run.interpreter.isFinished)
    }

    /// A child's clock is its parent's, also while none of its timers runs.
    @Test func aChildsTimeMovesWithItsParents() throws {
        let waiterSpec = """
            machine Waiter {
                event go
                initial state idle { on go -> waiting }
                state waiting { after 1s -> idle }
            }
            """
        let parent = """
            machine Parent {
                initial state running { invoke Waiter as waiter }
            }
            """
        let waiter = try Lowered(invoking: waiterSpec)
        var run = Run(try Lowered(parent: parent, children: [waiterSpec]), machines: [waiter])
        _ = run.start()
        #expect(run.advance(to: 5) == [])
        let child = try #require(run.interpreter.runningInvocations.first)
        _ = run.sendToChild("go", child, of: waiter)
        #expect(run.interpreter.child(child)?.runningTimers.map(\.deadline) == [6_000_000_000])
        #expect(run.advance(to: 6) == [
            "waiter#0: exit waiting", "waiter#0: take waiting: after 1s -> idle", "waiter#0: enter idle",
        ])
    }

    /// A child's own invocations are driven through its parent, by the path of runs.
    @Test func aChildsOwnInvocationIsDeliveredThroughItsParent() throws {
        let checker = """
            machine Checker {
                output checked(ok: Bool)
                initial state checking {
                    invoke verify(ok: Bool)
                    done verify -> over / emit checked(ok: ok)
                    error verify -> over
                }
                final state over
            }
            """
        let parent = """
            machine Parent {
                initial state running {
                    invoke Checker as checker
                    on checker.checked [isOK] -> accepted
                    done checker -> rejected
                }
                state accepted
                state rejected
            }
            """
        let child = try Lowered(checker)
        var run = Run(try Lowered(parent: parent, children: [checker]), machines: [child])
        #expect(run.start() == [
            "enter running", "start checker#0", "checker#0: enter checking", "checker#0: start verify#0",
        ])
        let checkerRun = try #require(run.interpreter.runningInvocations.first)
        let verifyRun = try #require(run.interpreter.child(checkerRun)?.runningInvocations.first)
        _ = run.interpreter.deliver(.done, from: verifyRun, toChild: [checkerRun], answers: [])
        #expect(run.newTrace() == [
            "checker#0: exit checking", "checker#0: take checking: done verify -> over", "checker#0: enter over",
            "ignore on checker#0.checked", "exit running", "take running: done checker -> rejected", "enter rejected",
        ])
    }

    /// A child that finishes as it starts is heard after the step that started it.
    @Test func aChildThatFinishesAtOnceIsHeardAfterTheStepThatStartedIt() throws {
        let instant = "machine Instant {\n    initial final state over\n}"
        let parent = """
            machine Parent {
                event go
                initial state idle { on go -> waiting }
                state waiting {
                    invoke Instant as instant
                    done instant -> idle
                }
            }
            """
        var run = Run(try Lowered(parent: parent, children: [instant]), machines: [try Lowered(invoking: instant)])
        _ = run.start()
        #expect(run.send("go") == [
            "exit idle", "take idle: on go -> waiting", "enter waiting", "start instant#0", "instant#0: enter over",
            "exit waiting", "take waiting: done instant -> idle", "enter idle",
        ])
    }

    /// A parent that restarts a child that finishes at once never rests: the run is marked
    /// as diverged instead of looping for ever.
    @Test func aChildRestartedWithoutEndDiverges() throws {
        let instant = "machine Instant {\n    initial final state over\n}"
        let parent = """
            machine Parent {
                initial state waiting {
                    invoke Instant as instant
                    done instant reenter -> waiting
                }
            }
            """
        var run = Run(try Lowered(parent: parent, children: [instant]), machines: [try Lowered(invoking: instant)])
        _ = run.start()
        #expect(run.interpreter.diverged)
    }

    static let outer = """
        machine Outer {
            event stop
            initial state running {
                invoke Middle as middle
                on middle.relayed -> relayed
                on stop -> stopped
            }
            state relayed
            state stopped
        }
        """

    static let middle = """
        machine Middle {
            output relayed
            initial state working {
                invoke Inner as inner
                on inner.ping / emit relayed
            }
        }
        """

    static let inner = """
        machine Inner {
            event poke
            output ping
            initial state waiting { on poke / emit ping }
        }
        """

    func nestedRun() throws -> (Run, inner: Lowered) {
        let middle = try Lowered(parent: Self.middle, children: [Self.outer, Self.inner])
        // `waiting` has no way out, a warning.
        let inner = try Lowered(invoking: Self.inner)
        let outer = try Lowered(parent: Self.outer, children: [Self.middle, Self.inner])
        return (Run(outer, machines: [middle, inner]), inner)
    }

    @Test func aGrandchildsOutputIsRelayedThroughItsParent() throws {
        var (run, _) = try nestedRun()
        #expect(run.start() == [
            "enter running", "start middle#0", "middle#0: enter working", "middle#0: start inner#0",
            "middle#0: inner#0: enter waiting",
        ])
        let middle = try #require(run.interpreter.runningInvocations.first)
        let inner = try #require(run.interpreter.child(middle)?.runningInvocations.first)
        _ = run.interpreter.send(EventID(0), toChild: [middle, inner], answers: [])
        #expect(run.newTrace() == [
            "middle#0: inner#0: take waiting: on poke", "middle#0: take working: on inner.ping",
            "exit running", "cancel middle#0", "middle#0: exit working", "middle#0: cancel inner#0",
            "middle#0: inner#0: exit waiting", "take running: on middle.relayed -> relayed", "enter relayed",
        ])
    }

    @Test func aGrandchildIsCancelledWithItsParent() throws {
        var (run, _) = try nestedRun()
        _ = run.start()
        #expect(run.send("stop") == [
            "exit running", "cancel middle#0", "middle#0: exit working", "middle#0: cancel inner#0",
            "middle#0: inner#0: exit waiting", "take running: on stop -> stopped", "enter stopped",
        ])
        #expect(run.interpreter.runningInvocations.isEmpty)
    }

    /// A child's result comes from the child; the parent's own results from outside.
    @Test func theChildsRunsAreToldApartFromOtherInvocations() throws {
        var run = try appRun()
        _ = run.start()
        #expect(run.interpreter.machine.model.invocations[0].child?.name == "SignIn")
        #expect(run.interpreter.situation.running == [InvocationID(0)])
    }
}

extension MachineInterpreterTests.Run {
    /// Sends the child machine `run` runs (a machine like `child`) its event `event`.
    mutating func sendToChild(_ event: String, _ run: MachineInterpreter.InvocationRun, of child: Lowered) -> [String] {
        guard let index = child.model.events.firstIndex(where: { $0.name == event }) else {
            Issue.record("no event '\(event)'")
            return []
        }
        _ = interpreter.send(EventID(index), toChild: run, answers: [])
        return newTrace()
    }
}

extension Lowered {
    init(_ executable: ExecutableMachine) {
        self.executable = executable
    }

    /// Lowers a spec that invokes child machines, with the child machines' preview on and
    /// `children` (spec texts) as the other machines of its target.
    init(parent text: String, children: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let compilation = Compiler.compile(
            SourceText(text), machines: MachineCatalog(specs: children.map(SourceText.init)))
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(MarkedSource.lines(of: errors) == [], sourceLocation: sourceLocation)
        executable = try #require(compilation.executable, sourceLocation: sourceLocation)
    }
}
