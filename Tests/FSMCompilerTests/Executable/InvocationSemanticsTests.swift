import FSMCompiler
import Testing

/// Invocations in the executable model and its interpreter (DESIGN, "Invocations, child
/// machines, deferred events"): when they start and are cancelled, what their results do, and
/// the guarantees: nothing from an invocation whose state was exited is delivered, at most one
/// `done` or `error`, after every element, nothing outliving its state or the machine.
@Suite(.offThePool) struct InvocationSemanticsTests {
    typealias Run = MachineInterpreterTests.Run

    /// DESIGN's `Profile`, without `defer` (DeferralSemanticsTests has it).
    static let profile = """
        machine Profile {
            event open(id: Int)
            event retry
            event close

            initial state idle { on open -> loading(id: id) }

            state loading(id: Int) {
                invoke fetchUser(user: String)
                done fetchUser -> showing(user: user)
                error fetchUser [isOffline] -> offline
                error fetchUser -> failed / report
                after 10s -> failed
                on close -> idle
            }
            state showing(user: String) {
                invoke stream changes(change: Int)
                on changes / apply
                done changes -> idle
                error changes -> offline
            }
            state offline { on retry -> idle }
            state failed { on retry -> idle }
        }
        """

    @Test func theProfileChecksCleanAndAnUnhandledErrorIsAWarning() throws {
        let profile = Compiler.compile(SourceText(Self.profile))
        #expect(MarkedSource.lines(of: profile.diagnostics) == [])
        let withoutErrors = Self.profile.replacingOccurrences(of: "        error changes -> offline\n", with: "")
        let unhandled = Compiler.compile(SourceText(withoutErrors))
        #expect(
            MarkedSource.lines(of: unhandled.diagnostics) == [
                "17:9: warning: 'changes' can throw, and no transition takes 'error changes': its errors would be ignored"
            ])
    }

    /// An invocation and a guard, an action or a value function of one name would be two
    /// requirements of `Actions` with one name.
    @Test func anInvocationCannotShareItsNameWithAFunctionOfActions() {
        let compilation = Compiler.compile(
            SourceText("""
                machine Clash {
                    event go
                    initial state a {
                        invoke check
                        done check [check] -> b
                        error check / report
                    }
                    final state b
                }
                """))
        #expect(
            MarkedSource.lines(of: compilation.diagnostics) == [
                "4:9: error: 'check' names an invocation and a guard; both are requirements of the generated 'Actions', so rename one"
            ])
    }

    @Test func anInvocationStartsAfterItsStateIsEnteredAndReturnsAsAnEvent() throws {
        var run = Run(try Lowered(invoking: Self.profile))
        #expect(run.start() == ["enter idle"])
        #expect(run.send("open") == ["exit idle", "take idle: on open -> loading", "enter loading", "start fetchUser#0"])
        #expect(run.running == ["fetchUser#0"])
        #expect(
            run.deliver(.done, from: "fetchUser") == [
                "exit loading", "take loading: done fetchUser -> showing", "enter showing", "start changes#1",
            ])
        #expect(run.running == ["changes#1"])
    }

    @Test func errorsTakeTheFirstTransitionWhoseGuardHolds() throws {
        var offline = Run(try Lowered(invoking: Self.profile))
        _ = offline.start()
        _ = offline.send("open")
        #expect(offline.deliver(.error, from: "fetchUser", ["isOffline"]).contains("enter offline"))
        var failed = Run(try Lowered(invoking: Self.profile))
        _ = failed.start()
        _ = failed.send("open")
        #expect(failed.deliver(.error, from: "fetchUser").contains("take loading: error fetchUser -> failed"))
        #expect(failed.configuration == ["failed"])
    }

    /// Leaving the state cancels the work after its exit actions; what the cancelled run
    /// delivers later is dropped, also when the state is active again with a new run.
    @Test func aLateResultIsNeverDelivered() throws {
        var run = Run(try Lowered(invoking: Self.profile))
        _ = run.start()
        _ = run.send("open")
        #expect(run.send("close") == ["exit loading", "cancel fetchUser#0", "take loading: on close -> idle", "enter idle"])
        #expect(run.running == [])
        #expect(run.deliver(.done, from: "fetchUser", number: 0) == ["drop done fetchUser#0"])
        _ = run.send("open")
        #expect(run.running == ["fetchUser#1"])
        #expect(run.deliver(.done, from: "fetchUser", number: 0) == ["drop done fetchUser#0"])
        #expect(run.configuration == ["loading"])
        #expect(run.deliver(.done, from: "fetchUser", number: 1).contains("enter showing"))
    }

    @Test func aTimeoutRacingTheCallCancelsIt() throws {
        var run = Run(try Lowered(invoking: Self.profile))
        _ = run.start()
        _ = run.send("open")
        #expect(run.advance(to: 10) == ["exit loading", "cancel fetchUser#0", "take loading: after 10s -> failed", "enter failed"])
        #expect(run.deliver(.error, from: "fetchUser") == ["drop error fetchUser#0"])
    }

    /// A stream's elements arrive in order while it runs; its end (or error) ends it, and
    /// nothing after that is delivered: at most one `done` or `error`, after every element.
    @Test func aStreamsElementsThenItsEnd() throws {
        var run = Run(try Lowered(invoking: Self.profile))
        _ = run.start()
        _ = run.send("open")
        _ = run.deliver(.done, from: "fetchUser")
        #expect(run.deliver(.element, from: "changes") == ["take showing: on changes"])
        #expect(run.deliver(.element, from: "changes") == ["take showing: on changes"])
        #expect(run.running == ["changes#1"])
        #expect(run.deliver(.done, from: "changes") == ["exit showing", "take showing: done changes -> idle", "enter idle"])
        #expect(run.deliver(.element, from: "changes") == ["drop on changes#1"])
        #expect(run.deliver(.done, from: "changes") == ["drop done changes#1"])
    }

    /// A call whose result no transition takes ends all the same; its state stays.
    @Test func aResultNoTransitionTakesIsIgnoredAndTheRunEnds() throws {
        var run = Run(
            try Lowered(
                invoking: """
                    machine Ping {
                        event stop
                        initial state waiting {
                            invoke ping
                            on stop -> stopped
                        }
                        final state stopped
                    }
                    """))
        #expect(run.start() == ["enter waiting", "start ping#0"])
        #expect(run.deliver(.done, from: "ping") == ["ignore done ping#0"])
        #expect(run.running == [])
        #expect(run.send("stop") == ["exit waiting", "take waiting: on stop -> stopped", "enter stopped"])
    }

    static let passing = """
        machine Passing {
            event go
            event back
            initial state idle { on go -> first }
            state first {
                invoke quick
                always [skip] -> second
            }
            state second {
                invoke slow
                invoke other
                entry / prepare
                on back -> first
            }
        }
        """

    /// A state left in the macrostep that entered it starts nothing (XState #3679).
    @Test func aStatePassedThroughStartsNothing() throws {
        var run = Run(try Lowered(invoking: Self.passing))
        _ = run.start()
        #expect(
            run.send("go", ["skip"]) == [
                "exit idle", "take idle: on go -> first", "enter first", "exit first", "take first: always [guarded] -> second",
                "enter second", "start slow#0", "start other#1",
            ])
        #expect(run.running == ["slow#0", "other#1"])
        #expect(run.send("back") == [
            "exit second", "cancel slow#0", "cancel other#1", "take second: on back -> first", "enter first", "start quick#2",
        ])
    }

    /// Several states entered in one macrostep start their invocations in entry order, each
    /// state's in document order, after every entry action.
    @Test func invocationsStartInEntryOrderThenDocumentOrder() throws {
        var run = Run(
            try Lowered(
                invoking: """
                    machine Nest {
                        event stop
                        initial state outer {
                            invoke a
                            on stop -> end
                            initial parallel state both {
                                invoke b
                                state left { initial state l { invoke c } }
                                state right { initial state r { invoke d; invoke e } }
                            }
                        }
                        final state end
                    }
                    """))
        #expect(
            run.start() == [
                "enter outer", "enter both", "enter left", "enter l", "enter right", "enter r",
                "start a#0", "start b#1", "start c#2", "start d#3", "start e#4",
            ])
    }

    /// An internal transition keeps the invocation; one that leaves and re-enters the state
    /// restarts it.
    @Test func anInternalTransitionKeepsItAndReenteringRestartsIt() throws {
        var run = Run(
            try Lowered(
                invoking: """
                    machine Keep {
                        event poke
                        event again
                        event quit
                        initial state busy {
                            invoke work
                            on poke / note
                            on again reenter -> inner
                            on quit -> done
                            initial state inner
                        }
                        final state done
                    }
                    """))
        _ = run.start()
        #expect(run.send("poke") == ["take busy: on poke"])
        #expect(run.running == ["work#0"])
        #expect(
            run.send("again") == [
                "exit inner", "exit busy", "cancel work#0", "take busy: on again reenter -> inner", "enter busy", "enter inner",
                "start work#1",
            ])
        #expect(run.deliver(.done, from: "work", number: 0) == ["drop done work#0"])
    }

    /// `done`, `error` and `on` for an invocation bubble as events do: a state inside the
    /// invoking one takes it first, then the invoking state, then the states around it.
    @Test func resultsBubbleToTheStatesAroundTheLeaf() throws {
        var run = Run(
            try Lowered(
                invoking: """
                    machine Bubbling {
                        initial state app {
                            error load -> broken
                            initial state screen {
                                invoke load(text: String)
                                initial state blank { done load [isEmpty] -> empty }
                                state empty
                                done load / show
                            }
                        }
                        final state broken
                    }
                    """))
        _ = run.start()
        #expect(run.deliver(.done, from: "load", ["isEmpty"]) == ["exit blank", "take blank: done load [guarded] -> empty", "enter empty"])
        #expect(run.deliver(.error, from: "load") == ["drop error load#0"])
        var other = Run(run.machine)
        _ = other.start()
        #expect(other.deliver(.done, from: "load") == ["take screen: done load"])
        var failing = Run(run.machine)
        _ = failing.start()
        #expect(failing.deliver(.error, from: "load").contains("take app: error load -> broken"))
    }

    /// Nothing outlives the machine's top-level final state.
    @Test func theFinalStateCancelsEverythingStillRunning() throws {
        var run = Run(
            try Lowered(
                invoking: """
                    machine Ending {
                        event quit
                        initial parallel state work {
                            state a { initial state a1 { invoke upload } }
                            state b { initial state b1 { invoke stream feed(item: Int); on quit -> end } }
                        }
                        final state end
                    }
                    """))
        _ = run.start()
        #expect(run.running == ["upload#0", "feed#1"])
        #expect(
            run.send("quit") == [
                "exit b1", "cancel feed#1", "exit b", "exit a1", "cancel upload#0", "exit a", "exit work",
                "take b1: on quit -> end", "enter end",
            ])
        #expect(run.running == [])
        #expect(run.deliver(.element, from: "feed") == ["drop on feed#1"])
    }
}
