import FSMCompiler

/// A brute-force property checker to compare ``PropertyChecker`` with: the same interpreter,
/// but every guard answer vector of a stimulus instead of its outcome classes, every event of
/// the machine, the whole graph explored first and each property judged on it afterwards
/// (`only after` by a search of its own over the product with "B has held", `always
/// reachable` by a forward search from every situation).
///
/// It answers, for each property, `nil` (holds), or the number of steps of a shortest run that
/// breaks it (0 for `reachable`, which no run breaks). `nil` as a whole when the spec is too
/// large for it (more situations or guard evaluations per step than its caps).
///
/// It applies DESIGN's kept-events bound in its own words: a step that leaves more than
/// ``keptEventBound`` copies of an event some transition takes is not followed (its situation
/// is then ``isCut``); copies past the bound of an event no transition takes are dropped, which
/// changes nothing the machine does. `always reachable` counts a situation with a step not
/// followed as reaching the condition.
public struct NaiveChecker {
    public let machine: ExecutableMachine
    /// How many copies of one event a situation keeps at most.
    public var keptEventBound = 2
    /// Whether some step was not followed for the kept-events bound.
    public private(set) var isCut = false
    /// The situations some step of which was not followed.
    private var open: Set<Int> = []
    public static let maximumSituations = 2_000
    public static let maximumEvaluations = 8

    private struct Key: Hashable {
        var situation: MachineInterpreter.Situation
        var timers: [Int]
        var held = false
    }

    /// One outcome of a stimulus: the interpreter after it and the configurations it passed.
    private struct Edge {
        var target: Int
        var configurations: [[StateID]]
        /// A step the kept-events bound cut: `target` is its source, and it is not walked on.
        var isCut = false
    }

    /// The interpreter with the copies past the bound of events no transition takes dropped;
    /// `nil` when it keeps more copies of an event some transition takes than the bound.
    private func bounded(_ interpreter: MachineInterpreter) -> MachineInterpreter? {
        var interpreter = interpreter
        let takenEvents = Set(machine.transitions.compactMap(\.eventID))
        for event in Set(interpreter.keptEvents) where interpreter.keptCount(of: event) > keptEventBound {
            if takenEvents.contains(event) { return nil }
            interpreter.keepAtMost(keptEventBound, of: event)
        }
        return interpreter
    }

    private var keys: [Key: Int] = [:]
    private var interpreters: [MachineInterpreter] = []
    private var depths: [Int] = []
    private var edges: [[Edge]] = []
    /// The outcomes of the start: the roots.
    private var starts: [Edge] = []

    public init(machine: ExecutableMachine) {
        self.machine = machine
    }

    /// What the naive checker finds of a property.
    public enum Verdict: Equatable {
        case holds
        /// Not broken, but the kept-events bound cut some steps.
        case holdsWithinBound
        /// Broken by a shortest run of this many steps (0 for `reachable`, which no run breaks).
        case fails(Int)
        /// Not decided on what the bound let it explore.
        case undecided
    }

    /// Whether each property breaks, with the length of a shortest counterexample.
    public mutating func verdicts(of properties: [PropertyModel]) -> [Verdict]? {
        guard explore() else { return nil }
        let unbroken: Verdict = isCut ? .holdsWithinBound : .holds
        return properties.map { property in
            switch property.claim {
            case .never(let condition):
                return shortest { $0.contains { condition.holdsNaively(in: $0) } }.map(Verdict.fails) ?? unbroken
            case .reachable(let condition):
                if shortest({ $0.contains { condition.holdsNaively(in: $0) } }) != nil { return .holds }
                return isCut ? .undecided : .fails(0)
            case .alwaysReachable(let condition):
                if let length = firstTrap(condition, openReaches: true) { return .fails(length) }
                if !isCut { return .holds }
                return firstTrap(condition, openReaches: false) == nil ? .holdsWithinBound : .undecided
            case .onlyAfter(let condition, let after):
                return onlyAfter(condition, after).map(Verdict.fails) ?? unbroken
            }
        }
    }

    private static func key(_ interpreter: MachineInterpreter) -> Key {
        Key(situation: interpreter.situation, timers: interpreter.runningTimerKeys.map { $0.owner.index * 1_000 + $0.group })
    }

    /// Explores every situation; `false` past a cap.
    private mutating func explore() -> Bool {
        let start = MachineInterpreter(checking: machine)
        guard let roots = outcomes(of: .start, from: start) else { return false }
        var queue: [Int] = []
        for (interpreter, configurations) in roots {
            guard let interpreter = bounded(interpreter) else {
                isCut = true
                starts.append(Edge(target: -1, configurations: configurations, isCut: true))
                continue
            }
            let target = add(interpreter, depth: 0, into: &queue)
            starts.append(Edge(target: target, configurations: configurations))
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            guard keys.count <= Self.maximumSituations else { return false }
            let interpreter = interpreters[node]
            if interpreter.isFinished { continue }
            var stimuli = machine.model.events.indices.map { MachineInterpreter.Stimulus.event(EventID($0)) }
            stimuli += interpreter.runningTimerKeys.map { .timer($0.owner, group: $0.group) }
            for run in interpreter.runningInvocations {
                let invocation = machine.model[run.invocation]
                let results: [InvocationResult] =
                    switch invocation.kind {
                    case .call: [.error, .done]
                    case .stream: [.done, .element, .error]
                    case .machine:
                        (invocation.child?.hasTopLevelFinalState == true ? [.done] : [])
                            + (invocation.child?.outputs ?? []).map { .output($0.name) }
                    }
                stimuli += results.map { .outcome(run.invocation, $0) }
            }
            for stimulus in stimuli {
                guard let found = outcomes(of: stimulus, from: interpreter) else { return false }
                for (next, configurations) in found {
                    guard let next = bounded(next) else {
                        isCut = true
                        open.insert(node)
                        // The step's configurations are still judged: the bound cuts what follows.
                        edges[node].append(Edge(target: node, configurations: configurations, isCut: true))
                        continue
                    }
                    let target = add(next, depth: depths[node] + 1, into: &queue)
                    edges[node].append(Edge(target: target, configurations: configurations))
                }
            }
        }
        return true
    }

    private mutating func add(_ interpreter: MachineInterpreter, depth: Int, into queue: inout [Int]) -> Int {
        let key = Self.key(interpreter)
        if let known = keys[key] { return known }
        let node = interpreters.count
        keys[key] = node
        interpreters.append(interpreter)
        depths.append(depth)
        edges.append([])
        queue.append(node)
        return node
    }

    /// Every answer vector, as long as the most evaluations any of them asks; `nil` past the
    /// cap or when a run diverges.
    private func outcomes(
        of stimulus: MachineInterpreter.Stimulus, from interpreter: MachineInterpreter
    ) -> [(MachineInterpreter, [[StateID]])]? {
        var length = 0
        while length <= Self.maximumEvaluations {
            var found: [(MachineInterpreter, [[StateID]])] = []
            var longer = false
            for bits in 0..<(1 << length) {
                var copy = interpreter
                let answers = (0..<length).map { bits & (1 << $0) != 0 }
                let run = copy.run(stimulus, script: GuardScript(answers: answers))
                if copy.diverged { return nil }
                if run.script.asked.count > length {
                    length = run.script.asked.count
                    longer = true
                    break
                }
                found.append((copy, run.configurations))
            }
            if !longer { return found }
        }
        return nil
    }

    /// The steps of a shortest run with a step whose configurations `breaks`.
    private func shortest(_ breaks: ([[StateID]]) -> Bool) -> Int? {
        var best: Int?
        for edge in starts where breaks(edge.configurations) { best = 1 }
        if best != nil { return best }
        for node in edges.indices {
            for edge in edges[node] where breaks(edge.configurations) {
                best = min(best ?? .max, depths[node] + 2)
            }
        }
        return best
    }

    /// The depth of the shallowest situation from which no run reaches `condition`; a situation
    /// with a step not followed counts as reaching it when `openReaches`.
    private func firstTrap(_ condition: GuardModel, openReaches: Bool) -> Int? {
        var best: Int?
        for node in interpreters.indices {
            var seen: Set<Int> = [node]
            var work = [node]
            var reaches = condition.holdsNaively(in: interpreters[node].configuration)
            while !reaches, let current = work.popLast() {
                if openReaches, open.contains(current) {
                    reaches = true
                    break
                }
                for edge in edges[current] where !edge.isCut {
                    if edge.configurations.contains(where: { condition.holdsNaively(in: $0) }) {
                        reaches = true
                        break
                    }
                    if seen.insert(edge.target).inserted { work.append(edge.target) }
                }
            }
            if !reaches { best = min(best ?? .max, depths[node] + 1) }
        }
        return best
    }

    /// A breadth-first search of its own over the situations with "B has held".
    private func onlyAfter(_ condition: GuardModel, _ after: GuardModel) -> Int? {
        // Walks one step's configurations; `nil` when `A` came first, else whether `B` held.
        func walk(_ configurations: [[StateID]], held: Bool) -> Bool? {
            var held = held
            for configuration in configurations where !held {
                if after.holdsNaively(in: configuration) {
                    held = true
                } else if condition.holdsNaively(in: configuration) {
                    return nil
                }
            }
            return held
        }
        var seen = Set<[Int]>()
        var level: [[Int]] = []
        for edge in starts where !edge.isCut {
            guard let held = walk(edge.configurations, held: false) else { return 1 }
            if seen.insert([edge.target, held ? 1 : 0]).inserted { level.append([edge.target, held ? 1 : 0]) }
        }
        var steps = 1
        while !level.isEmpty {
            steps += 1
            var next: [[Int]] = []
            for pair in level {
                for edge in edges[pair[0]] {
                    guard let held = walk(edge.configurations, held: pair[1] == 1) else { return steps }
                    if edge.isCut { continue }
                    if seen.insert([edge.target, held ? 1 : 0]).inserted { next.append([edge.target, held ? 1 : 0]) }
                }
            }
            level = next
        }
        return nil
    }
}

extension GuardModel {
    /// The condition on a configuration, evaluated here rather than by the checker's code.
    func holdsNaively(in configuration: [StateID]) -> Bool {
        switch self {
        case .isIn(let state): configuration.contains(state)
        case .not(let operand): !operand.holdsNaively(in: configuration)
        case .and(let lhs, let rhs): lhs.holdsNaively(in: configuration) && rhs.holdsNaively(in: configuration)
        case .or(let lhs, let rhs): lhs.holdsNaively(in: configuration) || rhs.holdsNaively(in: configuration)
        case .constant(let value): value
        case .call, .callWithArguments, .else: false
        }
    }
}
