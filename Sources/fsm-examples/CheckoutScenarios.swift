import Machines

/// Seed 000: Member logs in; the machine invokes Store's payment and Push's registration, whose
/// results move the flow on, while every module observes every state.
@MainActor func checkoutFlow() async {
    heading("Checkout: login, then the payment and push registration the machine invokes")
    let core = CheckoutCore()
    var states: [String] = ["\(core.machine.state)"]
    core.machine.observeTransitions { transition in
        print(transitionLine(from: "\(transition.source)", on: trigger(of: transition), to: "\(transition.target)"))
        states.append("\(transition.target)")
    }
    core.logIn()
    await core.waitUntilSettled()
    for line in core.log {
        print("  | \(line)")
    }
    print("  states in order: \(states.joined(separator: " → "))")
    print("  finished: \(core.machine.isFinished)")
}

/// The same flow when the payment fails once: back to the login, and through again.
@MainActor func checkoutFlowWithAFailedPayment() async {
    heading("Checkout: a failed payment")
    let core = CheckoutCore(paymentFailure: "card declined")
    core.machine.observeTransitions { transition in
        print(transitionLine(from: "\(transition.source)", on: trigger(of: transition), to: "\(transition.target)"))
    }
    core.logIn()
    await core.waitUntilSettled()
    for line in core.log where !line.contains("update notified") {
        print("  | \(line)")
    }
    print("  state after the failure: \(core.machine.state)")
    core.logIn()
    await core.waitUntilSettled()
    print("  state after logging in again: \(core.machine.state)")
}

/// What took a checkout transition: an event, an invocation's result, or nothing.
@MainActor private func trigger(of transition: Checkout.Transition) -> String {
    if let event = transition.event {
        return event.name
    }
    // Invocations' results carry no event: the state left says which call answered.
    switch transition.source {
    case .beforePayment: return transition.target == .paymentSuccess ? "done pay" : "error pay"
    case .beforePush: return transition.target == .pushSuccess ? "done registerForPush" : "error registerForPush"
    default: return "always"
    }
}
