import FSMCore

/// The diagnostics of a ``PropertyReport``: a property that fails is an error at its `assert`,
/// with its counterexample as notes, one per step, at the transitions it took; one the search
/// could not decide is a warning. A property that holds says nothing.
package enum PropertyDiagnostics {
    package static func diagnostics(
        of report: PropertyReport, machine: ExecutableMachine, source: SourceText
    ) -> [Diagnostic] {
        report.results.compactMap { result in
            let property = result.property
            switch result.verdict {
            case .holds:
                return nil
            case .fails(let counterexample):
                let notes = counterexample.map { notesOf($0, property: property, machine: machine, source: source) } ?? []
                return Diagnostic(
                    .error, "property '\(property.text)' fails: \(failure(of: property, machine.model))", at: property.range,
                    notes: notes)
            case .holdsWithinBound:
                return Diagnostic(
                    .warning, "property '\(property.text)' holds within the bound: \(cutDescription(of: report, machine.model))",
                    at: property.range, notes: cutNotes(of: report, for: property, machine: machine, source: source))
            case .inconclusive(let why):
                return Diagnostic(
                    .warning, "property '\(property.text)' could not be decided: \(explanation(of: why, in: report, machine.model))",
                    at: property.range, notes: cutNotes(of: report, for: property, machine: machine, source: source))
            }
        }
    }

    /// What a bound cut, after "holds within the bound: ": each bound that cut, and how to
    /// raise it.
    private static func cutDescription(of report: PropertyReport, _ model: MachineModel) -> String {
        var parts: [String] = []
        if let kept = report.cuts.keptEvent {
            parts.append(
                "runs that keep more than \(report.bounds.keptEvents) '\(model[kept.event].name)' events were not followed "
                    + "(the first is in the notes; raise the bound with --kept-events or an '// fsmc: --kept-events N' line)")
        }
        if report.cuts.reachedSituationBound {
            parts.append(
                "the search stopped at \(grouped(report.bounds.situations)) situations "
                    + "(raise it with --property-bound or an '// fsmc: --property-bound N' line)")
        }
        return parts.joined(separator: "; ")
    }

    /// Why a property was not decided, after "could not be decided: ".
    private static func explanation(
        of why: PropertyResult.Inconclusive, in report: PropertyReport, _ model: MachineModel
    ) -> String {
        switch why {
        case .work(let budget):
            "the search spent its budget of \(grouped(budget)) steps after \(grouped(report.exploredSituations)) situations "
                + "(raise it with --property-budget or an '// fsmc: --property-budget N' line)"
        case .divergence(let divergence):
            "\(divergence.explanation); those runs were not followed"
        case .bound, .keptEvents:
            "it was not decided on what the bounds let the search explore: " + cutDescription(of: report, model)
        }
    }

    /// The run the kept-events bound cut first, as notes of `property`'s warning: how the first
    /// event past the bound arrives (a step that took no transition and kept nothing stands at
    /// the property's `assert`).
    private static func cutNotes(
        of report: PropertyReport, for property: PropertyModel, machine: ExecutableMachine, source: SourceText
    ) -> [Diagnostic.Note] {
        guard let kept = report.cuts.keptEvent else { return [] }
        var notes = notesOf(kept.run, property: property, machine: machine, source: source)
        if !notes.isEmpty {
            notes[notes.count - 1].message +=
                ": \(report.bounds.keptEvents + 1) '\(machine.model[kept.event].name)' kept, past the bound of \(report.bounds.keptEvents): not followed"
        }
        return notes
    }

    /// What breaking the property means, after "fails: ".
    private static func failure(of property: PropertyModel, _ model: MachineModel) -> String {
        switch property.claim {
        case .never(let condition):
            "this run reaches a configuration where \(SpecText.guardExpression(condition, in: model)) holds"
        case .reachable:
            "no reachable situation satisfies it"
        case .alwaysReachable(let condition):
            "after this run, no run reaches \(SpecText.guardExpression(condition, in: model))"
        case .onlyAfter(let condition, let after):
            "this run reaches \(SpecText.guardExpression(condition, in: model)) before \(SpecText.guardExpression(after, in: model)) ever held"
        }
    }

    /// One note per step: "2. event pay: took 'on pay [canPay] -> paying' (canPay answered
    /// true); now in checkout.paying", at the first transition taken (the initial state's
    /// declaration for a start that took none, "1. start; now in idle"; the `assert` for
    /// another step that took none, an event kept or ignored).
    private static func notesOf(
        _ counterexample: Counterexample, property: PropertyModel, machine: ExecutableMachine, source: SourceText
    ) -> [Diagnostic.Note] {
        let model = machine.model
        // A step whose event was kept or ignored, or whose timer took no transition, changes
        // nothing: it is still where the step before left it.
        var current: [StateID] = []
        return counterexample.steps.enumerated().map { number, step in
            // An event no transition took, which an active state defers: kept, by that `defer`.
            var keptBy: DeferralModel?
            if step.taken.isEmpty, case .event(let event) = step.stimulus {
                keptBy = current.reversed().lazy.flatMap { model[$0].deferrals }.first { $0.event == event }
            }
            current = step.configurations.last ?? current
            var message = "\(number + 1). \(describe(step.stimulus, machine))"
            if !step.taken.isEmpty {
                let quoted = step.taken.map { "'\(firstLine(of: machine[$0].declaration.range, in: source))'" }
                message += ": took " + quoted.joined(separator: ", ")
            } else if let keptBy {
                message += ": kept by '\(source.text(keptBy.range))'"
            } else if step.stimulus != .start {
                message += ": took no transition"
            }
            if !step.guardAnswers.isEmpty {
                let answers = step.guardAnswers.map { answer in
                    let guardText = machine[answer.transition].declaration.guardExpression.map { SpecText.guardExpression($0, in: model) } ?? "?"
                    return "\(guardText) answered \(answer.value)"
                }
                message += " (" + answers.joined(separator: ", ") + ")"
            }
            let isLast = number == counterexample.steps.count - 1
            if isLast, let microstep = counterexample.violatingMicrostep, microstep < step.configurations.count - 1 {
                message += "; on the way in \(describe(step.configurations[microstep], model))"
            }
            message += "; now in \(describe(current, model))"
            let range =
                step.taken.first.map { machine[$0].declaration.range } ?? keptBy?.range
                ?? (step.stimulus == .start ? model[model.initialState].range : property.range)
            return Diagnostic.Note(message, at: range)
        }
    }

    /// The stimulus as the spec names it: `start`, `event pay`, `after 1s in loading`, `done
    /// fetchUser`, `on signIn.signedIn`.
    package static func describe(_ stimulus: MachineInterpreter.Stimulus, _ machine: ExecutableMachine) -> String {
        let model = machine.model
        switch stimulus {
        case .start:
            return "start"
        case .event(let event):
            return "event \(model[event].name)"
        case .timer(let owner, let group):
            return "after \(machine.timers[owner.index][group].delay.text) in \(qualifiedName(of: owner, model))"
        case .outcome(let invocation, let result):
            return result.trigger(of: model[invocation].name)
        }
    }

    /// The active atomic states of a configuration, each by its path: `checkout.paying`.
    package static func describe(_ configuration: [StateID], _ model: MachineModel) -> String {
        configuration.filter { model[$0].isAtomic }.map { qualifiedName(of: $0, model) }.joined(separator: ", ")
    }

    package static func qualifiedName(of state: StateID, _ model: MachineModel) -> String {
        model.path(from: state).reversed().map { model[$0].name }.joined(separator: ".")
    }

    /// The first line of a declaration, without an opening brace: what a note quotes.
    private static func firstLine(of range: SourceRange, in source: SourceText) -> String {
        let text = source.text(range)
        var line = Substring(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        while let last = line.last, last == " " || last == "{" { line = line.dropLast() }
        return String(line.drop { $0 == " " })
    }

    /// `1000000` as `1,000,000`.
    package static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits = String(digits.dropLast(3))
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",")
    }
}
