import FSMCore

/// Answers for the guard evaluations of a run that `in(…)` alone does not decide, one per
/// evaluation in the order the interpreter makes them: how the property checker lets "a guard
/// may answer either way at each evaluation" through the one interpreter
/// (``MachineInterpreter``).
///
/// The interpreter evaluates lazily (each region's candidates in priority order, stopping at
/// the first enabled one), so a sequence of answers names an outcome class of a stimulus
/// (which candidate each evaluation leads to), never one of the 2^k combinations of every
/// guard's value.
public struct GuardScript: Hashable, Sendable {
    /// One evaluation the script answered.
    public struct Answer: Hashable, Sendable {
        /// The transition whose guard was evaluated.
        public var transition: TransitionID
        public var value: Bool

        public init(transition: TransitionID, value: Bool) {
            self.transition = transition
            self.value = value
        }
    }

    /// The answers to give, in order.
    public var answers: [Bool]
    /// Every evaluation answered so far, in order: the scripted answers, then `false` for each
    /// one asked after they ran out.
    public private(set) var asked: [Answer] = []

    public init(answers: [Bool] = []) {
        self.answers = answers
    }

    /// How many evaluations were asked after the scripted answers ran out (each answered
    /// `false`): where another outcome class may branch off.
    public var unscriptedCount: Int { max(0, asked.count - answers.count) }

    /// The next answer, for an evaluation of `transition`'s guard; `false` once the script ran
    /// out.
    mutating func answer(for transition: TransitionID) -> Bool {
        let value = asked.count < answers.count ? answers[asked.count] : false
        asked.append(Answer(transition: transition, value: value))
        return value
    }

    /// More distinct guard names in one expression than this and it counts as free, not
    /// decided: trying each combination would cost more than it saves.
    static let maximumDecidedNames = 10

    /// The value of `expression` when the states `isActive` finds active decide it whatever its
    /// guard names answer (an `in(…)` test, `else`, a constant, or names a conjunction with a
    /// false `in(…)` makes irrelevant); `nil` when some answers make it hold and others not.
    /// A name answers alike wherever it appears in one evaluation.
    static func decidedValue(of expression: GuardModel, isActive: (StateID) -> Bool) -> Bool? {
        var names: [String] = []
        for name in expression.names where !names.contains(name) { names.append(name) }
        if names.isEmpty { return GuardSolver.evaluate(expression, [], isActive: isActive) }
        guard names.count <= maximumDecidedNames else { return nil }
        var seen: Bool?
        for bits in 0..<(1 << names.count) {
            var holding = Set<String>()
            for (position, name) in names.enumerated() where bits & (1 << position) != 0 { holding.insert(name) }
            let value = GuardSolver.evaluate(expression, holding, isActive: isActive)
            if let seen, seen != value { return nil }
            seen = value
        }
        return seen
    }
}
