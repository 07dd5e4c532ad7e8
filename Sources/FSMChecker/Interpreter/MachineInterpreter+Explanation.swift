import FSMCore

/// Why a selection of transitions took what it took and left the rest: what the simulator's
/// step log says for each candidate transition not taken (`fsmc simulate`).
///
/// The explanation is read off the one selection function
/// (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``), run again with the
/// guard answers the selection had: which candidates it asked, what they answered and which it
/// kept. It never decides anything itself, so it cannot drift from what the interpreter does.
extension MachineInterpreter {
    /// One selection of transitions for a trigger, with every candidate's fate.
    public struct SelectionExplanation: Hashable, Sendable {
        public var trigger: ExecutableMachine.Trigger
        /// How many trace entries the run had made when the selection was made: what it
        /// explains is the entries that follow.
        public var traceIndex: Int
        /// Every candidate of the active atomic states (or of the timer's or completion's
        /// state), each once, in the order the selection tries them.
        public var candidates: [Candidate]
    }

    /// A candidate transition and what became of it.
    public struct Candidate: Hashable, Sendable {
        public var transition: TransitionID
        public var fate: Fate
    }

    /// What became of a candidate transition.
    public enum Fate: Hashable, Sendable {
        /// It was taken.
        case taken
        /// Its guard answered `false`.
        case guardFalse
        /// Its guard is false whatever its names answer: an `in(…)` it tests is false.
        case inFalse
        /// It was never tried: an earlier candidate of the same state (or of an ancestor
        /// searched first) was enabled.
        case preempted(by: TransitionID)
        /// It was enabled, but a transition of another region that conflicts with it was
        /// taken instead (SCXML's optimal enabled transition set).
        case conflicts(with: TransitionID)
    }

    /// Records why `trigger` chose `chosen`, from the configuration the selection saw and the
    /// answers it had: `answers` (names that hold) without a script, or the script's answers
    /// given from position `scriptedSince` on.
    mutating func explain(_ trigger: ExecutableMachine.Trigger, chose chosen: [TransitionID], answers: Set<String>, scriptedSince: Int?) {
        let scripted = scriptedSince.map { mark in hooks.guardScript.map { Array($0.asked[mark...]) } ?? [] }
        var selection = SelectionAnswers(notes: .all)
        let reselected = selectTransitions(for: trigger, answered: &selection) { id, expression, before, isActive in
            before ?? value(of: expression, for: id, answers: answers, scripted: scripted, isActive: isActive)
        }
        assert(reselected == chosen, "fsmc: an explanation must see the selection the interpreter made")
        let answered = selection.values
        let lists = candidateLists(for: trigger, atomicStates: atomicStates)
        var seen = Set<TransitionID>()
        var candidates: [Candidate] = []
        for list in lists {
            for (position, id) in list.enumerated() where seen.insert(id).inserted {
                candidates.append(Candidate(transition: id, fate: fate(of: id, at: position, in: list, chosen: chosen, answered: answered)))
            }
        }
        guard !candidates.isEmpty else { return }
        hooks.explanations?.append(SelectionExplanation(trigger: trigger, traceIndex: running.trace.count, candidates: candidates))
    }

    /// What `id`'s guard `expression` answered in the selection: as ``choose(for:_:)`` asks
    /// it, a guard `in(…)` decides by the active states, otherwise the script's answer (its
    /// first for `id`, since one selection asks each guard once) or the names that hold.
    private func value(
        of expression: GuardModel, for id: TransitionID, answers: Set<String>, scripted: [GuardScript.Answer]?,
        isActive: (StateID) -> Bool
    ) -> Bool {
        guard let scripted else { return GuardSolver.evaluate(expression, answers, isActive: isActive) }
        if let decided = GuardScript.decidedValue(of: expression, isActive: isActive) { return decided }
        return scripted.first { $0.transition == id }?.value ?? false
    }

    /// The candidate lists the selection tries, one per active atomic state (or the one state
    /// a timer or a completion belongs to).
    private func candidateLists(for trigger: ExecutableMachine.Trigger, atomicStates: [StateID]) -> [[TransitionID]] {
        switch trigger {
        case .timer(let owner, _), .done(let owner):
            guard isActive(owner) else { return [] }
            return [machine.transitions(of: .state(owner), for: trigger)]
        case .event, .always, .invocation:
            return atomicStates.map { machine.candidates(atLeaf: $0, for: trigger) }
        }
    }

    private func fate(
        of id: TransitionID, at position: Int, in list: [TransitionID], chosen: [TransitionID], answered: [TransitionID: Bool]
    ) -> Fate {
        if chosen.contains(id) { return .taken }
        switch answered[id] {
        case false?:
            let decided = machine[id].declaration.guardExpression.flatMap { GuardScript.decidedValue(of: $0, isActive: activeStateTest) }
            return decided == false ? .inFalse : .guardFalse
        case true?:
            // Enabled and selected for its state, then dropped for a conflict.
            let winner = chosen.first { machine.conflicts(id, $0) } ?? chosen.first ?? id
            return .conflicts(with: winner)
        case nil:
            let earlier = list[..<position].first { answered[$0] == true } ?? chosen.first ?? id
            return .preempted(by: earlier)
        }
    }
}
