@testable import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The simulator's graph against the interpreter, on random specs of the spec generator
/// (seeded): every situation is where the interpreter ends when it replays the steps that reach
/// it, every step's outcome is what the interpreter does with its guard answers (trace, answers
/// asked, the situation it ends in), the outcome classes of a step leave no answer out, and each
/// selection's explanation names exactly the transitions the interpreter then takes.
@Suite(.offThePool) struct SimulationGraphAgreementTests {
    static let cases: [(name: String, profile: SpecProfile)] = [
        ("soundness", .soundness),
        ("differential", .differential),
        ("deferral and invocations", {
            var profile = SpecProfile.soundness
            profile.deferral = true
            profile.invocations = true
            return profile
        }()),
    ]
    static let specsPerCase = 12
    static let bound = 60
    /// Small specs with few guards: a step whose raised events loop runs every outcome class to
    /// the checker's limits, which a debug build takes seconds over.
    static let size = SpecSize(maxStates: 6, maxDepth: 2, maxChildren: 3, maxRegions: 2, maxEvents: 3, maxGuards: 2, maxTriggersPerState: 2)

    @Test(arguments: 0..<cases.count)
    func theGraphIsTheInterpretersSteps(_ caseIndex: Int) async throws {
        try await onOwnThread {
            let (name, profile) = Self.cases[caseIndex]
            var generator = SpecGenerator(seed: 0x5140_0000 + UInt64(caseIndex), profile: profile, size: Self.size)
            var compared = 0
            // Specs whose graph has more than one situation: those that test the steps.
            var explored = 0
            var failures: [String] = []
            for index in 0..<Self.specsPerCase {
                let spec = generator.makeSpec(machineName: "Generated\(index)")
                let compilation = Compiler.compile(SourceText(spec.document.text))
                guard !compilation.hasErrors, let machine = compilation.executable else { continue }
                let graph = SimulationGraph(machine, bounds: ExplorationBounds(situations: Self.bound))
                let disagreements = Self.disagreements(graph)
                if disagreements.isEmpty {
                    compared += 1
                    if graph.situations.count > 1 { explored += 1 }
                } else {
                    failures.append("\(name) spec \(index): \(disagreements.prefix(3).joined(separator: "; "))\n\(spec.document.text)")
                }
                if failures.count >= 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            #expect(compared >= Self.specsPerCase / 2, "\(name): only \(compared) specs compared")
            #expect(explored >= 2, "\(name): only \(explored) specs with more than one situation")
        }
    }

    @Test(arguments: ["AppFlow.fsm", "CallTracker.fsm", "Checkout.fsm", "Lotto.fsm", "Navigator.fsm", "Player.fsm", "Profile.fsm", "Stopwatch.fsm"])
    func theExampleMachinesGraphsAreTheInterpretersSteps(_ name: String) throws {
        let compilation = Compiler.compile(SourceText(try ExampleMachines.text(of: name)))
        let machine = try #require(compilation.executable)
        let graph = SimulationGraph(machine)
        #expect(!graph.reachedBound)
        #expect(graph.situations.count > 1)
        #expect(Self.disagreements(graph) == [])
    }

    /// Everything in `graph` the interpreter does not do, as messages.
    static func disagreements(_ graph: SimulationGraph) -> [String] {
        let machine = graph.machine
        var problems: [String] = []
        var reached: [Int: MachineInterpreter] = [:]

        func follow(_ step: SimulationGraph.Step, from interpreter: MachineInterpreter, at place: String) {
            for (number, outcome) in step.outcomes.enumerated() {
                var copy = interpreter
                let run = copy.run(step.stimulus, script: GuardScript(answers: outcome.answers.map(\.value)))
                let here = "\(place), \(step.stimulus), outcome \(number)"
                if run.script.asked != outcome.answers { problems.append("\(here): asked \(run.script.asked), graph \(outcome.answers)") }
                if run.trace != outcome.trace { problems.append("\(here): trace \(run.trace), graph \(outcome.trace)") }
                problems += explanationProblems(outcome, at: here)
                guard let next = outcome.next else { continue }
                if let known = reached[next] {
                    if CheckedSituation(known, held: []) != CheckedSituation(copy, held: []) {
                        problems.append("\(here): ends elsewhere than situation \(next)")
                    }
                } else {
                    reached[next] = copy
                }
            }
            problems += missingClasses(of: step, at: place)
        }

        follow(graph.start, from: MachineInterpreter(checking: machine), at: "start")
        for (index, situation) in graph.situations.enumerated() {
            guard let interpreter = reached[index] else {
                problems.append("situation \(index) is reached by no step before it")
                continue
            }
            let checked = CheckedSituation(interpreter, held: [])
            if interpreter.configuration != situation.configuration || checked.situation.remembered != situation.remembered
                || checked.situation.kept != situation.kept || checked.situation.running != situation.running
                || checked.timers != situation.timers || interpreter.isFinished != situation.isFinished
            {
                problems.append("situation \(index) is not where the interpreter is")
            }
            let stimuli = CheckerStimuli(machine).stimuli(of: interpreter)
            if stimuli != situation.steps.map(\.stimulus) { problems.append("situation \(index): stimuli \(situation.steps.map(\.stimulus)), checker \(stimuli)") }
            for step in situation.steps { follow(step, from: interpreter, at: "situation \(index)") }
        }
        return problems
    }

    /// The answers no outcome class follows: flipping a `false` answer to `true` must begin
    /// another class, unless the step says some were not followed.
    static func missingClasses(of step: SimulationGraph.Step, at place: String) -> [String] {
        guard !step.isIncomplete else { return [] }
        let sequences = Set(step.outcomes.map { $0.answers.map(\.value) })
        var problems: [String] = []
        for outcome in step.outcomes {
            let values = outcome.answers.map(\.value)
            for position in values.indices where !values[position] {
                let flipped = Array(values[..<position]) + [true]
                if !sequences.contains(where: { $0.starts(with: flipped) }) {
                    problems.append("\(place), \(step.stimulus): no outcome answers \(flipped)")
                }
            }
        }
        return problems
    }

    /// Each selection's taken candidates are the transitions the trace takes before the next
    /// selection, and every transition taken was explained.
    static func explanationProblems(_ outcome: SimulationGraph.Outcome, at place: String) -> [String] {
        var problems: [String] = []
        let explanations = outcome.explanations
        for (index, explanation) in explanations.enumerated() {
            let end = index + 1 < explanations.count ? explanations[index + 1].traceIndex : outcome.trace.count
            let took = Set(outcome.trace[explanation.traceIndex..<end].compactMap { if case .took(let id) = $0 { id } else { nil } })
            let taken = Set(explanation.candidates.filter { $0.fate == .taken }.map(\.transition))
            if took != taken { problems.append("\(place): selection \(index) explains \(taken), took \(took)") }
        }
        let tookCount = outcome.trace.filter { if case .took = $0 { true } else { false } }.count
        let takenCount = explanations.flatMap(\.candidates).filter { $0.fate == .taken }.count
        if tookCount != takenCount { problems.append("\(place): \(tookCount) taken, \(takenCount) explained") }
        return problems
    }
}
