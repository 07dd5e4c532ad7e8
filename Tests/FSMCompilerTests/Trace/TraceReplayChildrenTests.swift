import FSMCompiler
import Testing

/// ``TraceReplay`` of a parent whose trace holds its child machine's runs (trace format 2):
/// the child's steps replayed on the child, what it emits and its completion handed to the
/// parent as steps of their own, a cancelled child's `stop`, and each way such a run diverges,
/// with the exact located message. Also `stop()` of the recorded machine, a late
/// `TraceObserver`, and two timers due at one instant.
@Suite struct TraceReplayChildrenTests {
    static let parentSpec = """
        machine Document {
            event edit
            event cancel
            initial state clean { on edit -> resolving }
            state resolving {
                invoke Resolver as resolver
                on resolver.resolved -> clean
                done resolver -> merged
                on cancel -> clean
            }
            state merged { on edit -> resolving }
        }
        """

    static let childSpec = """
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

    static let header = #"{"fsmcTrace":2,"machine":"Document","spec":"Document.fsm","fsmcVersion":"0.1.0"}"#

    /// Edit, then the child emits and finishes in one step (its completion is dropped: the
    /// output left the state); edit again and cancel (the child is stopped); edit again and the
    /// child finishes silently (`done resolver`).
    static let lines = [
        header,
        #"{"kind":"start"}"#,
        #"{"kind":"entry","state":"clean"}"#,
        #"{"kind":"step","configuration":["clean"]}"#,
        #"{"kind":"event","name":"edit"}"#,  // 5
        #"{"kind":"exit","state":"clean"}"#,
        #"{"kind":"entry","state":"resolving"}"#,
        #"{"kind":"transition","trigger":"edit"}"#,
        #"{"kind":"start","in":"resolver","machine":"Resolver"}"#,
        #"{"kind":"entry","in":"resolver","state":"asking"}"#,  // 10
        #"{"kind":"step","in":"resolver","configuration":["asking"]}"#,
        #"{"kind":"started","invocation":"resolver"}"#,
        #"{"kind":"step","configuration":["resolving"]}"#,
        #"{"kind":"event","in":"resolver","name":"keepMine"}"#,
        #"{"kind":"exit","in":"resolver","state":"asking"}"#,  // 15
        #"{"kind":"output","in":"resolver","name":"resolved","payload":"keepMine: true"}"#,
        #"{"kind":"entry","in":"resolver","state":"finished"}"#,
        #"{"kind":"transition","in":"resolver","trigger":"keepMine"}"#,
        #"{"kind":"step","in":"resolver","configuration":["finished"]}"#,
        #"{"kind":"result","invocation":"resolver","outcome":"output","output":"resolved"}"#,  // 20
        #"{"kind":"cancelled","invocation":"resolver"}"#,
        #"{"kind":"exit","state":"resolving"}"#,
        #"{"kind":"entry","state":"clean"}"#,
        #"{"kind":"transition","trigger":null}"#,
        #"{"kind":"step","configuration":["clean"]}"#,  // 25
        #"{"kind":"result","invocation":"resolver","outcome":"done"}"#,
        #"{"kind":"dropped","invocation":"resolver"}"#,
        #"{"kind":"step","configuration":["clean"]}"#,
        #"{"kind":"event","name":"edit"}"#,
        #"{"kind":"exit","state":"clean"}"#,  // 30
        #"{"kind":"entry","state":"resolving"}"#,
        #"{"kind":"transition","trigger":"edit"}"#,
        #"{"kind":"start","in":"resolver","machine":"Resolver"}"#,
        #"{"kind":"entry","in":"resolver","state":"asking"}"#,
        #"{"kind":"step","in":"resolver","configuration":["asking"]}"#,  // 35
        #"{"kind":"started","invocation":"resolver"}"#,
        #"{"kind":"step","configuration":["resolving"]}"#,
        #"{"kind":"event","name":"cancel"}"#,
        #"{"kind":"stop","in":"resolver"}"#,
        #"{"kind":"exit","in":"resolver","state":"asking"}"#,  // 40
        #"{"kind":"step","in":"resolver","configuration":[]}"#,
        #"{"kind":"cancelled","invocation":"resolver"}"#,
        #"{"kind":"exit","state":"resolving"}"#,
        #"{"kind":"entry","state":"clean"}"#,
        #"{"kind":"transition","trigger":"cancel"}"#,  // 45
        #"{"kind":"step","configuration":["clean"]}"#,
        #"{"kind":"event","name":"edit"}"#,
        #"{"kind":"exit","state":"clean"}"#,
        #"{"kind":"entry","state":"resolving"}"#,
        #"{"kind":"transition","trigger":"edit"}"#,  // 50
        #"{"kind":"start","in":"resolver","machine":"Resolver"}"#,
        #"{"kind":"entry","in":"resolver","state":"asking"}"#,
        #"{"kind":"step","in":"resolver","configuration":["asking"]}"#,
        #"{"kind":"started","invocation":"resolver"}"#,
        #"{"kind":"step","configuration":["resolving"]}"#,  // 55
        #"{"kind":"event","in":"resolver","name":"keepTheirs"}"#,
        #"{"kind":"exit","in":"resolver","state":"asking"}"#,
        #"{"kind":"entry","in":"resolver","state":"finished"}"#,
        #"{"kind":"transition","in":"resolver","trigger":"keepTheirs"}"#,
        #"{"kind":"step","in":"resolver","configuration":["finished"]}"#,  // 60
        #"{"kind":"result","invocation":"resolver","outcome":"done"}"#,
        #"{"kind":"exit","state":"resolving"}"#,
        #"{"kind":"entry","state":"merged"}"#,
        #"{"kind":"transition","trigger":null}"#,
        #"{"kind":"step","configuration":["merged"]}"#,  // 65
    ]

    func machines() throws -> (parent: ExecutableMachine, children: [String: ExecutableMachine]) {
        let child = try #require(Compiler.compile(SourceText(Self.childSpec)).executable)
        let parent = Compiler.compile(SourceText(Self.parentSpec), machines: MachineCatalog(specs: [SourceText(Self.childSpec)]))
        #expect(parent.diagnostics.isEmpty)
        return (try #require(parent.executable), ["Resolver": child])
    }

    func replay(_ lines: [String], children: Bool = true) throws -> ReplayedRun {
        let (parent, machines) = try machines()
        return TraceReplay.replay(text: lines.joined(separator: "\n") + "\n", on: parent, children: children ? machines : [:])
    }

    func changing(_ number: Int, to line: String) -> [String] {
        var lines = Self.lines
        lines[number - 1] = line
        return lines
    }

    func message(_ lines: [String]) throws -> String? {
        try replay(lines).divergence?.rendered(tracePath: "r")
    }

    @Test func aParentAndItsChildReplayTogether() throws {
        let run = try replay(Self.lines)
        #expect(run.divergence == nil)
        #expect(run.steps.map(\.path) == [[], [], ["resolver"], [], [], [], [], [], ["resolver"], []])
        #expect(run.steps.map(\.lines.lowerBound) == [2, 5, 14, 20, 26, 29, 38, 47, 56, 61])
        #expect(run.steps[2].stimulus == .child(path: ["resolver"], summary: "event keepMine"))
        #expect(run.steps[3].stimulus == .result(InvocationID(0), .output("resolved")))
        // The child's own step takes none of the parent's transitions; its output, handed over, takes one.
        #expect(run.steps[2].transitions.isEmpty)
        #expect(run.steps[3].transitions.count == 1)
        #expect(run.steps.last.map { $0.configuration.map { run.machine.model[$0].name } } == ["merged"])
    }

    @Test func theChildsSpecIsNeeded() throws {
        #expect(try replay(Self.lines, children: false).divergence?.rendered(tracePath: "r")
            == "r:1: error: replay needs the spec of machine 'Resolver', which 'resolver' runs: name it with --sibling")
    }

    @Test func aChildsDivergenceIsLocatedAndNamesTheChild() throws {
        #expect(try message(changing(17, to: #"{"kind":"entry","in":"resolver","state":"asking"}"#))
            == "r:17: error: the trace recorded 'entry asking in resolver', the spec does 'entry finished in resolver' here")
        #expect(try message(changing(19, to: #"{"kind":"step","in":"resolver","configuration":["asking"]}"#))
            == "r:19: error: the trace recorded the configuration of resolver [asking], the spec's is [finished]")
        #expect(try message(changing(10, to: #"{"kind":"entry","in":"resolver","state":"finished"}"#))
            == "r:10: error: the trace recorded 'entry finished in resolver', the spec does 'entry asking in resolver' here")
        #expect(try message(changing(14, to: #"{"kind":"event","in":"resolver","name":"edit"}"#))
            == "r:14: error: the child machine resolver (Resolver) declares no event 'edit'")
        #expect(try message(changing(14, to: #"{"kind":"event","in":"signIn","name":"keepMine"}"#))
            == "r:14: error: the trace recorded a step of the child machine signIn, which the spec does not run here")
    }

    @Test func anOutputPayloadChangedByHandIsFlagged() throws {
        #expect(try message(changing(16, to: #"{"kind":"output","in":"resolver","name":"resolved","payload":"keepMine: false"}"#))
            == "r:16: error: the trace recorded 'output resolved in resolver' with payload 'keepMine: false', the spec emits 'keepMine: true' here")
    }

    @Test func whatTheChildHandsOverComesInItsOrder() throws {
        // The completion recorded before the output.
        var lines = Self.lines
        lines.swapAt(19, 25)
        lines.swapAt(20, 26)
        #expect(try message(lines) != nil)
        // No step for the output: the spec hands it over before the next event.
        let withoutHandOver = Array(Self.lines[..<19]) + Array(Self.lines[28...])
        #expect(try message(withoutHandOver)
            == "r:20: error: the spec hands on resolver.resolved to Document before this, and the trace records no step for it")
        #expect(try message(changing(20, to: #"{"kind":"result","invocation":"resolver","outcome":"done"}"#))
            == "r:20: error: the trace recorded 'result done of resolver', the spec hands over on resolver.resolved here")
    }

    @Test func aStartOrCancellationMissingFromTheTraceIsReported() throws {
        var lines = Self.lines
        lines.removeSubrange(38...40)  // the child's stop
        #expect(try message(lines) == "r:43: error: the spec cancels the child machine resolver in this step, the trace records nothing of it")
        var started = Self.lines
        started.removeSubrange(8...10)  // the child's start
        #expect(try message(started) == "r:10: error: the spec starts the child machine resolver in this step, the trace records nothing of it")
    }

    @Test func stopEndsTheRunAndNothingFollowsIt() throws {
        let stopped = Self.lines + [#"{"kind":"stop"}"#, #"{"kind":"exit","state":"merged"}"#, #"{"kind":"step","configuration":[]}"#]
        let run = try replay(stopped)
        #expect(run.divergence == nil)
        #expect(run.steps.last?.stimulus == .stop)
        #expect(try message(stopped + [#"{"kind":"event","name":"edit"}"#, #"{"kind":"step","configuration":[]}"#])
            == "r:69: error: the machine was stopped: nothing happens after its 'stop' step, found 'event edit'")
        #expect(try message(Self.lines + [#"{"kind":"stop"}"#, #"{"kind":"step","configuration":[]}"#])
            == "r:67: error: the step ends here in the trace, the spec does 'exit merged' first")
    }

    @Test func aTraceObserverAddedLateIsRefusedAtItsFirstStep() throws {
        let late = [Self.header, #"{"kind":"start"}"#] + Array(Self.lines[4...])
        #expect(try message(late) == "r:3: error: the machine's initial step has no 'step' record: its TraceObserver was added after the machine "
            + "started (addObserver(_:)), so the run has no start to replay from; give it to the machine's init (observers:)")
    }

    /// Two regions' timers due at one instant: a clock fires each as a step of its own, and
    /// replay fires one per `timer` record.
    @Test func twoTimersDueAtOneInstantReplayAsTwoSteps() throws {
        let spec = """
            machine Lights {
                initial parallel state lights {
                    state hall {
                        initial state hallOn { after 1s -> hallOff }
                        state hallOff
                    }
                    state porch {
                        initial state porchOn { after 1s -> porchOff }
                        state porchOff
                    }
                }
            }
            """
        let machine = try #require(Compiler.compile(SourceText(spec)).executable)
        let lines = [
            #"{"fsmcTrace":2,"machine":"Lights","spec":"Lights.fsm","fsmcVersion":"0.1.0"}"#,
            #"{"kind":"start"}"#,
            #"{"kind":"entry","state":"lights"}"#,
            #"{"kind":"entry","state":"hall"}"#,
            #"{"kind":"entry","state":"hallOn"}"#,
            #"{"kind":"entry","state":"porch"}"#,
            #"{"kind":"entry","state":"porchOn"}"#,
            #"{"kind":"step","configuration":["lights","hall","hallOn","porch","porchOn"]}"#,
            #"{"kind":"timer"}"#,
            #"{"kind":"exit","state":"hallOn"}"#,
            #"{"kind":"entry","state":"hallOff"}"#,
            #"{"kind":"transition","trigger":null}"#,
            #"{"kind":"step","configuration":["lights","hall","hallOff","porch","porchOn"]}"#,
            #"{"kind":"timer"}"#,
            #"{"kind":"exit","state":"porchOn"}"#,
            #"{"kind":"entry","state":"porchOff"}"#,
            #"{"kind":"transition","trigger":null}"#,
            #"{"kind":"step","configuration":["lights","hall","hallOff","porch","porchOff"]}"#,
        ]
        let run = TraceReplay.replay(text: lines.joined(separator: "\n"), on: machine)
        #expect(run.divergence == nil, "\(run.divergence?.rendered(tracePath: "r") ?? "")")
        #expect(run.steps.map(\.interpreter.now) == [0, 1_000_000_000, 1_000_000_000])
    }
}
