/// The synthetic machine as a developer would write it without fsmc: enums for states and
/// events, an actions protocol, one nested `switch`, and a closure told about transitions.
/// Section 4 type-checks it next to the generated code.
extension SyntheticMachine {
    var handWrittenSwift: String {
        var text = """
            // The synthetic machine of \(stateCount) states, written by hand.

            final class HandWrittenSynthetic {
                enum State: Hashable {

            """
        for state in 0..<stateCount {
            text += "        case s\(state)\n"
        }
        text += "    }\n\n    enum Event: Hashable {\n"
        for event in 0..<Self.eventCount - 1 {
            text += "        case e\(event)\n"
        }
        text += "        case e\(Self.eventCount - 1)(value: Int)\n    }\n\n    protocol Actions {\n"
        for guardIndex in 0..<Self.guardCount {
            text += "        func g\(guardIndex)() -> Bool\n"
        }
        text += "        func accepts(value: Int) -> Bool\n"
        for action in 0..<Self.actionCount {
            text += "        func a\(action)()\n"
        }
        text += """
                    func take(value: Int)
                }

                private(set) var state = State.s0
                private let actions: any Actions
                /// Told about every transition: source, event, target.
                var observer: ((State, Event, State) -> Void)?

                init(actions: any Actions) {
                    self.actions = actions
                    enter(.s0)
                }

                func send(_ event: Event) {
                    switch state {

            """
        for state in 0..<stateCount {
            text += "        case .s\(state):\n            switch event {\n"
            for transition in transitions(of: state) {
                text += handWrittenCase(transition, from: state)
            }
            text += "            }\n"
        }
        text += """
                    }
                }

                private func transition(to target: State, from source: State, on event: Event) {
                    enter(target)
                    observer?(source, event, target)
                }

                private func enter(_ target: State) {
                    state = target
                    switch target {

            """
        for state in 0..<stateCount {
            if let entry = entryAction(of: state) {
                text += "        case .s\(state): actions.\(entry)()\n"
            }
        }
        text += "        default: break\n        }\n    }\n}\n"
        return text
    }

    private func handWrittenCase(_ transition: Transition, from state: Int) -> String {
        let payload = transition.event == Self.eventCount - 1
        var text = "            case .e\(transition.event)\(payload ? "(let value)" : ""):\n"
        var indent = "                "
        if let guardName = transition.guardName {
            text += "\(indent)if actions.\(guardName)(\(payload ? "value: value" : "")) {\n"
            indent += "    "
        }
        if let action = transition.action {
            text += "\(indent)actions.\(action)(\(payload ? "value: value" : ""))\n"
        }
        if let target = transition.target {
            text += "\(indent)transition(to: .s\(target), from: .s\(state), on: event)\n"
        }
        if transition.guardName != nil {
            text += "                }\n"
        }
        return text
    }
}
