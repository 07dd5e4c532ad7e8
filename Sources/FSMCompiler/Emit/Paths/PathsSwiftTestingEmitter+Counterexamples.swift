import FSMCore
import FSMSwift
/// Counterexamples as Swift Testing tests (`fsmc verify --format swift-testing`): each
/// ``CounterexamplePaths`` path is written as a test path is, with the guards it needs holding
/// from the start, and ends with the violation: the property's condition checked where the
/// counterexample breaks it.
extension PathsSwiftTestingEmitter {
    /// The tests of `counterexamples` (``CounterexamplePaths``, which must refuse nothing of
    /// the model: ``CounterexamplePaths/refusals(_:)``). `module` and `specPath` as for
    /// ``emit(_:sourceFileName:module:specPath:)``.
    public static func emit(
        _ counterexamples: CounterexamplePaths, sourceFileName: String, module: String?, specPath: String? = nil
    ) -> String {
        var emitter = PathsSwiftTestingEmitter(
            plan: counterexamples.plan, sourceFileName: SwiftNames.commentText(sourceFileName), module: module)
        emitter.specPath = specPath
        emitter.counterexamples = counterexamples.paths
        return emitter.emit()
    }

    func emitCounterexampleSuite(_ paths: [TestPath], into writer: inout CodeWriter) {
        if paths.contains(where: Self.breaksAsItStarts) { emitStartObserver(into: &writer) }
        if paths.isEmpty {
            writer.line("/// No property of \(sourceFileName) fails with a run that shows it.")
        } else {
            writer.line("/// The shortest runs that break properties of \(sourceFileName), replayed on the generated machine:")
            writer.line("/// each test fails once its property holds again (or the machine no longer runs that way).")
        }
        if model.isMainActor { writer.line("@MainActor") }
        writer.line("@Suite(\(SpecText.stringLiteral("\(model.name) counterexamples")))")
        writer.block("struct \(model.name)Counterexamples") { writer in
            for (index, path) in paths.enumerated() {
                if index > 0 { writer.line() }
                emitTest(path, into: &writer)
            }
        }
    }

    /// Whether a counterexample breaks its property in a configuration the machine passes
    /// through as it starts: its test observes the start through `init`.
    static func breaksAsItStarts(_ path: TestPath) -> Bool {
        path.steps.isEmpty && path.violatingMicrostep != nil
    }

    /// The name of the observer class that records the start (``emitStartObserver(into:)``).
    var startObserverName: String { "\(model.name)StartObserver" }

    /// An observer given to `init`, which sees the start: the configuration the machine enters
    /// first, then the one after each transition (its microsteps, as the checker counts them).
    func emitStartObserver(into writer: inout CodeWriter) {
        let stateName = observesStateIDs ? "StateID" : "State"
        writer.line("/// Sees the machine start, given to its `init`: the configuration it enters first, then the one")
        writer.line("/// after each transition.")
        writeAvailability(of: model, into: &writer)
        if model.isMainActor { writer.line("@MainActor") }
        writer.block("private final class \(startObserverName): \(model.name).Observer") { writer in
            writer.line("/// The configuration after the initial entry, then after each transition.")
            writer.line("var passed: [\(model.name).State] = []")
            writer.line()
            writer.block("func machine(_ machine: \(model.name), didEnter state: \(model.name).\(stateName))") { writer in
                writer.line("if passed.isEmpty { passed.append(machine.state) }")
            }
            writer.line()
            writer.block("func machine(_ machine: \(model.name), didTransition transition: \(model.name).Transition)") { writer in
                writer.line("passed.append(transition.target)")
            }
        }
        writer.line()
    }

    /// Records the configuration after each transition of the step that follows: the one the
    /// property breaks in is not where that step ends.
    func emitPassingObservation(into writer: inout CodeWriter) {
        writer.line("var passed: [\(model.name).State] = []")
        writer.line("machine.observeTransitions { passed.append($0.target) }")
    }

    /// `#expect`s what breaks `property`: its condition in the configuration the path ends in,
    /// or in the one after transition `microstep` of the last step (recorded by
    /// ``emitPassingObservation(into:)``).
    func emitViolation(of property: PropertyModel, at microstep: Int?, passed: String = "passed", into writer: inout CodeWriter) {
        let configuration: String
        if let microstep {
            writer.line("try #require(\(passed).count > \(microstep))")
            configuration = "\(passed)[\(microstep)]"
        } else {
            configuration = ""
        }
        func code(_ condition: GuardModel) -> String {
            conditionCode(condition) { state, negated in
                let name = "." + model[state].name
                let not = negated ? "!" : ""
                if microstep == nil { return "\(not)machine.isIn(\(name))" }
                // A flat machine's configuration is one of its states.
                guard observesStateIDs else { return "\(configuration) \(negated ? "!=" : "==") \(name)" }
                return "\(not)\(model.name).configuration(\(configuration), contains: \(name))"
            }
        }
        switch property.claim {
        case .never(let condition):
            writer.line(SwiftNames.commentText("// '\(property.text)' breaks here."))
            writer.line("#expect(\(code(condition)))")
        case .onlyAfter(let condition, let after):
            writer.line(SwiftNames.commentText("// '\(property.text)' breaks here: the first holds, the second never held."))
            writer.line("#expect(\(code(.and(condition, .not(after)))))")
        case .alwaysReachable(let condition):
            writer.line(SwiftNames.commentText("// '\(property.text)' breaks here: no run from this configuration reaches the condition."))
            writer.line("#expect(\(code(.not(condition))))")
        case .reachable:
            preconditionFailure("fsmc: 'reachable' has no counterexample")
        }
    }

    /// A condition of `in(…)` atoms as a Swift expression, each atom, or its negation, spelled
    /// by `atom` (`==` binds tighter than `&&` and `||`, so an atom needs no parentheses).
    private func conditionCode(_ condition: GuardModel, atom: (StateID, _ negated: Bool) -> String) -> String {
        SwiftBooleanExpression.code(
            condition,
            leaf: { leaf in
                switch leaf {
                case .isIn(let state): return atom(state, false)
                case .constant(let value): return value ? "true" : "false"
                default: preconditionFailure("fsmc: a property's condition has only in(…), constants and operators")
                }
            },
            negatedLeaf: { operand in
                if case .isIn(let state) = operand { atom(state, true) } else { nil }
            })
    }
}
