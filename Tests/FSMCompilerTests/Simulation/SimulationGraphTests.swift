@testable import FSMCompiler
import Testing

/// The simulator's graph on hand-written specs: the situations, the steps each accepts and
/// refuses, the guard answers of each outcome and the step log, exactly.
@Suite(.offThePool) struct SimulationGraphTests {
    static let navigator = """
        machine Navigator {
            event loggedIn(user: String)
            event logOut
            event open(id: Int)
            event back
            event edit
            event toggleBold
            event toggleItalic
            event save
            event sleep
            event wake
            initial state login { on loggedIn -> main / rememberUser }
            state main {
                history
                on logOut -> login
                initial state list { on open -> detail(id: id) }
                state detail(id: Int) {
                    on back -> list
                    on edit -> editor / loadDocument
                }
                parallel state editor {
                    state bold {
                        initial state boldOff { on toggleBold -> boldOn }
                        state boldOn { on toggleBold -> boldOff }
                    }
                    state italic {
                        initial state italicOff { on toggleItalic [in(boldOn)] -> italicOn }
                        state italicOn { on toggleItalic -> italicOff }
                    }
                    on save -> saved
                }
                final state saved
                done -> login / signOut
            }
            state asleep { on wake -> main.history }
            on sleep -> asleep
        }
        """

    static let player = """
        machine Player {
            event play
            event pause
            output notice(String)
            initial state stopped { on play -> playing }
            state playing { on pause -> paused }
            state paused {
                on play [canResume] -> playing
                on play [else] / emit notice("Cannot resume.")
            }
        }
        """

    static let regions = """
        machine Regions {
            event go
            initial state start { on go -> both }
            parallel state both {
                state left { initial state l1 { on go -> finished } }
                state right {
                    initial state r1 { on go -> r2 }
                    state r2
                }
            }
            state finished
        }
        """

    /// A graph and how to walk it by stimulus labels.
    struct Walk {
        let graph: SimulationGraph
        var situation: Int

        init(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, sourceLocation: sourceLocation)
            graph = SimulationGraph(machine)
            let start = try #require(graph.start.outcomes.first?.next, sourceLocation: sourceLocation)
            situation = start
        }

        var model: MachineModel { graph.machine.model }

        /// The active atomic states of the current situation.
        var atomic: [String] {
            graph.situations[situation].configuration.filter { model[$0].isAtomic }.map { model[$0].name }
        }

        var accepted: [String] {
            graph.situations[situation].steps.map { PropertyDiagnostics.describe($0.stimulus, graph.machine) }
        }

        var refused: [String] {
            graph.situations[situation].refused.map { model[$0.event].name }
        }

        /// Takes the stimulus labelled `label` with the outcome of these guard answers; returns
        /// its log lines.
        mutating func take(_ label: String, answers: [Bool] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
            let step = try #require(
                graph.situations[situation].steps.first { PropertyDiagnostics.describe($0.stimulus, graph.machine) == label },
                sourceLocation: sourceLocation)
            let outcome = try #require(step.outcomes.first { $0.answers.map(\.value) == answers }, sourceLocation: sourceLocation)
            situation = try #require(outcome.next, sourceLocation: sourceLocation)
            return SimulationStepLog(machine: graph.machine).lines(of: outcome).map(\.text)
        }
    }

    @Test func navigatorWalksThroughHistoryAndRegions() throws {
        var walk = try Walk(Self.navigator)
        #expect(walk.atomic == ["login"])
        #expect(walk.accepted == ["event loggedIn", "event sleep"])
        #expect(walk.refused == ["logOut", "open", "back", "edit", "toggleBold", "toggleItalic", "save", "wake"])
        #expect(try walk.take("event loggedIn") == [
            "exit login", "take login --loggedIn--> main", "  rememberUser", "enter main", "enter list",
        ])
        _ = try walk.take("event open")
        _ = try walk.take("event edit")
        #expect(walk.atomic == ["boldOff", "italicOff"])
        #expect(try walk.take("event toggleItalic") == [
            "not taken: italicOff --toggleItalic [in(boldOn)]--> italicOn: its in(…) is false here",
            "ignored toggleItalic: no enabled transition took it",
        ])
        _ = try walk.take("event toggleBold")
        #expect(try walk.take("event toggleItalic") == [
            "exit italicOff", "take italicOff --toggleItalic [in(boldOn)]--> italicOn", "enter italicOn",
        ])
        #expect(walk.atomic == ["boldOn", "italicOn"])
        _ = try walk.take("event sleep")
        #expect(walk.atomic == ["asleep"])
        #expect(try walk.take("event wake") == [
            "exit asleep", "take asleep --wake--> main.history", "enter main", "enter editor", "enter bold", "enter boldOff",
            "enter italic", "enter italicOff",
        ])
        #expect(walk.atomic == ["boldOff", "italicOff"], "a shallow history restores editor at its initial states")
    }

    @Test func aGuardAnswersBothWays() throws {
        var walk = try Walk(Self.player)
        _ = try walk.take("event play")
        _ = try walk.take("event pause")
        let paused = walk.situation
        let play = try #require(walk.graph.situations[paused].steps.first)
        #expect(play.outcomes.map { $0.answers.map(\.value) } == [[false], [true]])
        #expect(try walk.take("event play", answers: [false]) == [
            "not taken: paused --play [canResume]--> playing: its guard answered false",
            "take paused --play [else]--> (internal)", "  emit notice(\"Cannot resume.\")",
        ])
        #expect(walk.atomic == ["paused"])
        #expect(try walk.take("event play", answers: [true]) == [
            "not taken: paused --play [else]--> (internal): preempted by paused --play [canResume]--> playing",
            "exit paused", "take paused --play [canResume]--> playing", "enter playing",
        ])
        #expect(walk.atomic == ["playing"])
    }

    /// Language version 4: an update is its transition's action line; the state stays, and the
    /// situation is the one before (data are any value to the checker).
    @Test func anUpdateIsLoggedAndChangesNoSituation() throws {
        var walk = try Walk("""
            machine Download {
                event start
                event tick(fraction: Double)
                initial state idle { on start -> downloading(progress: 0) }
                state downloading(progress: Double) { on tick / update(progress: fraction), show(progress) }
            }
            """)
        _ = try walk.take("event start")
        let downloading = walk.situation
        #expect(try walk.take("event tick") == [
            "take downloading --tick--> (internal)", "  update(progress: fraction)", "  show(progress)",
        ])
        #expect(walk.situation == downloading)
        #expect(walk.atomic == ["downloading"])
    }

    @Test func aConflictingRegionSaysSo() throws {
        var walk = try Walk(Self.regions)
        _ = try walk.take("event go")
        #expect(walk.atomic == ["l1", "r1"])
        #expect(try walk.take("event go") == [
            "not taken: r1 --go--> r2: conflicts with l1 --go--> finished in another region",
            "exit r1", "exit right", "exit l1", "exit left", "exit both", "take l1 --go--> finished", "enter finished",
        ])
    }

    @Test func theBoundListsWhatItCanAndSaysSo() throws {
        let compilation = Compiler.compile(SourceText(Self.navigator))
        let machine = try #require(compilation.executable)
        let graph = SimulationGraph(machine, bounds: ExplorationBounds(situations: 3))
        #expect(graph.situations.count == 3)
        #expect(graph.reachedBound)
        let past = graph.situations.flatMap(\.steps).flatMap(\.outcomes).filter { $0.next == nil }
        #expect(!past.isEmpty)
        #expect(past.allSatisfy { $0.past == .situations })
        #expect(!SimulationGraph(machine).reachedBound)
    }

    /// A spec whose deferred event can be sent without end: the page lists the situations that
    /// keep at most two of it, and a step that would keep a third says so, at once.
    @Test func theKeptEventsBoundListsTheRestAsMoreKept() throws {
        let compilation = Compiler.compile(SourceText(KeptEventBoundTests.document))
        let machine = try #require(compilation.executable)
        let graph = SimulationGraph(machine)
        #expect(!graph.reachedBound)
        #expect(!graph.cuts.exhaustedWork)
        #expect(graph.situations.allSatisfy { situation in situation.kept.count { machine.model[$0].name == "save" } <= 2 })
        let past = graph.situations.flatMap(\.steps).flatMap(\.outcomes).compactMap(\.past)
        let save = EventID(try #require(machine.model.events.firstIndex { $0.name == "save" }))
        #expect(past.contains(.keptEvents(save, count: 3)))
        #expect(graph.keptEventCuts == past.count)
        let json = SimulationGraphJSONEmitter.emit(graph)
        #expect(json.contains("This step keeps 3 'save', more than the bound of 2 kept events: 1 more kept."))
        #expect(json.contains("steps keep more than 2 copies of an event ('save' first)"))
        // Raised, the bound follows longer queues.
        let raised = SimulationGraph(machine, bounds: ExplorationBounds(situations: SimulationGraph.defaultBound, keptEvents: 4))
        #expect(raised.situations.count > graph.situations.count)
    }

    /// Past its work budget the page still lists every situation it numbered, without steps.
    @Test func theWorkBudgetListsTheRestUnexplored() throws {
        let compilation = Compiler.compile(SourceText(Self.navigator))
        let machine = try #require(compilation.executable)
        let graph = SimulationGraph(machine, bounds: ExplorationBounds(situations: SimulationGraph.defaultBound, work: 200))
        #expect(graph.cuts.exhaustedWork)
        let unexplored = graph.situations.filter(\.isUnexplored)
        #expect(!unexplored.isEmpty && unexplored.allSatisfy(\.steps.isEmpty))
        let nexts = graph.situations.flatMap(\.steps).flatMap(\.outcomes).compactMap(\.next)
        #expect(nexts.allSatisfy { $0 < graph.situations.count })
        #expect(SimulationGraphJSONEmitter.cutSentences(of: graph).last?.hasPrefix("The search spent its budget of 200 steps") == true)
    }
}
