/// A machine of any size for the generator and compile-cost benchmarks: every state takes each
/// of ten events, with a mix of plain, guarded, internal and payload-carrying transitions,
/// actions on half of them and an entry action on every tenth state. `e0` chains the states,
/// so every one is reachable and the spec checks without a warning.
struct SyntheticMachine {
    static let eventCount = 10
    static let guardCount = 16
    static let actionCount = 32

    /// One `on` transition.
    struct Transition {
        var event: Int
        /// A payload-free guard such as `g3`, or `accepts` for `e9`'s payload.
        var guardName: String?
        /// `nil` for an internal transition.
        var target: Int?
        /// A payload-free action such as `a7`, or `take` for `e9`'s payload.
        var action: String?
    }

    let stateCount: Int

    var transitionCount: Int { stateCount * Self.eventCount }

    /// The transitions of state `state`, one per event, in event order.
    func transitions(of state: Int) -> [Transition] {
        (0..<Self.eventCount).map { event in
            switch event {
            case 0:
                return Transition(event: 0, target: (state + 1) % stateCount)
            case 8:
                return Transition(event: 8, action: "a\(state % Self.actionCount)")
            case 9:
                return Transition(event: 9, guardName: "accepts", target: (state * 7 + 1) % stateCount, action: "take")
            default:
                let mix = state + event
                return Transition(
                    event: event,
                    guardName: mix % 3 == 0 ? "g\(mix % Self.guardCount)" : nil,
                    target: (state &* 31 + event * 7 + 3) % stateCount,
                    action: mix.isMultiple(of: 2) ? "a\((state &* event) % Self.actionCount)" : nil)
            }
        }
    }

    /// The entry action of `state`, on every tenth state.
    func entryAction(of state: Int) -> String? {
        state.isMultiple(of: 10) ? "a\(state % Self.actionCount)" : nil
    }

    /// The machine as an `.fsm` spec.
    var spec: String {
        var text = "/// A synthetic machine of \(stateCount) states and \(transitionCount) transitions.\nmachine Synthetic {\n"
        for event in 0..<Self.eventCount - 1 {
            text += "    event e\(event)\n"
        }
        text += "    event e\(Self.eventCount - 1)(value: Int)\n"
        for state in 0..<stateCount {
            text += "\n    \(state == 0 ? "initial " : "")state s\(state) {\n"
            if let entry = entryAction(of: state) {
                text += "        entry / \(entry)\n"
            }
            for transition in transitions(of: state) {
                text += "        on e\(transition.event)"
                if let guardName = transition.guardName { text += " [\(guardName)]" }
                if let target = transition.target { text += " -> s\(target)" }
                if let action = transition.action { text += " / \(action)" }
                text += "\n"
            }
            text += "    }\n"
        }
        return text + "}\n"
    }
}
