import FSMCompiler
import Testing

/// Deferred events in the checks, the executable model and its interpreter (DESIGN, "Deferred
/// events"): an event an active state defers and no enabled transition takes is kept; after a
/// step that changes the configuration, the kept events no active state defers any more are
/// handled, oldest first, before any event sent after them.
@Suite(.offThePool) struct DeferralSemanticsTests {
    typealias Run = MachineInterpreterTests.Run

    /// DESIGN's `Profile` with its `defer retry`, without the invocations.
    static let profile = """
        machine Profile {
            event open
            event loaded
            event retry
            event close

            initial state idle {
                on open -> loading
                on retry / count
            }
            state loading {
                defer retry
                on loaded -> showing
                on close -> idle
            }
            state showing {
                defer retry
                on close -> idle
            }
        }
        """

    @Test func aDeferredEventIsKeptAndReleasedOnceNoActiveStateDefersIt() throws {
        var run = Run(try Lowered(Self.profile))
        _ = run.start()
        #expect(run.send("retry") == ["take idle: on retry"])
        _ = run.send("open")
        #expect(run.send("retry") == ["keep retry"])
        #expect(run.interpreter.keptEvents.count == 1)
        // `showing` defers it too: still kept.
        #expect(run.send("loaded") == ["exit loading", "take loading: on loaded -> showing", "enter showing"])
        #expect(run.interpreter.situation.kept.count == 1)
        #expect(
            run.send("close") == [
                "exit showing", "take showing: on close -> idle", "enter idle", "release retry", "take idle: on retry",
            ])
        #expect(run.interpreter.keptEvents.isEmpty)
    }

    @Test func keptEventsAreReleasedOldestFirstAndOneDeferredAgainKeepsItsPlace() throws {
        let spec = """
            machine Order {
                event a
                event b
                event go
                initial state holding {
                    defer a
                    defer b
                    on go -> open
                }
                state open {
                    on a -> holdingB
                    on b / noteB
                }
                state holdingB {
                    defer b
                    on a / noteA
                    on go -> open
                }
            }
            """
        var run = Run(try Lowered(spec))
        _ = run.start()
        #expect(run.send("b") == ["keep b"])
        #expect(run.send("a") == ["keep a"])
        #expect(run.send("b") == ["keep b"])
        // `b` is the oldest and is released first; `a` then leads to `holdingB`, which defers
        // `b` again: the second `b` stays kept.
        #expect(
            run.send("go") == [
                "exit holding", "take holding: on go -> open", "enter open",
                "release b", "take open: on b",
                "release a", "exit open", "take open: on a -> holdingB", "enter holdingB",
            ])
        #expect(run.interpreter.keptEvents.map { run.machine.model[$0].name } == ["b"])
        #expect(run.send("go") == ["exit holdingB", "take holdingB: on go -> open", "enter open", "release b", "take open: on b"])
    }

    @Test func aGuardedTransitionTakesTheEventWhenItsGuardHoldsAndElseItIsKept() throws {
        let spec = """
            machine Guarded {
                event retry
                event done
                initial state busy {
                    defer retry
                    on retry [isUrgent] / interrupt
                    on done -> idle
                }
                state idle {
                    on retry / count
                    on done -> busy
                }
            }
            """
        var run = Run(try Lowered(spec))
        _ = run.start()
        #expect(run.send("retry", ["isUrgent"]) == ["take busy: on retry [guarded]"])
        #expect(run.send("retry") == ["keep retry"])
        #expect(run.send("done") == ["exit busy", "take busy: on done -> idle", "enter idle", "release retry", "take idle: on retry"])
    }

    @Test func anAncestorDefersForItsDescendantsAndAnInnerTransitionStillWins() throws {
        let spec = """
            machine Nested {
                event ping
                event leave
                initial state outer {
                    defer ping
                    initial state inner { on leave -> other }
                    state other { on ping / pong }
                    on leave -> away
                }
                state away {
                    on ping / late
                    on leave -> outer
                }
            }
            """
        var run = Run(try Lowered(spec))
        _ = run.start()
        #expect(run.send("ping") == ["keep ping"])
        // `outer` is still active and defers it: still kept. A new `ping` is taken by `other`,
        // as a transition is tried before an event is kept.
        #expect(run.send("leave") == ["exit inner", "take inner: on leave -> other", "enter other"])
        #expect(run.send("ping") == ["take other: on ping"])
        #expect(run.interpreter.keptEvents.count == 1)
        #expect(
            run.send("leave") == [
                "exit other", "exit outer", "take outer: on leave -> away", "enter away", "release ping", "take away: on ping",
            ])
    }

    @Test func aRaisedEventIsKeptAsASentOneIs() throws {
        let spec = """
            machine Raised {
                event go
                event ping
                event next
                initial state a {
                    on go -> b / raise ping
                }
                state b {
                    defer ping
                    on next -> c
                }
                state c {
                    on ping / pong
                    on go -> a
                }
            }
            """
        var run = Run(try Lowered(spec))
        _ = run.start()
        #expect(run.send("go") == ["exit a", "take a: on go -> b", "enter b", "keep ping"])
        #expect(run.send("next") == ["exit b", "take b: on next -> c", "enter c", "release ping", "take c: on ping"])
    }

    @Test func aMachineThatFinishesReleasesAndIgnoresItsKeptEvents() throws {
        let spec = """
            machine Ending {
                event ping
                event stop
                initial state a {
                    defer ping
                    on stop -> end
                }
                final state end
            }
            """
        // `ping` is never handled (a warning): it is only ever kept.
        var run = Run(try Lowered(invoking: spec))
        _ = run.start()
        #expect(run.send("ping") == ["keep ping"])
        #expect(run.send("stop") == ["exit a", "take a: on stop -> end", "enter end", "release ping", "ignore ping"])
        #expect(run.interpreter.isFinished && run.interpreter.keptEvents.isEmpty)
    }

    @Test func theChecksOfDefer() {
        let compilation = Compiler.compile(
            SourceText("""
                machine Checks {
                    event retry
                    event stop
                    defer retry
                    initial state a {
                        defer retyr
                        defer retry
                        defer retry
                        on retry -> b
                        on stop -> end
                    }
                    state b {
                        defer stop
                        on stop [isReady] -> end
                        on retry -> a
                    }
                    final state end { defer retry }
                }
                """))
        #expect(
            MarkedSource.lines(of: compilation.diagnostics) == [
                "4:5: error: 'defer' belongs in a state: the machine is always active, so the event would be kept forever",
                "6:15: error: unknown event 'retyr'; did you mean 'retry'?",
                "8:9: warning: 'a' defers 'retry' twice; the second 'defer' changes nothing",
                "  7:9: note: first deferred here",
                "17:23: error: final state 'end' cannot defer events: entering it finishes the machine, so nothing would release them",
            ])
        let warned = Compiler.compile(
            SourceText("""
                machine Warned {
                    event retry
                    event stop
                    initial state a {
                        defer retry
                        defer stop
                        on retry -> b
                        on stop [isReady] -> b
                    }
                    state b {
                        on retry -> a
                        on stop -> a
                    }
                }
                """))
        #expect(
            MarkedSource.lines(of: warned.diagnostics) == [
                "5:9: warning: 'a' takes 'retry' with a transition without a guard, so 'defer retry' never keeps it there",
                "  7:9: note: the transition that takes it",
            ])
    }

    @Test func anInvocationCannotBeDeferred() {
        let compilation = Compiler.compile(
            SourceText("""
                machine Streams {
                    event go
                    initial state a {
                        invoke stream ticks
                        defer ticks
                        on ticks / tick
                        done ticks -> b
                        error ticks -> b
                    }
                    state b { on go -> a }
                }
                """))
        #expect(
            MarkedSource.lines(of: compilation.diagnostics) == [
                "5:15: error: 'ticks' is an invocation, not an event; 'defer' keeps events sent to the machine"
            ])
    }
}
