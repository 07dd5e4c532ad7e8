import FSMCompiler
import Testing

/// Parallel regions in the executable machine, as SCXML runs them: every active region is
/// offered the event, the enabled transitions that do not conflict are taken in one microstep
/// (all exits in reverse document order, then all actions in document order, then all entries
/// in document order), a descendant's transition preempts an ancestor's, otherwise the one
/// selected first wins. The interpreter reads all of it from the executable machine.
@Suite(.offThePool) struct ParallelSemanticsTests {
    typealias Run = MachineInterpreterTests.Run

    static let editor = """
        machine Editor {
            event open
            event toggleBold
            event toggleItalic
            event both
            event leave
            event reset
            event jump
            event crossOver
            initial state idle { on open -> editor }
            parallel state editor {
                state bold {
                    initial state boldOff {
                        on toggleBold -> boldOn
                        on both -> boldOn
                        on leave -> boldOff
                    }
                    state boldOn {
                        on toggleBold -> boldOff
                        on jump -> idle
                        on crossOver -> italicOn
                    }
                }
                state italic {
                    initial state italicOff {
                        on toggleItalic [in(boldOn)] -> italicOn
                        on both -> italicOn
                        on jump -> italicOn
                    }
                    state italicOn {
                        on toggleItalic -> italicOff
                        on both -> italicOff
                        on jump -> idle
                    }
                }
                on leave -> idle
                on reset -> bold
            }
        }
        """

    @Test func enteringAParallelStateEntersEveryRegionInDocumentOrder() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        #expect(run.start() == ["enter idle"])
        #expect(run.send("open") == [
            "exit idle", "take idle: on open -> editor", "enter editor", "enter bold", "enter boldOff", "enter italic", "enter italicOff",
        ])
        #expect(run.configuration == ["editor", "bold", "boldOff", "italic", "italicOff"])
        #expect(run.interpreter.atomicStates == [run.machine.state("boldOff"), run.machine.state("italicOff")])
    }

    @Test func anEventTakenByOneRegionLeavesTheOthersAlone() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        #expect(run.send("toggleBold") == ["exit boldOff", "take boldOff: on toggleBold -> boldOn", "enter boldOn"])
        #expect(run.configuration == ["editor", "bold", "boldOn", "italic", "italicOff"])
    }

    @Test func transitionsOfSeveralRegionsAreOneMicrostep() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        // All exits (reverse document order), all actions (document order), all entries.
        #expect(run.send("both") == [
            "exit italicOff", "exit boldOff", "take boldOff: on both -> boldOn", "take italicOff: on both -> italicOn",
            "enter boldOn", "enter italicOn",
        ])
        // boldOn has no `both`; the italic region takes it alone.
        #expect(run.send("both") == ["exit italicOn", "take italicOn: on both -> italicOff", "enter italicOff"])
    }

    @Test func inGuardsSeeTheOtherRegions() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        #expect(run.send("toggleItalic") == ["ignore toggleItalic"])
        _ = run.send("toggleBold")
        #expect(run.send("toggleItalic") == ["exit italicOff", "take italicOff: on toggleItalic [guarded] -> italicOn", "enter italicOn"])
    }

    @Test func aRegionsOwnTransitionPreemptsItsParallelParents() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        // boldOff takes `leave` itself; italicOff has none, so it selects editor's, which
        // conflicts with boldOff's and loses to it: boldOff lies inside editor.
        #expect(run.send("leave") == ["exit boldOff", "take boldOff: on leave -> boldOff", "enter boldOff"])
        _ = run.send("toggleBold")
        // Now no region takes it: editor's leaves everything, innermost and last region first.
        #expect(run.send("leave") == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "exit editor", "take editor: on leave -> idle", "enter idle",
        ])
    }

    @Test func ofTwoConflictingRegionTransitionsTheOneSelectedFirstWins() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        _ = run.send("toggleBold")
        // boldOn's `jump` leaves editor; italicOff's stays in its region. boldOn comes first in
        // document order, so its transition is selected first and italicOff's, which conflicts
        // with it, is dropped.
        #expect(run.send("jump") == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "exit editor", "take boldOn: on jump -> idle", "enter idle",
        ])
        _ = run.send("open")
        _ = run.send("both")
        _ = run.send("toggleBold")
        // boldOff has no `jump`; italicOn's is the only one.
        #expect(run.configuration == ["editor", "bold", "boldOff", "italic", "italicOn"])
        #expect(run.send("jump") == [
            "exit italicOn", "exit italic", "exit boldOff", "exit bold", "exit editor", "take italicOn: on jump -> idle", "enter idle",
        ])
    }

    @Test func aLocalTransitionSelectedFirstBeatsALaterOneThatLeaves() throws {
        let spec = """
            machine Race {
                event go
                initial parallel state p {
                    state a {
                        initial state a1 { on go -> a2 }
                        state a2
                    }
                    state b {
                        initial state b1 { on go -> out }
                    }
                }
                state out
            }
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        #expect(run.send("go") == ["exit a1", "take a1: on go -> a2", "enter a2"])
    }

    @Test func aTargetInAnotherRegionLeavesAndReentersTheParallelState() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        _ = run.send("toggleBold")
        // boldOn -> italicOn: the least common compound ancestor is the machine (a parallel
        // state is not compound), so editor is left and entered again, bold by default.
        #expect(run.send("crossOver") == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "exit editor", "take boldOn: on crossOver -> italicOn",
            "enter editor", "enter bold", "enter boldOff", "enter italic", "enter italicOn",
        ])
    }

    @Test func aParallelStatesTransitionToItsOwnRegionLeavesAndReentersIt() throws {
        var run = Run(try Lowered(lowering: Self.editor))
        _ = run.start()
        _ = run.send("open")
        _ = run.send("toggleBold")
        #expect(run.send("reset") == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "exit editor", "take editor: on reset -> bold",
            "enter editor", "enter bold", "enter boldOff", "enter italic", "enter italicOff",
        ])
    }

    @Test func aParallelStateCompletesWhenEveryRegionIsFinalAfterItsRegions() throws {
        let spec = """
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
                        initial state scanning { on checked -> clean }
                        final state clean
                        done / noteChecked
                    }
                    done -> finished
                }
                final state finished
            }
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        #expect(run.send("sent") == ["exit inFlight", "take inFlight: on sent -> delivered", "enter delivered", "take sending: done"])
        // The region's completion first, then the parallel state's.
        #expect(run.send("checked") == [
            "exit scanning", "take scanning: on checked -> clean", "enter clean", "take checking: done",
            "exit clean", "exit checking", "exit delivered", "exit sending", "exit work", "take work: done -> finished",
            "enter finished",
        ])
        #expect(run.interpreter.isFinished)
    }

    @Test func eventlessTransitionsOfSeveralRegionsAreTakenTogether() throws {
        let spec = """
            machine Settle {
                event go
                initial state idle { on go -> p }
                parallel state p {
                    state a {
                        initial state a1 { always -> a2 }
                        state a2
                    }
                    state b {
                        initial state b1 { always -> b2 }
                        state b2
                    }
                }
            }
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        #expect(run.send("go") == [
            "exit idle", "take idle: on go -> p", "enter p", "enter a", "enter a1", "enter b", "enter b1",
            "exit b1", "exit a1", "take a1: always -> a2", "take b1: always -> b2", "enter a2", "enter b2",
        ])
    }

    @Test func deepHistoryRestoresEveryRegion() throws {
        let spec = """
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
                            initial state r1 { on flip -> r2 }
                            state r2
                        }
                    }
                }
                state asleep { on wake -> main.history }
                on sleep -> asleep
            }
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        _ = run.send("toggle")
        _ = run.send("flip")
        _ = run.send("sleep")
        let main = run.machine.state("main")
        #expect(run.interpreter.history[main.index] == [run.machine.state("l2"), run.machine.state("r2")])
        #expect(run.send("wake") == [
            "exit asleep", "take asleep: on wake -> main.history", "enter main", "enter panes", "enter left", "enter l2",
            "enter right", "enter r2",
        ])
    }

    @Test func aShallowHistoryOfARegionRestoresItsChildAndEntersTheOtherRegionsByDefault() throws {
        let spec = """
            machine Resume {
                event toggle
                event flip
                event out
                event back
                initial parallel state panes {
                    state left {
                        history
                        initial state l1 { on toggle -> l2 }
                        state l2
                    }
                    state right {
                        initial state r1 { on flip -> r2 }
                        state r2
                    }
                    on out -> away
                }
                state away { on back -> left.history }
            }
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        _ = run.send("toggle")
        _ = run.send("flip")
        _ = run.send("out")
        #expect(run.send("back") == [
            "exit away", "take away: on back -> left.history", "enter panes", "enter left", "enter l2", "enter right", "enter r1",
        ])
    }

    @Test func timersRunPerRegion() throws {
        let spec = """
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
            """
        var run = Run(try Lowered(lowering: spec))
        _ = run.start()
        #expect(run.advance(to: 1) == ["exit redOn", "take redOn: after 1s -> redOff", "enter redOff"])
        #expect(run.advance(to: 2) == ["exit greenOn", "take greenOn: after 2s -> greenOff", "enter greenOff"])
    }

    @Test func conflictsFollowTheDomains() throws {
        let machine = try Lowered(lowering: Self.editor)
        let transitions = machine.executable.transitions
        func id(_ source: String, _ event: String) -> TransitionID {
            transitions.first { transition in
                guard case .event(let trigger) = transition.trigger else { return false }
                let owner = if case .state(let state) = transition.owner { machine.model[state].name } else { "machine" }
                return owner == source && machine.model[trigger].name == event
            }!.id
        }
        let executable = machine.executable
        // Two regions' local transitions never conflict.
        #expect(!executable.conflicts(id("boldOff", "both"), id("italicOff", "both")))
        // A transition leaving editor conflicts with any inside it.
        #expect(executable.conflicts(id("boldOn", "jump"), id("italicOff", "jump")))
        #expect(executable.conflicts(id("editor", "leave"), id("boldOff", "leave")))
    }
}
