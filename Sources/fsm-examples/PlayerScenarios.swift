import Machines

/// Seed 002: play, pause, stop, play, with the notices a control that does nothing shows.
func playerSequence() {
    heading("Player: play, pause, stop, play")
    let actions = PlayerActions()
    let player = Player(actions: actions)
    var printed = 0
    player.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "always", to: "\(transition.target)"))
        case .emitted(.notice(let text)):
            print("  notice: \(text)")
        case .ignored(let event, let state):
            print("  (\(event.name) ignored in \(state))")
        case .entered, .exited:
            break
        }
    }
    func run(_ event: Player.Event) {
        print("> \(event.name)")
        player.send(event)
        for line in actions.log.dropFirst(printed) {
            print("  | \(line)")
        }
        printed = actions.log.count
    }
    run(.play)
    run(.play)
    run(.pause)
    run(.pause)
    run(.stop)
    run(.pause)
    run(.play)
    run(.seek(to: 42))
    run(.seek(to: 500))
    print("  final state: \(player.state)")
}
