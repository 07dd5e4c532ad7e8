import FSMCompiler
import Testing

/// The interpreter runs the executable machine as the generated code does: these tests pin
/// down the exact order of exits, transitions and entries, history, completion, `in(…)`,
/// timers and eventless transitions across levels.
@Suite(.offThePool) struct MachineInterpreterTests {
    /// An interpreter with its trace as text: `exit a`, `take a: on go -> b`, `enter b`,
    /// `ignore go`.
    struct Run {
        let machine: Lowered
        var interpreter: MachineInterpreter
        private var reported = 0

        /// An interpreter of `machine`, which may invoke the machines of `machines`.
        init(_ machine: Lowered, machines: [Lowered] = []) {
            self.machine = machine
            interpreter = MachineInterpreter(
                machine: machine.executable,
                machines: Dictionary(uniqueKeysWithValues: machines.map { ($0.model.name, $0.executable) }))
        }

        /// What happened since the last call; a child machine's entries start with its run,
        /// `signIn#0: enter form`.
        mutating func newTrace() -> [String] {
            let entries = interpreter.trace[reported...].map { Self.describe($0, of: machine, machines: interpreter.machines) }
            reported = interpreter.trace.count
            return entries
        }

        static func describe(
            _ entry: MachineInterpreter.TraceEntry, of machine: Lowered, machines: [String: ExecutableMachine]
        ) -> String {
            let describe = { (run: MachineInterpreter.InvocationRun) in "\(machine.model[run.invocation].name)#\(run.number)" }
            let result = { (result: InvocationResult, run: MachineInterpreter.InvocationRun) in
                if case .output(let output) = result { "on \(describe(run)).\(output)" } else { "\(result.keyword) \(describe(run))" }
            }
            return switch entry {
            case .exited(let state): "exit \(machine.model[state].name)"
            case .entered(let state): "enter \(machine.model[state].name)"
            case .took(let id): "take \(machine.describe(id))"
            case .ignored(let event): "ignore \(machine.model[event].name)"
            case .kept(let event): "keep \(machine.model[event].name)"
            case .released(let event): "release \(machine.model[event].name)"
            case .tookHistoryDefault(let state): "take the default of \(machine.model[state].name).history"
            case .started(let run): "start \(describe(run))"
            case .cancelled(let run): "cancel \(describe(run))"
            case .dropped(let run, let delivered): "drop \(result(delivered, run))"
            case .ignoredResult(let run, let delivered): "ignore \(result(delivered, run))"
            case .updated(let state, let field, let value): "update \(machine.model[state].name).\(field) = \(value)"
            case .inChild(let run, let entry):
                "\(describe(run)): "
                    + Self.describe(entry, of: Lowered(machines[machine.model[run.invocation].child!.name]!), machines: machines)
            }
        }

        mutating func start(_ answers: Set<String> = []) -> [String] {
            _ = interpreter.start(answers: answers)
            return newTrace()
        }

        mutating func send(_ event: String, _ answers: Set<String> = []) -> [String] {
            guard let index = machine.model.events.firstIndex(where: { $0.name == event }) else {
                Issue.record("no event '\(event)'")
                return []
            }
            _ = interpreter.send(EventID(index), answers: answers)
            return newTrace()
        }

        mutating func advance(to seconds: Int64, _ answers: Set<String> = []) -> [String] {
            _ = interpreter.advance(to: seconds * 1_000_000_000, answers: answers)
            return newTrace()
        }

        var configuration: [String] { machine.names(interpreter.configuration) }

        /// `fetchUser#0`: the invocation's name and how many started before it.
        func describe(_ run: MachineInterpreter.InvocationRun) -> String {
            "\(machine.model[run.invocation].name)#\(run.number)"
        }

        /// The running invocations, described.
        var running: [String] { interpreter.runningInvocations.map(describe) }

        /// Delivers `result` from the run of `invocation` numbered `number` (the latest run of
        /// it when `nil`).
        mutating func deliver(
            _ result: InvocationResult, from invocation: String, number: Int? = nil, _ answers: Set<String> = []
        ) -> [String] {
            guard let id = machine.model.invocations.first(where: { $0.name == invocation })?.id else {
                Issue.record("no invocation '\(invocation)'")
                return []
            }
            let latest = interpreter.trace.compactMap { entry -> Int? in
                if case .started(let run) = entry, run.invocation == id { run.number } else { nil }
            }.last
            guard let number = number ?? latest else {
                Issue.record("'\(invocation)' never started")
                return []
            }
            _ = interpreter.deliver(result, from: .init(invocation: id, number: number), answers: answers)
            return newTrace()
        }
    }

    // MARK: - Nesting

    @Test func theStartEntersOutermostFirst() throws {
        var run = Run(try Lowered(spec: "Nested.fsm"))
        #expect(run.start() == ["enter browsing", "enter shelf"])
        #expect(run.configuration == ["browsing", "shelf"])
        #expect(run.interpreter.isActive(run.machine.state("browsing")))
        #expect(!run.interpreter.isActive(run.machine.state("reader")))
    }

    @Test func aStepExitsInnermostFirstAndEntersOutermostFirst() throws {
        var run = Run(try Lowered(spec: "Nested.fsm"))
        _ = run.start()
        #expect(run.send("search") == ["exit shelf", "take shelf: on search -> finder", "enter finder", "enter typing"])
        #expect(run.send("search") == ["exit typing", "take typing: on search -> results", "enter results"])
        // The innermost transition for `back` wins over finder's.
        #expect(run.send("back") == ["exit results", "take results: on back -> typing", "enter typing"])
        // typing has no `back`: finder's applies.
        #expect(run.send("back") == ["exit typing", "exit finder", "take finder: on back -> shelf", "enter shelf"])
        #expect(run.send("open") == ["ignore open"])
        #expect(run.send("open", ["isAvailable"]) == ["exit shelf", "take shelf: on open [guarded] -> reader", "enter reader"])
        // browsing's `logOut` leaves every state of it.
        #expect(run.send("logOut") == [
            "exit reader", "exit browsing", "take browsing: on logOut -> signedOut", "enter signedOut",
        ])
    }

    @Test func aChildsTransitionOverridesItsParentsOnlyWhenItsGuardHolds() throws {
        var run = Run(try Lowered(spec: "Nested.fsm"))
        _ = run.start()
        _ = run.send("open", ["isAvailable"])
        #expect(run.send("logOut", ["hasUnsavedNotes"]) == ["take reader: on logOut [guarded]"])
        #expect(run.configuration == ["browsing", "reader"])
        #expect(run.send("logOut") == [
            "exit reader", "exit browsing", "take browsing: on logOut -> signedOut", "enter signedOut",
        ])
    }

    @Test func aTargetInsideTheDeclaringStateKeepsItActive() throws {
        var run = Run(try Lowered(spec: "Nested.fsm"))
        _ = run.start()
        _ = run.send("search")
        _ = run.send("search")
        #expect(run.send("reset") == ["exit results", "exit finder", "take browsing: on reset -> shelf", "enter shelf"])
        #expect(run.configuration == ["browsing", "shelf"])
    }

    @Test func aTransitionToItsOwnStateReentersIt() throws {
        var run = Run(try Lowered("""
            machine M {
                event go
                event again
                initial state main {
                    on again -> main
                    initial state list { on go -> detail }
                    state detail { on go -> list }
                }
            }
            """))
        _ = run.start()
        _ = run.send("go")
        #expect(run.send("again") == ["exit detail", "exit main", "take main: on again -> main", "enter main", "enter list"])
    }

    // MARK: - Timers

    @Test func aParentsTimerRunsWhileItsChildrenChange() throws {
        var run = Run(try Lowered(spec: "Nested.fsm"))
        let browsing = run.machine.state("browsing")
        _ = run.start()
        #expect(run.interpreter.deadline(ofTimer: 0, of: browsing) == 30_000_000_000)
        #expect(run.advance(to: 10) == [])
        _ = run.send("open", ["isAvailable"])
        _ = run.send("back")
        _ = run.send("search")
        #expect(run.configuration == ["browsing", "finder", "typing"])
        // Moves among the children do not restart browsing's timer.
        #expect(run.interpreter.deadline(ofTimer: 0, of: browsing) == 30_000_000_000)
        #expect(run.advance(to: 29) == [])
        #expect(run.advance(to: 30) == [
            "exit typing", "exit finder", "exit browsing", "take browsing: after 30s -> signedOut", "enter signedOut",
        ])
        #expect(run.interpreter.runningTimers.isEmpty)
        // Entering browsing again starts a new timer.
        #expect(run.send("search") == ["exit signedOut", "take signedOut: on search -> browsing", "enter browsing", "enter shelf"])
        #expect(run.interpreter.deadline(ofTimer: 0, of: browsing) == 60_000_000_000)
    }

    @Test func leavingAndReenteringAParentRestartsItsTimer() throws {
        var run = Run(try Lowered("""
            machine M {
                event go
                event again
                initial state main {
                    after 10s -> done
                    on again -> main
                    initial state list { on go -> detail }
                    state detail { on go -> list }
                }
                final state done
            }
            """))
        let main = run.machine.state("main")
        _ = run.start()
        _ = run.advance(to: 5)
        _ = run.send("again")
        #expect(run.interpreter.deadline(ofTimer: 0, of: main) == 15_000_000_000)
        #expect(run.advance(to: 10) == [])
        #expect(run.advance(to: 15) == ["exit list", "exit main", "take main: after 10s -> done", "enter done"])
        #expect(run.interpreter.isFinished)
        #expect(run.send("go") == ["ignore go"])
    }

    // MARK: - History

    @Test func shallowHistoryRestoresTheChildThenItsInitialDescent() throws {
        var run = Run(try Lowered(spec: "History.fsm"))
        #expect(run.start() == ["enter app", "enter library"])
        #expect(run.send("play") == ["exit library", "take library: on play -> player", "enter player", "enter queue", "enter first"])
        _ = run.send("next")
        #expect(run.configuration == ["app", "player", "queue", "second"])
        #expect(run.send("sleep") == [
            "exit second", "exit queue", "exit player", "exit app", "take machine: on sleep -> asleep", "enter asleep",
        ])
        // app remembers player, and player starts over in its initial state.
        #expect(run.send("wake") == [
            "exit asleep", "take asleep: on wake -> app.history", "enter app", "enter player", "enter queue", "enter first",
        ])
    }

    @Test func deepHistoryRestoresTheWholeConfiguration() throws {
        var run = Run(try Lowered(spec: "History.fsm"))
        _ = run.start()
        _ = run.send("play")
        _ = run.send("next")
        _ = run.send("sleep")
        #expect(run.send("play") == [
            "exit asleep", "take asleep: on play -> player.history", "enter app", "enter player", "enter queue", "enter second",
        ])
        _ = run.send("browse")
        #expect(run.configuration == ["app", "player", "lyrics"])
        _ = run.send("sleep")
        #expect(run.send("play") == [
            "exit asleep", "take asleep: on play -> player.history", "enter app", "enter player", "enter lyrics",
        ])
    }

    @Test func aHistoryBeforeItsStateWasEverLeftIsItsInitialState() throws {
        var run = Run(try Lowered(spec: "History.fsm"))
        _ = run.start()
        let player = run.machine.state("player")
        #expect(run.machine.names(run.interpreter.restoredStates(of: player)) == ["queue", "first"])
        _ = run.send("sleep")
        // player was never active, so its deep history is its initial descent.
        #expect(run.send("play") == [
            "exit asleep", "take asleep: on play -> player.history", "enter app", "enter player", "enter queue", "enter first",
        ])
    }

    @Test func historyIsRecordedOnlyWhenItsStateIsLeft() throws {
        var run = Run(try Lowered(spec: "History.fsm"))
        _ = run.start()
        let app = run.machine.state("app")
        #expect(run.interpreter.history[app.index] == nil)
        _ = run.send("play")
        _ = run.send("browse")
        // Moving inside app does not touch its history.
        #expect(run.interpreter.history[app.index] == nil)
        _ = run.send("sleep")
        // A shallow history remembers the child, a deep one the atomic states.
        #expect(run.interpreter.history[app.index] == [run.machine.state("player")])
        #expect(run.interpreter.history[run.machine.state("player").index] == [run.machine.state("lyrics")])
        // wakeFresh ignores the history.
        #expect(run.send("wakeFresh") == ["exit asleep", "take asleep: on wakeFresh -> app", "enter app", "enter library"])
    }

    // MARK: - Completion

    @Test func aFinalChildCompletesItsParentAfterTheStep() throws {
        var run = Run(try Lowered(spec: "Completion.fsm"))
        #expect(run.start() == ["enter welcome", "enter terms"])
        _ = run.send("accept")
        _ = run.send("next")
        #expect(run.configuration == ["welcome", "tour", "page2"])
        // Entering lastPage completes tour; tour's `done` runs after the step. thanks' eventless
        // transition then enters ended, which completes welcome.
        #expect(run.send("next") == [
            "exit page2", "take page2: on next -> lastPage", "enter lastPage",
            "exit lastPage", "exit tour", "take tour: done -> thanks", "enter thanks",
            "exit thanks", "take thanks: always [guarded] -> ended", "enter ended",
            "exit ended", "exit welcome", "take welcome: done -> home", "enter home",
        ])
        #expect(!run.interpreter.isFinished)
    }

    @Test func completionTransitionsTryTheirGuardsInOrder() throws {
        var run = Run(try Lowered(spec: "Completion.fsm"))
        _ = run.start()
        _ = run.send("accept")
        _ = run.send("next")
        let trace = run.send("next", ["isFirstRun"])
        #expect(trace.contains("take tour: done [guarded] -> thanks"))
        #expect(!trace.contains("take tour: done -> thanks"))
    }

    @Test func inGuardsSeeTheActiveConfiguration() throws {
        var run = Run(try Lowered(spec: "Completion.fsm"))
        _ = run.start()
        #expect(run.send("skip") == [
            "exit terms", "take terms: on skip [guarded] -> skipped", "enter skipped",
            "exit skipped", "exit welcome", "take welcome: done -> home", "enter home",
        ])
        #expect(run.send("restart") == ["exit home", "take home: on restart -> welcome", "enter welcome", "enter terms"])
    }

    @Test func raisedEventsAndCompletionsAreHandledInTheOrderTheyHappen() throws {
        var run = Run(try Lowered("""
            machine M {
                event go
                event ping
                event pong
                initial state p {
                    initial state a { on go -> f / raise ping }
                    final state f { entry / raise pong }
                    on ping / log
                    on pong / log
                    done -> q
                }
                state q { on ping -> p }
            }
            """))
        _ = run.start()
        // ping was raised by the transition, pong by f's entry, then f completed p.
        #expect(run.send("go") == [
            "exit a", "take a: on go -> f", "enter f",
            "take p: on ping", "take p: on pong",
            "exit f", "exit p", "take p: done -> q", "enter q",
        ])
    }

    @Test func eventlessTransitionsComeBeforeACompletion() throws {
        // f completes p, but p's eventless transition is taken first; p is still active when
        // its `done` is handled, so it is taken from g.
        var run = Run(try Lowered("""
            machine M {
                event go
                initial state p {
                    initial state a { on go -> f }
                    final state f
                    state g { on go -> a }
                    always [in(f)] -> g
                    done -> q
                }
                state q { on go -> p }
            }
            """))
        _ = run.start()
        #expect(run.send("go") == [
            "exit a", "take a: on go -> f", "enter f",
            "exit f", "take p: always [guarded] -> g", "enter g",
            "exit g", "exit p", "take p: done -> q", "enter q",
        ])
    }

    @Test func aCompletionIsDroppedWhenItsStateWasLeftFirst() throws {
        // `leave` was raised before f completed p, so it is handled first and leaves p; p's
        // completion then finds p inactive and takes nothing.
        var run = Run(try Lowered("""
            machine M {
                event go
                event leave
                initial state p {
                    initial state a { on go -> f / raise leave }
                    final state f
                    done -> q
                }
                state q { on go -> p }
                state r { on go -> p }
                on leave -> r
            }
            """))
        _ = run.start()
        #expect(run.send("go") == [
            "exit a", "take a: on go -> f", "enter f",
            "exit f", "exit p", "take machine: on leave -> r", "enter r",
        ])
        #expect(run.configuration == ["r"])
    }

    @Test func anInitialFinalChildCompletesItsParentAtTheStart() throws {
        var run = Run(try Lowered("""
            machine M {
                event go
                initial state p {
                    initial final state f
                    done -> q
                }
                state q { on go -> p }
            }
            """))
        #expect(run.start() == ["enter p", "enter f", "exit f", "exit p", "take p: done -> q", "enter q"])
    }

    // MARK: - Eventless transitions

    @Test func eventlessTransitionsBubbleAcrossLevels() throws {
        let machine = try Lowered("""
            machine M {
                event go
                initial state idle { on go -> working }
                state working {
                    always [finished] -> done
                    initial state fetching { always [fetched] -> parsing }
                    state parsing { on go -> fetching }
                }
                final state done
            }
            """)
        var run = Run(machine)
        _ = run.start()
        #expect(run.send("go") == ["exit idle", "take idle: on go -> working", "enter working", "enter fetching"])
        // An ignored event is not followed by eventless transitions, as in the generated code.
        #expect(run.send("go", ["fetched"]) == ["ignore go"])
        // fetching's own eventless transition comes first; in parsing, which has none, its
        // parent's applies.
        var other = Run(machine)
        _ = other.start()
        #expect(other.send("go", ["fetched", "finished"]) == [
            "exit idle", "take idle: on go -> working", "enter working", "enter fetching",
            "exit fetching", "take fetching: always [guarded] -> parsing", "enter parsing",
            "exit parsing", "exit working", "take working: always [guarded] -> done", "enter done",
        ])
        #expect(other.interpreter.isFinished)
    }

    @Test func raisedEventsWaitForTheEventlessTransitionsOfTheirStep() throws {
        let machine = try Lowered("""
            machine M {
                event go
                event ping
                initial state a { on go / raise ping; always [ready] -> b }
                state b { on ping -> c }
                final state c
            }
            """)
        var run = Run(machine)
        _ = run.start()
        #expect(run.send("go", ["ready"]) == [
            "take a: on go", "exit a", "take a: always [guarded] -> b", "enter b",
            "exit b", "take b: on ping -> c", "enter c",
        ])
        var other = Run(machine)
        _ = other.start()
        #expect(other.send("go") == ["take a: on go", "ignore ping"])
    }

    @Test func anEventlessLoopThroughAHistoryDivergesAtRunTime() throws {
        // The compiler does not follow history targets in its loop check; the interpreter's
        // step limit stops the run and marks it unusable.
        var run = Run(try Lowered("""
            machine M {
                event go
                initial state a {
                    history
                    always -> b
                    initial state a1 { on go -> a2 }
                    state a2 { on go -> a1 }
                }
                state b { always -> a.history }
            }
            """))
        _ = run.start()
        #expect(run.interpreter.diverged)
    }
}
