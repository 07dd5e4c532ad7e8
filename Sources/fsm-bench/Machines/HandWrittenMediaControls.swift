/// The video player's controls of `MediaControls.fsm` written by hand, as a careful developer
/// writes a machine with parallel regions: a `struct` with one enum per region, and one
/// `switch` over the event that changes the regions the event concerns. An event several
/// regions take runs in the generated machine's (SCXML's) order: every region decides on the
/// configuration before the event, then the exits in reverse document order (captions, sound,
/// playback), the transitions' actions in document order, the entries in document order. The
/// same guards and actions are called in the same order; an optional closure hears each
/// transition, and a weak delegate the states entered (regions included) and the transitions.
///
/// Like the other hand-written machines, it has none of the generated machine's guarantees (an
/// event sent from an action re-enters `send`): it is the floor the generated code is
/// measured against.
final class HandWrittenMediaControls {
    enum State: Hashable {
        case empty
        case loaded(Controls)
    }

    /// The three regions, all active while a video is loaded.
    struct Controls: Hashable {
        var playback: Playback
        var sound: Sound
        var subtitles: Subtitles
    }

    enum Playback: Hashable { case paused, playing }
    enum Sound: Hashable { case unmuted, muted }
    enum Subtitles: Hashable { case captionsOff, captionsOn }

    /// Every state, regions included, as the notifications name them.
    enum StateName: Hashable {
        case empty, loaded, playback, paused, playing, sound, unmuted, muted, subtitles, captionsOff, captionsOn
    }

    enum Event: Hashable {
        case load(id: Int), play, pause, seek(to: Double), mute, volumeUp, volumeDown, captions, eject
    }

    enum Output: Hashable { case notice(String) }

    /// A transition taken: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        var event: Event
        var target: State
    }

    protocol Actions {
        func canLoad(id: Int) -> Bool
        func isSeekable(to: Double) -> Bool
        func openMedia(id: Int)
        func showControls()
        func hideControls()
        func closeMedia()
        func cueMedia(id: Int)
        func jump(to: Double)
        func startPlayback()
        func stopPlayback()
        func normalizeLoudness(id: Int)
        func raiseVolume()
        func lowerVolume()
        func showMutedIcon()
        func hideMutedIcon()
        func showCaptions()
        func hideCaptions()
        func resyncCaptions(to: Double)
    }

    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenMediaControls, didEnter state: StateName)
        func machine(_ machine: HandWrittenMediaControls, didTransition transition: Transition)
    }

    private(set) var state = State.empty
    private let actions: any Actions

    /// Called with each transition taken, or `nil`.
    var onTransition: ((Transition) -> Void)?
    weak var delegate: (any Delegate)?

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch state {
        case .empty:
            switch event {
            case .load(let id) where actions.canLoad(id: id):
                actions.openMedia(id: id)
                state = .loaded(Controls(playback: .paused, sound: .unmuted, subtitles: .captionsOff))
                actions.showControls()
                didEnter(.loaded)
                didEnter(.playback)
                didEnter(.paused)
                didEnter(.sound)
                didEnter(.unmuted)
                didEnter(.subtitles)
                didEnter(.captionsOff)
                didTransition(source: .empty, event: event, target: state)
                return
            case .play:
                return
            default:
                break
            }

        case .loaded(var controls):
            let source = state
            switch event {
            // One region's events.
            case .play where controls.playback == .paused:
                controls.playback = .playing
                state = .loaded(controls)
                actions.startPlayback()
                didEnter(.playing)
                didTransition(source: source, event: event, target: state)
                return
            case .pause where controls.playback == .playing:
                actions.stopPlayback()
                controls.playback = .paused
                state = .loaded(controls)
                didEnter(.paused)
                didTransition(source: source, event: event, target: state)
                return
            case .volumeUp:
                switch controls.sound {
                case .unmuted:
                    actions.raiseVolume()
                case .muted:
                    actions.hideMutedIcon()
                    actions.raiseVolume()
                    controls.sound = .unmuted
                    state = .loaded(controls)
                    didEnter(.unmuted)
                    didTransition(source: source, event: event, target: state)
                }
                return
            case .volumeDown where controls.sound == .unmuted:
                actions.lowerVolume()
                return
            case .captions:
                switch controls.subtitles {
                case .captionsOff:
                    controls.subtitles = .captionsOn
                    state = .loaded(controls)
                    actions.showCaptions()
                    didEnter(.captionsOn)
                case .captionsOn:
                    actions.hideCaptions()
                    controls.subtitles = .captionsOff
                    state = .loaded(controls)
                    didEnter(.captionsOff)
                }
                didTransition(source: source, event: event, target: state)
                return

            // Two regions: playback jumps, the captions follow; nothing is left or entered.
            case .seek(let position):
                let seekable = actions.isSeekable(to: position)
                let resync = controls.subtitles == .captionsOn
                guard seekable || resync else { break }
                if seekable { actions.jump(to: position) }
                if resync { actions.resyncCaptions(to: position) }
                return

            // Two regions: the sound toggles, and the captions come on if the sound was on.
            case .mute:
                let captionsComeOn = controls.subtitles == .captionsOff && controls.sound == .unmuted
                leave(controls.sound)
                controls.sound = controls.sound == .unmuted ? .muted : .unmuted
                if captionsComeOn { controls.subtitles = .captionsOn }
                state = .loaded(controls)
                enter(controls.sound)
                if captionsComeOn {
                    actions.showCaptions()
                    didEnter(.captionsOn)
                }
                didTransition(source: source, event: event, target: state)
                return

            // All three: another video, from its start, without captions, at its loudness.
            case .load(let id):
                leave(controls.subtitles)
                leave(controls.playback)
                actions.cueMedia(id: id)
                actions.normalizeLoudness(id: id)
                controls.playback = .paused
                controls.subtitles = .captionsOff
                state = .loaded(controls)
                didEnter(.paused)
                didEnter(.captionsOff)
                didTransition(source: source, event: event, target: state)
                return

            // The parallel state's own transition: out of every region, then out of `loaded`.
            case .eject:
                leave(controls.subtitles)
                leave(controls.sound)
                leave(controls.playback)
                actions.hideControls()
                actions.closeMedia()
                state = .empty
                didEnter(.empty)
                didTransition(source: source, event: event, target: state)
                return

            default:
                break
            }
        }
    }

    /// Leaves the playback region's state, running its exit action.
    @inline(__always)
    private func leave(_ playback: Playback) {
        switch playback {
        case .paused:
            break
        case .playing:
            actions.stopPlayback()
        }
    }

    /// Leaves the sound region's state, running its exit action.
    @inline(__always)
    private func leave(_ sound: Sound) {
        switch sound {
        case .unmuted:
            break
        case .muted:
            actions.hideMutedIcon()
        }
    }

    /// Leaves the captions region's state, running its exit action.
    @inline(__always)
    private func leave(_ subtitles: Subtitles) {
        switch subtitles {
        case .captionsOff:
            break
        case .captionsOn:
            actions.hideCaptions()
        }
    }

    /// Enters the sound region's state, running its entry action; `state` is already set.
    @inline(__always)
    private func enter(_ sound: Sound) {
        switch sound {
        case .unmuted:
            didEnter(.unmuted)
        case .muted:
            actions.showMutedIcon()
            didEnter(.muted)
        }
    }

    @inline(__always)
    private func didEnter(_ state: StateName) {
        delegate?.machine(self, didEnter: state)
    }

    @inline(__always)
    private func didTransition(source: State, event: Event, target: State) {
        onTransition?(Transition(source: source, event: event, target: target))
        delegate?.machine(self, didTransition: Transition(source: source, event: event, target: target))
    }
}

extension HandWrittenMediaControls.State {
    /// The active states' names, each region's in parentheses, as the generated
    /// `MediaControls.State` prints them: what the benchmark compares.
    var path: String {
        switch self {
        case .empty: "empty"
        case .loaded(let controls):
            "loaded(playback.\(controls.playback), sound.\(controls.sound), subtitles.\(controls.subtitles))"
        }
    }
}
