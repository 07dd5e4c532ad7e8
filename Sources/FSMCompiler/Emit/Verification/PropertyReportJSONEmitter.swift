import FSMCore

/// Writes a ``PropertyReport`` as JSON for tools (`fsmc verify --format json`). Keys are in a
/// fixed order, so the output is deterministic.
///
/// Each property has its `line` and `column`, its `text`, its `kind` (`never`, `reachable`,
/// `alwaysReachable`, `onlyAfter`) and its `verdict` (`holds`, `holdsWithinBound`: not broken
/// on what the bounds let the search explore, `fails`, `inconclusive`). An inconclusive one says
/// `why` (`bound`: the situation bound cut the search, `keptEvents`: the kept-events bound did,
/// `work`: the work budget ran out, each with its `bound`; `divergence`: some runs of a step were
/// not followed, with the `detail` of which limit tripped). The document has the `work` done (in
/// steps), the `bounds` and the `cuts`: the first event kept past its bound, and whether the
/// situation bound, the work budget or a per-step limit cut. A failing one other than
/// `reachable` has its shortest `counterexample`: the `steps` from the start, each with its
/// `stimulus` (as the spec names it: `start`, `event pay`, `after 1s in waiting`, `done
/// fetchUser`), the `guardAnswers` it assumed (the transition whose guard was evaluated, by
/// index into `transitions`, and the answer), the transitions `taken` (indexes), and the
/// `configurations` after each of its microsteps (the active atomic states by their paths,
/// `main.editor.bold.boldOn`); `violatingMicrostep` is the microstep of the last step whose
/// configuration breaks the property, absent for `always reachable`, which the situation where
/// the run ends breaks.
public enum PropertyReportJSONEmitter {
    public static func emit(_ report: PropertyReport, machine: ExecutableMachine, sourceFileName: String) -> String {
        let model = machine.model
        let transitions = model.allTransitions.enumerated().map { index, transition in
            JSON.object([
                ("index", .number(index)),
                ("line", .number(transition.range.start.line)),
                ("description", .string(PathDescription.transition(transition, in: model))),
            ])
        }
        let properties = report.results.map { result in
            var fields: [(String, JSON)] = [
                ("line", .number(result.property.range.start.line)),
                ("column", .number(result.property.range.start.column)),
                ("text", .string(result.property.text)),
                ("kind", .string(kind(of: result.property.claim))),
            ]
            switch result.verdict {
            case .holds:
                fields.append(("verdict", .string("holds")))
            case .fails(let counterexample):
                fields.append(("verdict", .string("fails")))
                if let counterexample {
                    fields.append(("counterexample", json(counterexample, machine)))
                }
            case .holdsWithinBound:
                fields.append(("verdict", .string("holdsWithinBound")))
            case .inconclusive(let why):
                fields.append(("verdict", .string("inconclusive")))
                switch why {
                case .bound(let bound):
                    fields.append(("why", .string("bound")))
                    fields.append(("bound", .number(bound)))
                case .keptEvents(let bound):
                    fields.append(("why", .string("keptEvents")))
                    fields.append(("bound", .number(bound)))
                case .work(let budget):
                    fields.append(("why", .string("work")))
                    fields.append(("bound", .number(budget)))
                case .divergence(let divergence):
                    fields.append(("why", .string("divergence")))
                    fields.append(("detail", .string(divergence.explanation)))
                }
            }
            return JSON.object(fields)
        }
        let document = JSON.object([
            ("machine", .string(model.name)),
            ("source", .string(sourceFileName)),
            ("exploredSituations", .number(report.exploredSituations)),
            ("work", .number(report.work)),
            ("bounds", .object([
                ("situations", .number(report.bounds.situations)), ("keptEvents", .number(report.bounds.keptEvents)),
                ("work", .number(report.bounds.work)),
            ])),
            ("cuts", .object([
                ("keptEvent", report.cuts.keptEvent.map { .string(model[$0.event].name) } ?? .null),
                ("situationBound", .bool(report.cuts.reachedSituationBound)),
                ("work", .bool(report.cuts.exhaustedWork)),
                ("divergence", report.cuts.divergence.map { .string($0.explanation) } ?? .null),
            ])),
            ("transitions", .array(transitions)),
            ("properties", .array(properties)),
        ])
        return document.rendered(indent: "") + "\n"
    }

    private static func kind(of claim: PropertyModel.Claim) -> String {
        switch claim {
        case .never: "never"
        case .reachable: "reachable"
        case .alwaysReachable: "alwaysReachable"
        case .onlyAfter: "onlyAfter"
        }
    }

    private static func json(_ counterexample: Counterexample, _ machine: ExecutableMachine) -> JSON {
        let model = machine.model
        let steps = counterexample.steps.map { step in
            JSON.object([
                ("stimulus", .string(PropertyDiagnostics.describe(step.stimulus, machine))),
                ("guardAnswers", .array(step.guardAnswers.map { answer in
                    .object([("transition", .number(answer.transition.index)), ("answer", .bool(answer.value))])
                })),
                ("taken", .array(step.taken.map { .number($0.index) })),
                ("configurations", .array(step.configurations.map { configuration in
                    .array(configuration.filter { model[$0].isAtomic }.map { .string(PropertyDiagnostics.qualifiedName(of: $0, model)) })
                })),
            ])
        }
        var fields: [(String, JSON)] = [("steps", .array(steps))]
        if let microstep = counterexample.violatingMicrostep {
            fields.append(("violatingMicrostep", .number(microstep)))
        }
        return .object(fields)
    }
}
