import FSMCompiler
import FSMSpecGenerator
import Foundation

/// Parent/child pairs against Qt SCXML (docs/SCXML.md, "Child machines"): random parents of the
/// differential profile invoking random children (``SpecProfile/childMachines``), and fixed
/// pairs from a directory (DESIGN's `SignIn` and `App`), each run by Qt on fsmc's export and by
/// fsmc's interpreter under random scripts that send the parent and its running children events
/// and move the clock; their exits, entries and configurations must agree after every step.
struct ChildCampaign {
    let qt: QtSide
    let workDirectory: URL
    var scriptsPerPair: Int
    var stepsPerScript: Int
    var seed: UInt64

    struct Disagreement {
        var pair: ChildPair
        var script: DifferentialScript
        var step: Int
        var qt: [String]
        var fsmc: [String]

        var report: String {
            "DISAGREEMENT: \(pair.name) (\(pair.origin)) at step \(step)\n  script: \(script.summary)\n"
                + "  Qt:\n    " + qt.joined(separator: "\n    ") + "\n  fsmc's interpreter:\n    " + fsmc.joined(separator: "\n    ")
                + "\n\(pair.parentText)\n" + pair.childTexts.joined(separator: "\n")
        }
    }

    /// `count` random pairs: each child a differential spec without named guards (a harness
    /// cannot set a child session's) that neither emits nor finishes as it starts, so that a
    /// parent re-entering its invoking state on a child's output never loops; each parent a
    /// differential spec invoking it. Children invoke calls and streams (``SpecProfile/invocations``:
    /// in about one state of four, so some children have none), and so do the parents of the
    /// odd-numbered pairs (`P1`, `P3`, …): pairs with work in the parent and the child, in the
    /// child alone, in the parent alone and in neither.
    /// A pair the export refuses is counted in `leftOut` and made again.
    static func randomPairs(count: Int, seed: UInt64, size: SpecSize, leftOut: inout ExportRefusals) throws -> [ChildPair] {
        var childProfile = SpecProfile.differential
        childProfile.guards = false
        childProfile.invocations = true
        var children = SpecGenerator(seed: seed, profile: childProfile, size: .small)
        var pairs: [ChildPair] = []
        var parentSeed = seed
        var attempts = 0
        while pairs.count < count {
            attempts += 1
            // Most children and parents fit; a generator that stopped making them is a bug.
            guard attempts <= 50 * count else { throw CampaignError("\(attempts - 1) attempts made only \(pairs.count) of \(count) pairs") }
            let number = pairs.count + 1
            let child = children.makeSpec(machineName: "K\(number)")
            guard !startsSending(child.text) else { continue }
            var parentProfile = SpecProfile.differential
            parentProfile.invocations = number % 2 == 1
            parentProfile.childMachines = [SpecChildMachine(
                name: child.machineName, outputs: child.document.outputs.map(\.name),
                finishes: child.document.states.contains(where: \.isFinal))]
            var parents = SpecGenerator(seed: parentSeed, profile: parentProfile, size: size)
            parentSeed &+= 1
            let parent = parents.makeSpec(machineName: "P\(number)")
            guard parent.text.contains(" as ") else { continue }
            do {
                var pair = try ChildPair(
                    origin: "SpecGenerator seeds \(seed) (child \(child.index)) and \(parentSeed - 1) (parent)",
                    parentText: parent.text, childTexts: [child.text], externalChildEvents: child.externalEvents)
                pair.parentDocument = parent.document
                pair.childDocument = child.document
                pairs.append(pair)
            } catch ChildPair.Refusal.exportRefused(let refusal) {
                leftOut.count(refusal)
                print("left out generated pair \(number): the SCXML export refuses it: \(refusal)")
            } catch {
                print("skipped generated pair \(number): \(error)\n\(parent.text)\n\(child.text)")
            }
        }
        return pairs
    }

    /// Whether a machine emits or finishes as it starts (its guards unanswered).
    static func startsSending(_ text: String) -> Bool {
        guard let machine = Compiler.compile(SourceText(text)).executable else { return true }
        var interpreter = MachineInterpreter(machine: machine)
        _ = interpreter.start(answers: [])
        if interpreter.isFinished { return true }
        let model = machine.model
        let transitions = model.allTransitions
        let emits = { (actions: [ActionModel]) in actions.contains { if case .emit = $0 { true } else { false } } }
        return interpreter.trace.contains { entry in
            switch entry {
            case .entered(let state): emits(model[state].entryActions)
            case .exited(let state): emits(model[state].exitActions)
            case .took(let transition): emits(transitions[transition.index].actions)
            default: false
            }
        }
    }

    /// The fixed pairs of `directory`: each subdirectory holds a parent and the specs it
    /// invokes (the parent is the spec no other one invokes).
    static func fixedPairs(in directory: URL) throws -> [ChildPair] {
        let files = FileManager.default
        return try files.contentsOfDirectory(atPath: directory.path).sorted().compactMap { name in
            let folder = directory.appendingPathComponent(name)
            let specs = try files.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsm") }.sorted()
            guard !specs.isEmpty else { return nil }
            let texts = try specs.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            let interfaces = texts.map { MachineCatalog.interface(of: SourceText($0)) }
            let invoked = Set(interfaces.flatMap { $0?.invokedMachines ?? [] })
            guard let index = interfaces.firstIndex(where: { $0.map { !invoked.contains($0.name) } ?? false }) else {
                throw CampaignError("\(folder.path): every spec is invoked by another; which is the parent?")
            }
            let parent = texts[index]
            return try ChildPair(origin: folder.path, parentText: parent, childTexts: texts.filter { $0 != parent })
        }
    }

    /// Runs every pair's scripts through Qt and the interpreter, but for the pairs of a known
    /// Qt deviation (``ChildPair/qtDeviation``), which it names; returns how many runs were
    /// compared, how many pairs were not, and the disagreements.
    func run(_ pairs: [ChildPair], name: String) throws -> (runs: Int, deviating: Int, disagreements: [Disagreement], work: WorkFigures) {
        var generator = ChildScriptGenerator(seed: seed)
        var compared: [ChildPair] = []
        for pair in pairs {
            if let reason = pair.qtDeviation {
                print("not compared with Qt: \(pair.name) (\(pair.origin)): \(reason)")
            } else {
                compared.append(pair)
            }
        }
        let runs = compared.flatMap { pair in (0..<scriptsPerPair).map { _ in (pair, generator.makeScript(for: pair, steps: stepsPerScript)) } }
        var work = WorkFigures()
        for pair in compared {
            let invokes = pair.invokesWork
            work.pairs[invokes.parent ? (invokes.child ? 0 : 1) : (invokes.child ? 2 : 3)] += 1
        }
        let disagreements = try judge(runs, directory: workDirectory.appendingPathComponent(name), work: &work)
        return (runs.count, pairs.count - compared.count, disagreements, work)
    }

    /// What the compared pairs did with calls and streams: how many pairs have them in the
    /// parent and a child, in the parent alone, in a child alone and nowhere, and how many
    /// outcome steps reached work that ran, the parent's and a child's.
    struct WorkFigures {
        var pairs = [0, 0, 0, 0]
        var outcomesDelivered = (parent: 0, child: 0)
        /// Runs compared only up to a wait in which children started together have timers due
        /// at one deadline (``ChildTrace/comparedSteps``).
        var runsCutShort = 0

        var summary: String {
            "calls and streams in parent and child: \(pairs[0]) pairs, parent only: \(pairs[1]), child only: \(pairs[2]), "
                + "none: \(pairs[3]); outcomes delivered to the parent's: \(outcomesDelivered.parent), to a child's: \(outcomesDelivered.child); "
                + "\(runsCutShort) runs compared up to a wait where children started together have timers due at one deadline (known Qt deviation)"
        }
    }

    /// Runs each pair and script through Qt (one job) and the interpreter.
    func judge(_ runs: [(ChildPair, DifferentialScript)], directory: URL) throws -> [Disagreement] {
        var work = WorkFigures()
        return try judge(runs, directory: directory, work: &work)
    }

    /// ``judge(_:directory:)``, counting the outcomes delivered into `work`.
    func judge(_ runs: [(ChildPair, DifferentialScript)], directory: URL, work: inout WorkFigures) throws -> [Disagreement] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var job = ""
        for (index, (pair, script)) in runs.enumerated() {
            let document = directory.appendingPathComponent("\(pair.name)-\(index).scxml")
            try pair.scxml.write(to: document, atomically: true, encoding: .utf8)
            job += script.job(chart: document.path, guards: pair.guards)
        }
        let jobFile = directory.appendingPathComponent("qt.job")
        try job.write(to: jobFile, atomically: true, encoding: .utf8)
        let traces = RunTrace.parse(try qt.run(job: jobFile))
        guard traces.count == runs.count else { throw CampaignError("expected \(runs.count) runs, Qt printed \(traces.count)") }
        var disagreements: [Disagreement] = []
        for ((pair, script), trace) in zip(runs, traces) {
            if let error = trace.error { throw CampaignError("Qt could not load \(pair.name) (\(pair.origin)): \(error)") }
            let interpreted = ChildInterpreterSide.trace(pair, script)
            work.outcomesDelivered.parent += interpreted.outcomesDelivered.parent
            work.outcomesDelivered.child += interpreted.outcomesDelivered.child
            if interpreted.comparedSteps != nil { work.runsCutShort += 1 }
            let qt = RunTrace(chart: trace.chart, lines: interpreted.compared(interpreted.comparable(trace.lines.map(InterpreterSide.withoutActions))))
            let fsmc = RunTrace(chart: trace.chart, lines: interpreted.compared(interpreted.comparable(interpreted.lines)))
            if let step = RunTrace.firstDifference(qt, fsmc) {
                disagreements.append(Disagreement(pair: pair, script: script, step: step, qt: qt.lines, fsmc: fsmc.lines))
            }
        }
        return disagreements
    }

    /// Shrinks a disagreement of a generated pair: its script's steps and true guards, then the
    /// parent's and the child's trees (``SpecMinimizer``), as long as Qt and the interpreter
    /// still disagree.
    func minimize(_ disagreement: Disagreement) throws -> Disagreement {
        var current = disagreement
        var round = 0
        func stillDisagrees(_ pair: ChildPair, _ script: DifferentialScript) throws -> Disagreement? {
            // A smaller pair of a known Qt deviation's shape disagrees for that reason alone.
            guard pair.qtDeviation == nil else { return nil }
            round += 1
            return try judge([(pair, script)], directory: workDirectory.appendingPathComponent("children-minimize/\(round)")).first
        }
        var shrunk = true
        while shrunk && round < 300 {
            shrunk = false
            for script in Minimizer.scriptCandidatesOf(current.script) where round < 300 {
                if let smaller = try stillDisagrees(current.pair, script) {
                    current = smaller
                    shrunk = true
                    break
                }
            }
        }
        let origin = disagreement.pair.origin + ", minimized"
        func pair(parent: SpecDocument?, child: SpecDocument?) -> ChildPair? {
            guard let parent, let child, var pair = try? ChildPair(origin: origin, parentText: parent.text, childTexts: [child.text])
            else { return nil }
            pair.parentDocument = parent
            pair.childDocument = child
            return pair
        }
        // The minimizer's result is the last tree that still disagreed: keep that disagreement
        // rather than judge the tree again.
        let script = current.script
        var found = current
        if let document = current.pair.parentDocument {
            let child = current.pair.childDocument
            _ = try SpecMinimizer.minimize(
                document, isCandidate: { pair(parent: $0, child: child) != nil },
                stillFails: { parent in
                    guard let disagreement = try stillDisagrees(pair(parent: parent, child: child)!, script) else { return false }
                    found = disagreement
                    return true
                })
            current = found
        }
        if let document = current.pair.childDocument {
            let parent = current.pair.parentDocument
            _ = try SpecMinimizer.minimize(
                document, isCandidate: { pair(parent: parent, child: $0) != nil },
                stillFails: { child in
                    guard let disagreement = try stillDisagrees(pair(parent: parent, child: child)!, script) else { return false }
                    found = disagreement
                    return true
                })
            current = found
        }
        return current
    }
}

/// Random scripts for a ``ChildPair``: the parent's guards, then events to the parent, events
/// to a child (about one step of three, to any of the parent's child invocations, running or
/// not), waits that favour the delays of both, and, for a pair with calls or streams, in about
/// one step of three, an outcome of one of them, the parent's own (`complete fetch1`) or a
/// child's (`fail k3/fetch2`), running or not.
struct ChildScriptGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func makeScript(for pair: ChildPair, steps: Int) -> DifferentialScript {
        var trueGuards: Set<String> = []
        for guardName in pair.guards where random.next() % 2 == 0 {
            trueGuards.insert(guardName.name)
        }
        var script = DifferentialScript(trueGuards: trueGuards, steps: [])
        let waits = ScriptGenerator.waits(for: pair.timerDelays)
        let children = pair.childEvents.filter { !$0.events.isEmpty }
        let outcomes = pair.outcomes
        for _ in 0..<steps {
            // Drawn only for a pair with calls or streams: other pairs keep the scripts they had.
            if !outcomes.isEmpty, random.next() % 3 == 0 {
                let (outcome, invocation) = outcomes[Int(random.next() % UInt64(outcomes.count))]
                script.steps.append(.outcome(outcome, invocation))
            } else if !children.isEmpty, random.next() % 3 == 0 {
                let child = children[Int(random.next() % UInt64(children.count))]
                script.steps.append(.child(child.invocation, child.events[Int(random.next() % UInt64(child.events.count))]))
            } else if pair.events.isEmpty || !pair.timerDelays.isEmpty && random.next() % 4 == 0 {
                script.steps.append(.wait(waits[Int(random.next() % UInt64(waits.count))]))
            } else {
                script.steps.append(.send(pair.events[Int(random.next() % UInt64(pair.events.count))]))
            }
        }
        return script
    }
}
