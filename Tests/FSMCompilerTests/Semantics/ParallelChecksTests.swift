import FSMCompiler
import Testing
import TestSupport

/// The checks of parallel states and their regions, with exact texts and positions (marked
/// `1️⃣`, `2️⃣`, … in the specs), and that the warnings which say a transition never fires, a
/// state is unreachable or has no way out are true: an exhaustive run of the interpreter over
/// many generated machines never contradicts them.
///
/// Warnings are checked on what the analyzer says
/// (``MarkedSource/expectAnalysisDiagnostics(_:sourceLocation:)``), so that what the Swift back
/// end cannot generate yet (and refuses, which drops warnings) does not hide them; errors stop
/// the compilation before the back end, and are checked through the whole compiler.
@Suite(.offThePool) struct ParallelChecksTests {
    // MARK: - Regions

    @Test func regionsAreCompoundStatesEnteredTogether() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go -> p }
                parallel state p {
                    1️⃣initial state r1 {
                        initial state x { on go -> y }
                        state y { on go -> x }
                    }
                    state r2
                    3️⃣final state r3
                    state 4️⃣r4 {
                        state z { on go -> w }
                        state w { on go -> z }
                    }
                    state r5 {
                        5️⃣initial state u { on go -> v }
                        6️⃣initial state v { on go -> u }
                    }
                    state 7️⃣r6(since: Int) {
                        initial state s { on go -> a }
                    }
                }
            }
            """).expectDiagnostics([
            .error("1️⃣", "region 'r1' of parallel state 'p' cannot be initial: a parallel state enters all its regions together; remove 'initial'"),
            .error(
                "3️⃣",
                "region 'r3' of parallel state 'p' cannot be final: a region completes when it enters a final state of its own; remove 'final', and give 'r3' child states, one of them 'initial' and one 'final'"),
            .error("4️⃣", "region 'r4' of parallel state 'p' has no initial state; mark the one it starts in, as in 'initial state z'"),
            .error("6️⃣", "region 'r5' of parallel state 'p' has more than one initial state", notes: [("5️⃣", "'u' is initial already")]),
            .error(
                "7️⃣",
                "region 'r6' of parallel state 'p' carries data, but entering 'p' enters its regions without any; move the data to 'p', or into a state inside 'r6'"),
        ])
    }

    /// A region with data is the analyzer's to report, once: not again by the lowering at
    /// the transitions that enter it, nor through the data of the states inside it.
    @Test func aRegionWithDataIsReportedOnce() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go -> p }
                state b { on go -> y }
                parallel state p {
                    state 1️⃣r1(k: Int) {
                        initial state x { on go -> y }
                        state y { on go -> x }
                    }
                    state r2 { initial state z { on go -> a } }
                }
            }
            """).expectDiagnostics([
            .error(
                "1️⃣",
                "region 'r1' of parallel state 'p' carries data, but entering 'p' enters its regions without any; move the data to 'p', or into a state inside 'r1'"),
        ])
    }

    /// A final region with children is a final state with children: reported as such, once.
    @Test func aFinalRegionWithChildrenIsAFinalStateWithChildren() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go -> p }
                parallel state p {
                    final state 1️⃣r1 {
                        initial state x
                    }
                    state r2 { initial state z { on go -> a } }
                }
            }
            """).expectDiagnostics([
            .error("1️⃣", "final state 'r1' cannot contain states"),
        ])
    }

    /// `done` in a parallel state waits for a final state in every region; an atomic region is
    /// never in one.
    @Test func doneInAParallelStateWithARegionWithoutStates() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go -> p }
                parallel state p {
                    state r1 { initial state x { on go -> y }; final state y }
                    state r2
                    1️⃣done -> a
                }
            }
            """).expectDiagnostics([
            .error("1️⃣", "'done' in parallel state 'p' never fires: its region 'r2' has no final state to complete with"),
        ])
    }

    @Test func aParallelStateWithFewerThanTwoRegions() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go -> p }
                parallel state 1️⃣p {
                    state r {
                        initial state x { on go -> y }
                        state y { on go -> q }
                    }
                }
                parallel state 2️⃣q { on go -> a }
            }
            """).expectAnalysisDiagnostics([
            .warning(
                "1️⃣",
                "parallel state 'p' has only one region, 'r', so it works as a plain compound state; remove 'parallel' and mark 'r' initial, or add another region"),
            .warning("2️⃣", "parallel state 'q' has no regions; remove 'parallel', or give it child states, one per region"),
        ])
    }

    /// A region may itself be a parallel state: its own children are regions, and it needs
    /// no initial child.
    @Test func aRegionMayBeAParallelState() throws {
        let model = try #require(MarkedSource("""
            machine M {
                event go
                event stop
                initial state a { on go -> p }
                parallel state p {
                    parallel state r1 {
                        state r11 { initial state x { on go -> y }; state y { on go -> x } }
                        state r12 { initial state z { on go -> w }; state w { on go -> z } }
                    }
                    state r2 { initial state u { on stop -> a } }
                }
            }
            """).expectAnalysisDiagnostics([]))
        #expect(model.states.filter(\.isParallel).map(\.name) == ["p", "r1"])
        #expect(model.states.map(\.initialChild).compactMap { $0 }.map { model[$0].name } == ["x", "z", "u"])
    }

    // MARK: - History, in(…), reachability

    /// Shallow and deep history on a parallel state, and on a region, are allowed; so is a
    /// target that names one.
    @Test func historyOfAParallelStateIsAllowed() {
        MarkedSource("""
            machine M {
                event go
                event sleep
                event wake
                event wakeDeep
                event wakeBold
                initial state a { on go -> p }
                parallel state p {
                    history
                    state bold {
                        history deep
                        initial state off { on go -> on }
                        state on { on go -> off }
                    }
                    state italic {
                        initial state plain { on go -> slanted }
                        state slanted { on go -> plain }
                    }
                    on sleep -> asleep
                }
                parallel state q {
                    history deep
                    state left { initial state l1 { on go -> l2 }; state l2 { on sleep -> asleep } }
                    state right { initial state r1 { on go -> r2 }; state r2 }
                }
                state asleep {
                    on wake -> p.history
                    on wakeDeep -> q.history
                    on wakeBold -> bold.history
                    on go -> q
                }
            }
            """).expectAnalysisDiagnostics([])
    }

    @Test func inGuardsNameStatesOfOtherRegions() throws {
        let model = MarkedSource("""
            machine M {
                event toggleBold
                event toggleItalic
                initial parallel state editor {
                    state bold {
                        initial state boldOff { on toggleBold -> boldOn }
                        state boldOn { on toggleBold -> boldOff }
                    }
                    state italic {
                        initial state italicOff { on toggleItalic [in(boldOn) && !in(1️⃣boldOf)] -> italicOn }
                        state italicOn { on toggleItalic [in(bold)] -> italicOff }
                    }
                }
            }
            """).expectAnalysisDiagnostics([
            .error("1️⃣", "unknown state 'boldOf'; did you mean 'boldOff'?"),
        ])
        #expect(model == nil)
        let valid = try #require(MarkedSource("""
            machine M {
                event toggleBold
                event toggleItalic
                initial parallel state editor {
                    state bold {
                        initial state boldOff { on toggleBold -> boldOn }
                        state boldOn { on toggleBold -> boldOff }
                    }
                    state italic {
                        initial state italicOff { on toggleItalic [in(boldOn)] -> italicOn }
                        state italicOn { on toggleItalic [in(bold)] -> italicOff }
                    }
                }
            }
            """).expectAnalysisDiagnostics([]))
        let italicOff = valid.states.first { $0.name == "italicOff" }
        #expect(italicOff?.transitions.first?.guardExpression?.testedStates.map { valid[$0].name } == ["boldOn"])
    }

    @Test func unreachableStatesInsideRegionsAreReported() {
        MarkedSource("""
            machine M {
                event go
                event back
                initial state a { on go -> p }
                parallel state p {
                    state r1 {
                        initial state x { on go -> y }
                        state y { on back -> x }
                    }
                    state r2 {
                        initial state z { on go -> a }
                        state 1️⃣w { on go -> z }
                    }
                }
                parallel state 2️⃣q {
                    state r3 { initial state u { on go -> a } }
                    state r4 { initial state v { on back -> a } }
                }
            }
            """).expectAnalysisDiagnostics([
            .warning("1️⃣", "state 'w' is unreachable from the initial state 'a'"),
            .warning("2️⃣", "state 'q' is unreachable from the initial state 'a'"),
        ])
    }

    /// A transition to a state inside one region enters the other regions by default; a
    /// parallel state's `done` fires once every region can complete.
    @Test func reachabilityEntersTheOtherRegionsAndFollowsCompletion() {
        MarkedSource("""
            machine M {
                event go
                event back
                initial state idle { on go -> y }
                parallel state p {
                    state r1 {
                        initial state x { on go -> y }
                        state y { on go -> h; on back -> idle }
                        final state h
                    }
                    state r2 {
                        initial state z { on go -> f }
                        final state f
                    }
                    state r3 {
                        initial state u { on go -> g }
                        final state g
                    }
                    done -> finished
                }
                state finished { on back -> idle }
                state 1️⃣lost {
                    initial state n1 { on go -> n2 }
                    state n2 { on go -> n1 }
                    on back -> idle
                }
            }
            """).expectAnalysisDiagnostics([
            .warning("1️⃣", "state 'lost' is unreachable from the initial state 'idle'"),
        ])
    }

    /// A state of one region is left when another region leaves the parallel state: that is a
    /// way out. Without one, the state is reported.
    @Test func anotherRegionLeavingTheParallelStateIsAWayOut() {
        MarkedSource("""
            machine M {
                event go
                event back
                initial state a { on go -> p; on back -> b }
                parallel state p {
                    state r1 { initial state x }
                    state r2 {
                        initial state z { on go -> w }
                        state w { on back -> y }
                    }
                    state r3 { initial state y { on go -> a } }
                }
                state b { on go -> q }
                parallel state q {
                    state r4 { initial state 1️⃣u }
                    state r5 {
                        initial state v { on go -> t }
                        state t { on go -> v }
                    }
                    state r6 { initial state 2️⃣s { on back -> s } }
                }
            }
            """).expectAnalysisDiagnostics([
            .warning("1️⃣", "state 'u' has no way out; mark it 'final' if the machine ends there"),
            .warning("2️⃣", "state 's' has no way out; mark it 'final' if the machine ends there"),
        ])
    }

    // MARK: - Conflicting transitions

    @Test func transitionsThatAnEarlierRegionAlwaysBeatNeverFire() {
        MarkedSource("""
            machine Editor {
                event open
                event toggle
                event quit
                event reset
                event close
                initial state idle { on open -> editor }
                parallel state editor {
                    state bold {
                        initial state boldOff {
                            on toggle -> boldOn
                            1️⃣on quit -> idle
                        }
                        state boldOn {
                            on toggle -> boldOff
                            2️⃣on quit -> idle
                        }
                        3️⃣on reset -> boldOff
                    }
                    state italic {
                        initial state italicOff {
                            on toggle -> italicOn
                            4️⃣on quit -> italicOn
                            5️⃣on reset -> idle
                            on close / log
                        }
                        state italicOn { on toggle -> italicOff }
                    }
                    6️⃣on reset -> idle
                    on close -> idle
                }
            }
            """).expectAnalysisDiagnostics([
            .warning(
                "4️⃣",
                "this transition never fires: region 'bold' of 'editor' takes 'quit' first, and leaves 'editor'; guard the transitions in 'bold', or remove one of them",
                notes: [("1️⃣", "'boldOff' takes 'quit' here"), ("2️⃣", "'boldOn' takes 'quit' here")]),
            .warning(
                "5️⃣",
                "this transition never fires: it leaves 'editor', but region 'bold' of 'editor' takes 'reset' first; guard the transition in 'bold', or remove one of them",
                notes: [("3️⃣", "'bold' takes 'reset' here")]),
            .warning(
                "6️⃣",
                "this transition of 'editor' never fires: its region 'bold' takes 'reset' first, and a region's transition wins over its parallel state's; guard the transition in 'bold', or remove one of them"),
        ])
    }

    /// When every region takes the event first, the parallel state's transition is reported
    /// once, as a parent's that every child overrides.
    @Test func aParallelStatesTransitionThatEveryRegionTakesFirst() {
        MarkedSource("""
            machine M {
                event go
                event stop
                initial state idle { on go -> p }
                parallel state p {
                    state 1️⃣r1 { initial state a { on stop -> idle } }
                    state 2️⃣r2 { initial state b { on stop / log } }
                    3️⃣on stop -> idle
                }
            }
            """).expectAnalysisDiagnostics([
            .warning(
                "3️⃣", "this transition of 'p' never fires: every region of 'p' takes 'stop' first",
                notes: [("1️⃣", "'r1' takes 'stop' in each of its child states"), ("2️⃣", "'r2' takes 'stop' in each of its child states")]),
        ])
    }

    /// Where something could let the later transition fire, nothing is reported: a guarded
    /// transition in the earlier region, one state of it without the event, a transition
    /// without a target (it conflicts with nothing), a parallel state inside the earlier
    /// region, an earlier region around the parallel state that takes the event itself.
    @Test func conflictsAreReportedOnlyWhenCertain() {
        MarkedSource("""
            machine M {
                event go
                event stop
                event quit
                event jump
                initial state idle { on go -> p; on jump -> o }
                parallel state p {
                    state r1 {
                        initial state a {
                            on go [ready] -> idle
                            on stop -> a2
                            on quit / log
                        }
                        state a2 {
                            on stop -> idle
                            on quit -> idle
                        }
                    }
                    state r2 {
                        initial state b {
                            on go -> b2
                            on stop -> b2
                            on quit -> b2
                        }
                        state b2 { on go -> b; on stop -> b; on quit -> idle }
                    }
                }
                parallel state o {
                    state o1 {
                        initial state c { on jump -> c2 }
                        state c2 { on jump -> c }
                    }
                    state o2 {
                        initial parallel state q {
                            state q1 { initial state d { on jump -> e2 } }
                            state q2 { initial state e { on jump -> e2 }; state e2 { on jump -> e; on go -> idle } }
                        }
                    }
                    state o3 {
                        initial parallel state inner {
                            state i1 { initial state f { on stop -> idle } }
                            state i2 { initial state g { on stop / log } }
                        }
                    }
                    state o4 { initial state h { on stop -> h2 }; state h2 { on stop -> h } }
                }
            }
            """).expectAnalysisDiagnostics([])
    }

    /// An unguarded eventless loop inside a region may never come round when another region
    /// leaves the parallel state first: it is not reported then. One with nothing to stop it is.
    @Test func anEventlessLoopThatAnotherRegionMayEndIsNotReported() {
        MarkedSource("""
            machine M {
                event go
                initial state idle { on go -> p }
                parallel state p {
                    state r0 { initial state x { always -> idle } }
                    state r1 {
                        initial state a { always -> b }
                        state b { always -> a }
                    }
                }
                state q {
                    initial state c { 1️⃣always -> d }
                    state d { 2️⃣always -> c }
                }
            }
            """).expectAnalysisDiagnostics([
            .error("1️⃣", "unguarded eventless transitions loop forever: c -> d -> c", notes: [("2️⃣", "then 'd' goes on here")]),
        ])
    }

    // MARK: - The warnings are true

    /// Generated machines with parallel states (regions with nested states, a parallel state
    /// inside a region, inside a region of another parallel state), random transitions, guards
    /// and targets: every warning that a transition never fires, that a state is unreachable
    /// or has no way out holds in an exhaustive run of the interpreter, which resolves
    /// conflicts as SCXML does. The exploration tries every event with the guard holding and
    /// not, from every situation (active states and histories) the machine reaches.
    @Test func theWarningsAboutParallelStatesAreTrueInEveryRun() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            var generator = SpecGenerator(seed: 0x5EED)
            var checked = 0
            var warned = 0
            for _ in 0..<400 {
                let spec = generator.spec()
                let (syntax, syntaxDiagnostics) = Parser.parse(SourceText(spec))
                try #require(syntaxDiagnostics.isEmpty, "\(spec)")
                let analysis = SemanticAnalyzer.analyze(syntax)
                guard let model = analysis.model, !analysis.diagnostics.contains(where: { $0.severity == .error }) else { continue }
                let machine = try Lowering.lower(model).get()
                guard let run = Exploration(machine) else { continue }
                checked += 1
                for warning in analysis.diagnostics where warning.severity == .warning {
                    if warning.message.contains("never fires") {
                        warned += 1
                        let transition = try #require(machine.transitions.first { $0.declaration.range == warning.range })
                        #expect(!run.taken.contains(transition.id), "\(warning.location): \(warning.message)\n\(spec)")
                    } else if warning.message.contains("is unreachable") {
                        let state = try #require(model.states.first { $0.range == warning.range })
                        #expect(!run.entered.contains(state.id), "\(warning.location): \(warning.message)\n\(spec)")
                    } else if warning.message.contains("has no way out") {
                        let state = try #require(model.states.first { $0.range == warning.range })
                        #expect(!run.left.contains(state.id), "\(warning.location): \(warning.message)\n\(spec)")
                    }
                }
            }
            #expect(checked > 200)
            #expect(warned > 20)
        }
    }
}

/// Every situation a machine reaches from its start, each event sent with the guard `g`
/// holding and not: what was taken, entered, and left for good (active before a stimulus,
/// not after it).
private struct Exploration {
    var taken: Set<TransitionID> = []
    var entered: Set<StateID> = []
    var left: Set<StateID> = []

    /// `nil` when a run loops on eventless transitions.
    init?(_ machine: ExecutableMachine) {
        let answers: [Set<String>] = [[], ["g"]]
        var pending: [MachineInterpreter] = []
        var seen: Set<MachineInterpreter.Situation> = []
        func note(_ run: MachineInterpreter, since mark: Int, before: [StateID]) -> Bool {
            guard !run.diverged else { return false }
            for entry in run.trace[mark...] {
                switch entry {
                case .took(let id): taken.insert(id)
                case .entered(let state): entered.insert(state)
                case .exited, .ignored, .kept, .released, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult, .inChild, .updated: break
                }
            }
            left.formUnion(Set(before).subtracting(run.configuration))
            return true
        }
        for holding in answers {
            var run = MachineInterpreter(machine: machine)
            _ = run.start(answers: holding)
            guard note(run, since: 0, before: []) else { return nil }
            if seen.insert(run.situation).inserted { pending.append(run) }
        }
        while let current = pending.popLast() {
            for event in machine.model.events.indices {
                for holding in answers {
                    var run = current
                    let mark = run.trace.count
                    _ = run.send(EventID(event), answers: holding)
                    guard note(run, since: mark, before: current.configuration) else { return nil }
                    if seen.insert(run.situation).inserted { pending.append(run) }
                }
            }
        }
    }
}

/// Random machines around a parallel state, for
/// ``ParallelChecksTests/theWarningsAboutParallelStatesAreTrueInEveryRun()``: the same seed gives
/// the same machines.
private struct SpecGenerator {
    private var seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    private struct Node {
        enum Kind { case atomic, compound, parallel }
        var name: String
        var kind: Kind
        var isInitial = false
        var isFinal = false
        var children: [Int] = []
    }

    private var nodes: [Node] = []

    private mutating func add(_ name: String? = nil, _ kind: Node.Kind, initial: Bool = false, final: Bool = false) -> Int {
        nodes.append(Node(name: name ?? "s\(nodes.count)", kind: kind, isInitial: initial, isFinal: final))
        return nodes.count - 1
    }

    /// A region (or a compound state): two or three children, the first initial; some
    /// compound, few parallel, few final.
    private mutating func compound(initial: Bool, depth: Int) -> Int {
        let id = add(nil, .compound, initial: initial)
        for index in 0..<(2 + below(2)) {
            let child: Int
            let roll = below(100)
            if depth < 2, roll < 15 {
                child = compound(initial: index == 0, depth: depth + 1)
            } else if depth < 2, roll < 25 {
                child = parallel(initial: index == 0, depth: depth + 1)
            } else {
                child = add(nil, .atomic, initial: index == 0, final: index > 0 && chance(12))
            }
            nodes[id].children.append(child)
        }
        return id
    }

    private mutating func parallel(initial: Bool, depth: Int, name: String? = nil) -> Int {
        let id = add(name, .parallel, initial: initial)
        let regions = chance(8) ? 1 : 2 + below(2)
        for _ in 0..<regions { nodes[id].children.append(compound(initial: false, depth: depth + 1)) }
        return id
    }

    mutating func spec() -> String {
        nodes = []
        var top = [add("idle", .atomic, initial: true), add("out", .atomic)]
        let p: Int
        switch below(4) {
        case 0:
            let main = add("main", .compound)
            nodes[main].children = [add("m0", .atomic, initial: true)]
            p = parallel(initial: false, depth: 1, name: "p")
            nodes[main].children.append(p)
            top.append(main)
        case 1:
            let outer = add("o", .parallel)
            let o1 = compound(initial: false, depth: 2)
            let o2 = add("o2", .compound)
            p = parallel(initial: true, depth: 2, name: "p")
            nodes[o2].children = [p, add("o2b", .atomic)]
            nodes[outer].children = [o1, o2]
            if chance(50) { nodes[outer].children.swapAt(0, 1) }
            top.append(outer)
        default:
            p = parallel(initial: false, depth: 0, name: "p")
            top.append(p)
        }
        let names = nodes.map(\.name)
        var lines = ["machine R {", "    event e0", "    event e1", "    event e2"]
        func transitions(of node: Int, indent: String) -> [String] {
            if nodes[node].isFinal { return [] }
            var written: [String] = []
            var unguarded: Set<String> = []
            if node == 0 { written.append("on e0 -> p"); unguarded.insert("on e0") }
            for _ in 0..<below(3) {
                let trigger = chance(8) ? "always" : "on e\(below(3))"
                if unguarded.contains(trigger) { continue }
                let guardText: String
                switch below(4) {
                case 0: guardText = " [g]"
                case 1: guardText = " [!g]"
                default: guardText = ""; unguarded.insert(trigger)
                }
                let target = chance(20) ? " / log" : " -> \(names[below(names.count)])"
                written.append(trigger + guardText + target)
            }
            if nodes[node].kind == .parallel, nodes[node].children.allSatisfy({ child in nodes[child].children.contains { nodes[$0].isFinal } }), chance(50) {
                written.append("done -> idle")
            }
            return written.map { indent + $0 }
        }
        func write(_ node: Int, indent: String) {
            var modifiers = ""
            if nodes[node].isInitial { modifiers += "initial " }
            if nodes[node].isFinal { modifiers += "final " }
            if nodes[node].kind == .parallel { modifiers += "parallel " }
            let body = transitions(of: node, indent: indent + "    ")
            if nodes[node].children.isEmpty, body.isEmpty {
                lines.append("\(indent)\(modifiers)state \(nodes[node].name)")
                return
            }
            lines.append("\(indent)\(modifiers)state \(nodes[node].name) {")
            for child in nodes[node].children { write(child, indent: indent + "    ") }
            lines += body
            lines.append("\(indent)}")
        }
        for node in top { write(node, indent: "    ") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
