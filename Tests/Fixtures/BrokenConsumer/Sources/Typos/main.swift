import FSMRuntime

// Implements one action of two: `rewind` is missing.
final class PlayerActions: Player.Actions {
    func startPlayback() {}
}

let player = Player(actions: PlayerActions())
player.send(.play)
