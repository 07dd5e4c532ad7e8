import Machines

/// Seed 000: Member logs in; Store and Push move the flow on from inside their notifications.
func checkoutFlow() {
    heading("Checkout: login, payment and push, driven by the modules")
    let core = CheckoutCore()
    var states: [String] = ["\(core.machine.state)"]
    core.machine.observe { notification in
        if case .transitioned(let transition) = notification {
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "always", to: "\(transition.target)"))
            states.append("\(transition.target)")
        }
    }
    core.logIn()
    for line in core.log {
        print("  | \(line)")
    }
    print("  states in order: \(states.joined(separator: " → "))")
    print("  finished: \(core.machine.isFinished)")
}

/// The same flow when the payment fails once: back to the login, and through again.
func checkoutFlowWithAFailedPayment() {
    heading("Checkout: a failed payment")
    let core = CheckoutCore(paymentFailure: "card declined")
    core.machine.observe { notification in
        if case .transitioned(let transition) = notification {
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "always", to: "\(transition.target)"))
        }
    }
    core.logIn()
    print("  state after the failure: \(core.machine.state)")
    core.logIn()
    print("  state after logging in again: \(core.machine.state)")
}
