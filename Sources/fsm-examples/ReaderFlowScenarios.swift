import Machines

/// Seed 003 (RxFlow) with a machine per flow: the root flow invokes the onboarding flow, which
/// ends itself and hands back through `done`; the editor flow ends when saved, and going back
/// cancels it (it closes its editor). The app sends each running child flow its screens' steps.
@MainActor func readerFlowJourney() {
    heading("ReaderFlow: flows as machines invoking each other; a flow that ends hands back through done")
    let actions = ReaderFlowActions()
    let app = ReaderFlow(actions: actions)
    var printed = 0
    app.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? transition.result.map { "\($0)" } ?? "(eventless)", to: "\(transition.target)"))
        case .emitted(.banner(let text)):
            print("  banner: \(text)")
        case .started(let flow):
            print("  \(flow) started")
        case .cancelled(let flow):
            print("  \(flow) cancelled")
        case .dropped(let flow):
            print("  what \(flow) still had to say was dropped")
        case .ignored(let event, let state):
            print("  (\(event.name) ignored in \(state))")
        case .entered, .exited:
            break
        }
    }
    func run(_ step: String, _ send: () -> Void) {
        print("> \(step)")
        send()
        for line in actions.log.dropFirst(printed) {
            print("  | \(line)")
        }
        printed = actions.log.count
    }
    run("launch") { app.send(.launch) }
    run("onboarding: acceptTerms") { actions.onboarding?.send(.acceptTerms) }
    run("onboarding: next") { actions.onboarding?.send(.next) }
    run("onboarding: skipTour") { actions.onboarding?.send(.skipTour) }   // the onboarding flow ends
    run("signIn") { app.send(.signIn(user: "ada")) }
    run("open") { app.send(.open(id: 7)) }
    run("edit") { app.send(.edit) }
    run("editor: save") { actions.editor?.send(.save) }                 // the editor flow ends
    run("edit") { app.send(.edit) }
    run("back") { app.send(.back) }                                      // cancels the editor flow
    print("  editor flow running: \(actions.editor != nil)")
    run("logOut") { app.send(.logOut) }
    print("  final state: \(app.state)")
}
