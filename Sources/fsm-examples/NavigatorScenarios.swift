import Machines

/// DESIGN's Navigator (seed 001, RxFlow): sign in, open a document, edit it with bold and
/// italic regions active together (italic only while bold is on, through `in(boldOn)`), sleep
/// from inside the editor and wake into `main`'s history, then save: `main` completes and
/// hands control back to `login`.
func navigatorJourney() {
    heading("Navigator: sign in, edit with bold and italic, sleep and wake, save")
    let actions = NavigatorActions()
    let navigator = Navigator(actions: actions)
    var printed = 0
    navigator.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "done", to: "\(transition.target)"))
        case .ignored(let event, let state):
            print("  (\(event.name) ignored in \(state))")
        case .entered, .exited:
            break
        }
    }
    func run(_ event: Navigator.Event) {
        print("> \(event.name)")
        navigator.send(event)
        for line in actions.log.dropFirst(printed) {
            print("  | \(line)")
        }
        printed = actions.log.count
    }
    run(.loggedIn(user: "grace"))
    run(.open(id: 42))
    run(.edit)
    run(.toggleItalic)               // ignored: italic only while bold is on
    run(.toggleBold)
    run(.toggleItalic)
    run(.sleep)                      // from inside the editor
    run(.wake)                       // main's history: back in the editor
    run(.save)                       // main completes: done -> login
    print("  final state: \(navigator.state)")
}
