import FSMCompiler
import Testing

/// SCXML's whole control language in the executable model and its interpreter: `reenter`,
/// several targets, history defaults, atomic regions and constant guards, with the exact order
/// of exits and entries SCXML's algorithm gives (and Qt's engine, in the differential cases).
@Suite(.offThePool) struct ControlLanguageSemanticsTests {
    typealias Run = MachineInterpreterTests.Run

    /// The regions of `p` as issue 26 found them: `a`'s transition to its own child, written
    /// for both kinds (internal by default, external with `reenter`).
    static func regions(reenter: Bool) -> String {
        """
        machine Regions {
            event t
            initial parallel state p {
                state a {
                    on t \(reenter ? "reenter " : "")-> a2
                    initial state a1
                    state a2
                }
                state b {
                    initial state b1 { on t -> b2 }
                    state b2
                }
            }
        }
        """
    }

    @Test func aTransitionToAChildOfItsCompoundSourceStaysInIt() throws {
        var run = Run(try Lowered(lowering: Self.regions(reenter: false)))
        _ = run.start()
        #expect(run.send("t") == ["exit b1", "exit a1", "take a: on t -> a2", "take b1: on t -> b2", "enter a2", "enter b2"])
        #expect(run.configuration == ["p", "a", "a2", "b", "b2"])
    }

    /// SCXML's external transition: its domain lies around the parallel state, so it conflicts
    /// with `b1`'s and re-enters every region (SCXML and Qt end in `a2, b1`).
    @Test func reenterLeavesTheParallelStateAndPreemptsTheOtherRegion() throws {
        var run = Run(try Lowered(lowering: Self.regions(reenter: true)))
        _ = run.start()
        #expect(
            run.send("t") == [
                "exit b1", "exit b", "exit a1", "exit a", "exit p", "take a: on t reenter -> a2",
                "enter p", "enter a", "enter a2", "enter b", "enter b1",
            ])
        #expect(run.configuration == ["p", "a", "a2", "b", "b1"])
    }

    @Test func reenterInACompoundStateLeavesAndReentersIt() throws {
        var run = Run(
            try Lowered(lowering: 
                """
                machine Outer {
                    event t
                    initial state s {
                        on t reenter -> s2
                        initial state s1
                        state s2
                    }
                }
                """))
        #expect(run.start() == ["enter s", "enter s1"])
        #expect(run.send("t") == ["exit s1", "exit s", "take s: on t reenter -> s2", "enter s", "enter s2"])
    }

    static let editor = """
        machine Editor {
            event open
            event close
            initial state idle { on open -> boldOn, underlineOn / prepare }
            parallel state editor {
                on close -> idle
                state bold {
                    initial state boldOff
                    state boldOn
                }
                state italic {
                    initial state italicOff
                    state italicOn
                }
                state underline {
                    initial state underlineOff
                    state underlineOn
                }
            }
        }
        """

    @Test func severalTargetsEnterTheirRegionsAndTheOthersByDefault() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        #expect(
            run.send("open") == [
                "exit idle", "take idle: on open -> boldOn, underlineOn", "enter editor", "enter bold", "enter boldOn",
                "enter italic", "enter italicOff", "enter underline", "enter underlineOn",
            ])
    }

    static let defaults = """
        machine Defaults {
            event leave
            event back
            event next
            initial state away { on back -> main.history }
            state main {
                history -> detail / restoreDefault
                entry / arrive
                on leave -> away
                initial state list { on next -> detail }
                state detail { on next -> list }
            }
        }
        """

    @Test func aHistoryDefaultEntersItsTargetsBeforeTheStateWasLeft() throws {
        var run = Run(try Lowered(lowering: Self.defaults))
        _ = run.start()
        #expect(
            run.send("back") == [
                "exit away", "take away: on back -> main.history", "enter main", "take the default of main.history",
                "enter detail",
            ])
        _ = run.send("next")
        _ = run.send("leave")
        // Once `main` was left, the history remembers: no default any more.
        #expect(run.send("back") == ["exit away", "take away: on back -> main.history", "enter main", "enter list"])
    }

    @Test func aDeepHistoryDefaultEntersSeveralRegions() throws {
        var run = Run(
            try Lowered(lowering: 
                """
                machine Deep {
                    event back
                    initial state away { on back -> main.history }
                    state main {
                        history deep -> boldOn, italicOn
                        initial state list
                        parallel state editor {
                            state bold {
                                initial state boldOff
                                state boldOn
                            }
                            state italic {
                                initial state italicOff
                                state italicOn
                            }
                            state other {
                                initial state otherOff
                            }
                        }
                    }
                }
                """))
        _ = run.start()
        #expect(
            run.send("back") == [
                "exit away", "take away: on back -> main.history", "enter main", "take the default of main.history",
                "enter editor", "enter bold", "enter boldOn", "enter italic", "enter italicOn", "enter other", "enter otherOff",
            ])
    }

    /// The history of a parallel state: the regions its default does not name start at their
    /// initial states (SCXML's `addAncestorStatesToEnter` through the parallel state).
    @Test func theDefaultOfAParallelStatesHistoryEntersTheOtherRegionsByDefault() throws {
        var run = Run(
            try Lowered(
                lowering: """
                    machine ParallelHistory {
                        event open
                        initial state idle { on open -> editor.history }
                        parallel state editor {
                            history deep -> italicOn / restore
                            state bold {
                                initial state boldOff
                                state boldOn
                            }
                            state italic {
                                initial state italicOff
                                state italicOn
                            }
                        }
                    }
                    """))
        _ = run.start()
        #expect(
            run.send("open") == [
                "exit idle", "take idle: on open -> editor.history", "enter editor", "take the default of editor.history",
                "enter bold", "enter boldOff", "enter italic", "enter italicOn",
            ])
    }

    /// As SCXML's `defaultHistoryContent`: the default's actions run when the history's state
    /// is entered, so a history target inside the state, which does not enter it, takes the
    /// default's states without its actions.
    @Test func aHistoryTargetInsideItsStateEntersTheDefaultWithoutItsActions() throws {
        var run = Run(
            try Lowered(lowering: 
                """
                machine Inside {
                    event again
                    initial state main {
                        history -> second / act
                        initial state first { on again -> main.history }
                        state second
                    }
                }
                """))
        _ = run.start()
        #expect(run.send("again") == ["exit first", "take first: on again -> main.history", "enter second"])
    }

    @Test func anAtomicRegionIsAlwaysInItself() throws {
        var run = Run(
            try Lowered(lowering: 
                """
                machine Atomic {
                    event t
                    event u
                    initial state idle { on t -> p }
                    parallel state p {
                        state watcher { on u -> b2 }
                        state b {
                            initial state b1
                            state b2
                        }
                    }
                }
                """))
        _ = run.start()
        #expect(run.send("t") == ["exit idle", "take idle: on t -> p", "enter p", "enter watcher", "enter b", "enter b1"])
        // A parallel state is not compound: the domain of a transition between its regions
        // lies around it, so it is left and entered again.
        #expect(
            run.send("u") == [
                "exit b1", "exit b", "exit watcher", "exit p", "take watcher: on u -> b2", "enter p", "enter watcher", "enter b",
                "enter b2",
            ])
        #expect(run.configuration == ["p", "watcher", "b", "b2"])
    }

    @Test func constantGuardsAreReadAsTheConstantsTheyAre() throws {
        let spec = """
            machine Constants {
                event go
                initial state idle {
                    on go [false] -> never
                    on go [!false && ready] -> ready
                    on go [true] -> fallback
                }
                state never
                state ready
                state fallback
            }
            """
        var ready = Run(try Lowered(lowering: spec))
        _ = ready.start()
        #expect(ready.send("go", ["ready"]) == ["exit idle", "take idle: on go [guarded] -> ready", "enter ready"])
        var fallback = Run(try Lowered(lowering: spec))
        _ = fallback.start()
        #expect(fallback.send("go") == ["exit idle", "take idle: on go -> fallback", "enter fallback"])
    }
}
