import Observation

/// ``HandWrittenPlayer``'s `switch` in a class with Observation's `@Observable` macro, as a
/// developer whose SwiftUI view reads the state writes it: the floor the generated
/// `@Observable` ``ObservablePlayer`` nobody observes is measured against. Every assignment of
/// `state` goes through the macro's `withMutation`, every read through `access`.
@Observable final class HandWrittenObservablePlayer {
    typealias State = HandWrittenPlayer.State
    typealias Event = HandWrittenPlayer.Event

    private(set) var state = State.stopped
    @ObservationIgnored private let actions: any HandWrittenPlayer.Actions

    init(actions: any HandWrittenPlayer.Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch (state, event) {
        case (.stopped, .play):
            actions.startPlayback()
            state = .playing
            actions.showPauseButton()
        case (.playing, .pause):
            actions.hidePauseButton()
            state = .paused
        case (.playing, .stop):
            actions.hidePauseButton()
            actions.rewind()
            state = .stopped
        case (.playing, .seek(let position)) where actions.isSeekable(to: position):
            actions.jump(to: position)
        case (.paused, .play):
            if actions.canResume() {
                state = .playing
                actions.showPauseButton()
            }
        case (.paused, .stop):
            actions.rewind()
            state = .stopped
        default:
            break
        }
    }
}
