import Machines

/// Seed 003 (RxFlow): onboarding that ends itself, sign-in, a screen handing `logOut` to its
/// flow, an editor flow that ends when saved, and the app coming back from the background to
/// the very screen it left.
func appFlowJourney() {
    heading("AppFlow: onboarding, sign-in, edit and save, background and back, log out")
    let actions = AppFlowActions()
    let app = AppFlow(actions: actions)
    var printed = 0
    app.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "done", to: "\(transition.target)"))
        case .emitted(.banner(let text)):
            print("  banner: \(text)")
        case .ignored(let event, let state):
            print("  (\(event.name) ignored in \(state))")
        case .entered, .exited:
            break
        }
    }
    func run(_ event: AppFlow.Event) {
        print("> \(event.name)")
        app.send(event)
        for line in actions.log.dropFirst(printed) {
            print("  | \(line)")
        }
        printed = actions.log.count
    }
    run(.launch)
    run(.acceptTerms)
    run(.next)
    run(.next)                       // the tour ends, then onboarding: signed out
    run(.signIn(user: "ada"))
    run(.open(id: 7))
    run(.edit)
    run(.background)                 // from inside the editor
    run(.foreground)                 // back in the editor, deep history
    run(.save)                       // the editor flow ends: back to the detail
    run(.logOut)                     // detail hands logOut to main
    print("  final state: \(app.state)")
}
