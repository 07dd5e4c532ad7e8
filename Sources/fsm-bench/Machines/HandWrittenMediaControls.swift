/// The video player's controls of `MediaControls.fsm` written by hand, as a careful developer
/// writes a machine with parallel regions: a `struct` with one enum per region, and one
/// `switch` over the event that changes the regions the event concerns. An event several
/// regions take runs in the generated machine's (SCXML's) order: every region decides on the
/// configuration before the event, then the exits in reverse document order (captions, sound,
/// playback), the transitions' actions in document order, the entries in document order. The
/// same guards and actions are called in the same order, and an optional observer is told the
/// same things in the same order as the generated machine's observers.
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

    enum Notification {
        case exited(StateName)
        case entered(StateName)
        case transitioned(source: State, event: Event, target: State)
        case emitted(Output)
        case ignored(Event, in: State)
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

    /// The protocol form of observing, held weakly as delegates are.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenMediaControls, didNotify notification: Notification)
    }

    private(set) var state = State.empty
    private let actions: any Actions

    /// The one observer, or `nil`.
    var observer: ((Notification) -> Void)?

    /// Makes `delegate` the observer, through the same closure the generated machines build
    /// for an `Observer` object.
    func setDelegate(_ delegate: any Delegate) {
        observer = { [unowned(unsafe) self, weak delegate] notification in
            delegate?.machine(self, didNotify: notification)
        }
    }

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch state {
        case .empty:
            switch event {
            case .load(let id) where actions.canLoad(id: id):
                notify(.exited(.empty))
                actions.openMedia(id: id)
                state = .loaded(Controls(playback: .paused, sound: .unmuted, subtitles: .captionsOff))
                actions.showControls()
                notify(.entered(.loaded))
                notify(.entered(.playback))
                notify(.entered(.paused))
                notify(.entered(.sound))
                notify(.entered(.unmuted))
                notify(.entered(.subtitles))
                notify(.entered(.captionsOff))
                notify(.transitioned(source: .empty, event: event, target: state))
                return
            case .play:
                notify(.emitted(.notice("Nothing to play.")))
                return
            default:
                break
            }

        case .loaded(var controls):
            let source = state
            switch event {
            // One region's events.
            case .play where controls.playback == .paused:
                notify(.exited(.paused))
                controls.playback = .playing
                state = .loaded(controls)
                actions.startPlayback()
                notify(.entered(.playing))
                notify(.transitioned(source: source, event: event, target: state))
                return
            case .pause where controls.playback == .playing:
                actions.stopPlayback()
                notify(.exited(.playing))
                controls.playback = .paused
                state = .loaded(controls)
                notify(.entered(.paused))
                notify(.transitioned(source: source, event: event, target: state))
                return
            case .volumeUp:
                switch controls.sound {
                case .unmuted:
                    actions.raiseVolume()
                case .muted:
                    actions.hideMutedIcon()
                    notify(.exited(.muted))
                    actions.raiseVolume()
                    controls.sound = .unmuted
                    state = .loaded(controls)
                    notify(.entered(.unmuted))
                    notify(.transitioned(source: source, event: event, target: state))
                }
                return
            case .volumeDown where controls.sound == .unmuted:
                actions.lowerVolume()
                return
            case .captions:
                switch controls.subtitles {
                case .captionsOff:
                    notify(.exited(.captionsOff))
                    controls.subtitles = .captionsOn
                    state = .loaded(controls)
                    actions.showCaptions()
                    notify(.entered(.captionsOn))
                case .captionsOn:
                    actions.hideCaptions()
                    notify(.exited(.captionsOn))
                    controls.subtitles = .captionsOff
                    state = .loaded(controls)
                    notify(.entered(.captionsOff))
                }
                notify(.transitioned(source: source, event: event, target: state))
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
                if captionsComeOn { notify(.exited(.captionsOff)) }
                leave(controls.sound)
                controls.sound = controls.sound == .unmuted ? .muted : .unmuted
                if captionsComeOn { controls.subtitles = .captionsOn }
                state = .loaded(controls)
                enter(controls.sound)
                if captionsComeOn {
                    actions.showCaptions()
                    notify(.entered(.captionsOn))
                }
                notify(.transitioned(source: source, event: event, target: state))
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
                notify(.entered(.paused))
                notify(.entered(.captionsOff))
                notify(.transitioned(source: source, event: event, target: state))
                return

            // The parallel state's own transition: out of every region, then out of `loaded`.
            case .eject:
                leave(controls.subtitles)
                notify(.exited(.subtitles))
                leave(controls.sound)
                notify(.exited(.sound))
                leave(controls.playback)
                notify(.exited(.playback))
                actions.hideControls()
                notify(.exited(.loaded))
                actions.closeMedia()
                state = .empty
                notify(.entered(.empty))
                notify(.transitioned(source: source, event: event, target: state))
                return

            default:
                break
            }
        }
        notify(.ignored(event, in: state))
    }

    /// Leaves the playback region's state, running its exit action.
    @inline(__always)
    private func leave(_ playback: Playback) {
        switch playback {
        case .paused:
            notify(.exited(.paused))
        case .playing:
            actions.stopPlayback()
            notify(.exited(.playing))
        }
    }

    /// Leaves the sound region's state, running its exit action.
    @inline(__always)
    private func leave(_ sound: Sound) {
        switch sound {
        case .unmuted:
            notify(.exited(.unmuted))
        case .muted:
            actions.hideMutedIcon()
            notify(.exited(.muted))
        }
    }

    /// Leaves the captions region's state, running its exit action.
    @inline(__always)
    private func leave(_ subtitles: Subtitles) {
        switch subtitles {
        case .captionsOff:
            notify(.exited(.captionsOff))
        case .captionsOn:
            actions.hideCaptions()
            notify(.exited(.captionsOn))
        }
    }

    /// Enters the sound region's state, running its entry action; `state` is already set.
    @inline(__always)
    private func enter(_ sound: Sound) {
        switch sound {
        case .unmuted:
            notify(.entered(.unmuted))
        case .muted:
            actions.showMutedIcon()
            notify(.entered(.muted))
        }
    }

    @inline(__always)
    private func notify(_ notification: @autoclosure () -> Notification) {
        if let observer { observer(notification()) }
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
