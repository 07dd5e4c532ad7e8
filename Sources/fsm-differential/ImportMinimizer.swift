import Foundation

/// Shrinks an import disagreement to a smaller chart and script on which Qt and the imported
/// spec still disagree, greedily, one removal at a time. The imported side is fsmc's
/// interpreter of the spec the import writes (in-process: what the generated Swift follows),
/// compared with Qt on exits, entries and configuration, so a round costs one Qt job.
struct ImportMinimizer {
    let campaign: ImportCampaign
    var maximumRounds = 150

    /// Whether the imported chart's interpreter disagrees with Qt on `script`, for each candidate.
    func firstDisagreeing(_ candidates: [(ImportChart, DifferentialScript)], round: Int) throws -> Int? {
        let directory = campaign.campaign.workDirectory.appendingPathComponent("import-minimize/round\(round)")
        try? FileManager.default.removeItem(at: directory)
        var job = ""
        var prepared: [(chart: DifferentialChart, script: DifferentialScript)?] = []
        for (index, candidate) in candidates.enumerated() {
            var chart = candidate.0
            chart.name = "M\(index)"
            guard chart.isConsistent, let text = ImportCampaign.importSpec(chart).text,
                  let differential = try? DifferentialChart(name: chart.name, origin: "minimizing", text: text)
            else {
                prepared.append(nil)
                continue
            }
            let document = try campaign.write(chart, into: directory)
            job += candidate.1.job(chart: document.path, guards: differential.guards)
            prepared.append((differential, candidate.1))
        }
        let jobFile = directory.appendingPathComponent("qt.job")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try job.write(to: jobFile, atomically: true, encoding: .utf8)
        var traces = RunTrace.parse(try campaign.campaign.qt.run(job: jobFile))[...]
        for (index, candidate) in prepared.enumerated() {
            guard let candidate else { continue }
            guard let qt = traces.popFirst() else { return nil }
            if qt.error == nil, qt.lines.map(InterpreterSide.withoutActions) != InterpreterSide.trace(candidate.chart, candidate.script) {
                return index
            }
        }
        return nil
    }

    func minimize(_ chart: ImportChart, _ script: DifferentialScript) throws -> (ImportChart, DifferentialScript) {
        var chart = chart
        var script = script
        for round in 0..<maximumRounds {
            let candidates = Minimizer.scriptCandidatesOf(script).map { (chart, $0) } + Self.smaller(chart).map { ($0, script) }
            var accepted: (ImportChart, DifferentialScript)?
            for start in stride(from: 0, to: candidates.count, by: 40) {
                let part = Array(candidates[start..<min(candidates.count, start + 40)])
                if let index = try firstDisagreeing(part, round: round) {
                    accepted = part[index]
                    break
                }
            }
            guard let accepted else { break }
            (chart, script) = accepted
        }
        return (chart, script)
    }

    /// The chart with one thing less: a state (with what is below it), a transition, an action,
    /// a condition, a target of several, a history, an `initial`.
    static func smaller(_ chart: ImportChart) -> [ImportChart] {
        var candidates: [ImportChart] = []
        for index in chart.states.indices.reversed() {
            var smaller = chart
            let removed = Set([index] + chart.states.indices.filter { chart.isDescendant($0, of: index) })
            let mapping = Dictionary(uniqueKeysWithValues: chart.states.indices.filter { !removed.contains($0) }.enumerated().map { ($1, $0) })
            smaller.states = chart.states.indices.filter { !removed.contains($0) }.map { old in
                var state = chart.states[old]
                state.parent = state.parent.flatMap { mapping[$0] }
                return state
            }
            candidates.append(smaller)
        }
        for index in chart.states.indices {
            let state = chart.states[index]
            for transition in state.transitions.indices {
                var smaller = chart
                smaller.states[index].transitions.remove(at: transition)
                candidates.append(smaller)
                let original = state.transitions[transition]
                if !original.actions.isEmpty {
                    smaller = chart
                    smaller.states[index].transitions[transition].actions = []
                    candidates.append(smaller)
                }
                if original.condition != nil {
                    smaller = chart
                    smaller.states[index].transitions[transition].condition = nil
                    candidates.append(smaller)
                }
                if original.isInternal {
                    smaller = chart
                    smaller.states[index].transitions[transition].isInternal = false
                    candidates.append(smaller)
                }
                for target in original.targets.indices where original.targets.count > 1 {
                    smaller = chart
                    smaller.states[index].transitions[transition].targets.remove(at: target)
                    candidates.append(smaller)
                }
            }
            for (isEntry, actions) in [(true, state.onEntry), (false, state.onExit)] where !actions.isEmpty {
                var smaller = chart
                if isEntry { smaller.states[index].onEntry = [] } else { smaller.states[index].onExit = [] }
                candidates.append(smaller)
            }
            if state.history != nil {
                var smaller = chart
                smaller.states[index].history = nil
                candidates.append(smaller)
                if !(state.history?.defaultActions.isEmpty ?? true) {
                    smaller = chart
                    smaller.states[index].history?.defaultActions = []
                    candidates.append(smaller)
                }
            }
            if state.initialAttribute != nil || state.initialElement != nil {
                var smaller = chart
                smaller.states[index].initialAttribute = nil
                smaller.states[index].initialElement = nil
                candidates.append(smaller)
            }
        }
        if chart.initial != nil {
            var smaller = chart
            smaller.initial = nil
            candidates.append(smaller)
        }
        return candidates.filter(\.isConsistent)
    }
}
