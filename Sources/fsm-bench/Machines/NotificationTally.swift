/// What the benchmark's one observer does with a notification: count it by kind. Every
/// variant's observer does exactly this, so observing variants must end with equal tallies.
///
/// The counters skip Swift's run-time exclusivity checks, as the generated machines' variables
/// do: the observer's own cost should be the same few instructions in every variant.
final class NotificationTally {
    enum Kind {
        case exited, entered, transitioned, emitted, ignored
    }

    @exclusivity(unchecked) private(set) var exited = 0
    @exclusivity(unchecked) private(set) var entered = 0
    @exclusivity(unchecked) private(set) var transitioned = 0
    @exclusivity(unchecked) private(set) var emitted = 0
    @exclusivity(unchecked) private(set) var ignored = 0

    func record(_ kind: Kind) {
        switch kind {
        case .exited: exited &+= 1
        case .entered: entered &+= 1
        case .transitioned: transitioned &+= 1
        case .emitted: emitted &+= 1
        case .ignored: ignored &+= 1
        }
    }

    var summary: String {
        "transitions \(transitioned), entries \(entered), exits \(exited), outputs \(emitted), ignored \(ignored)"
    }
}

extension Player.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension HandWrittenPlayer.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension CallTracker.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension HandWrittenCallTracker.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension Mail.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension HandWrittenMail.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension Upload.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension HandWrittenUpload.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension MediaControls.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

extension HandWrittenMediaControls.Notification {
    var kind: NotificationTally.Kind {
        switch self {
        case .exited: .exited
        case .entered: .entered
        case .transitioned: .transitioned
        case .emitted: .emitted
        case .ignored: .ignored
        }
    }
}

/// An `Observer` object for the generated player: the protocol form of observing.
final class PlayerTallyObserver: Player.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Player, didExit state: Player.State) { tally.record(.exited) }
    func machine(_ machine: Player, didEnter state: Player.State) { tally.record(.entered) }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { tally.record(.transitioned) }
    func machine(_ machine: Player, didEmit output: Player.Output) { tally.record(.emitted) }
    func machine(_ machine: Player, didIgnore event: Player.Event, in state: Player.State) { tally.record(.ignored) }
}

/// An `Observer` object for the generated call tracker.
final class CallTrackerTallyObserver: CallTracker.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: CallTracker, didExit state: CallTracker.State) { tally.record(.exited) }
    func machine(_ machine: CallTracker, didEnter state: CallTracker.State) { tally.record(.entered) }
    func machine(_ machine: CallTracker, didTransition transition: CallTracker.Transition) { tally.record(.transitioned) }
    func machine(_ machine: CallTracker, didEmit output: CallTracker.Output) { tally.record(.emitted) }
    func machine(_ machine: CallTracker, didIgnore event: CallTracker.Event, in state: CallTracker.State) { tally.record(.ignored) }
}

/// An `Observer` object for the generated mail app.
final class MailTallyObserver: Mail.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Mail, didExit state: Mail.StateID) { tally.record(.exited) }
    func machine(_ machine: Mail, didEnter state: Mail.StateID) { tally.record(.entered) }
    func machine(_ machine: Mail, didTransition transition: Mail.Transition) { tally.record(.transitioned) }
    func machine(_ machine: Mail, didEmit output: Mail.Output) { tally.record(.emitted) }
    func machine(_ machine: Mail, didIgnore event: Mail.Event, in state: Mail.State) { tally.record(.ignored) }
}

/// An `Observer` object for the generated upload.
final class UploadTallyObserver: Upload.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Upload, didExit state: Upload.StateID) { tally.record(.exited) }
    func machine(_ machine: Upload, didEnter state: Upload.StateID) { tally.record(.entered) }
    func machine(_ machine: Upload, didTransition transition: Upload.Transition) { tally.record(.transitioned) }
    func machine(_ machine: Upload, didEmit output: Upload.Output) { tally.record(.emitted) }
    func machine(_ machine: Upload, didIgnore event: Upload.Event, in state: Upload.State) { tally.record(.ignored) }
}

/// An `Observer` object for the generated media controls.
final class MediaControlsTallyObserver: MediaControls.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: MediaControls, didExit state: MediaControls.StateID) { tally.record(.exited) }
    func machine(_ machine: MediaControls, didEnter state: MediaControls.StateID) { tally.record(.entered) }
    func machine(_ machine: MediaControls, didTransition transition: MediaControls.Transition) { tally.record(.transitioned) }
    func machine(_ machine: MediaControls, didEmit output: MediaControls.Output) { tally.record(.emitted) }
    func machine(_ machine: MediaControls, didIgnore event: MediaControls.Event, in state: MediaControls.State) { tally.record(.ignored) }
}

/// The delegate of the hand-written machines: the hand-written counterpart of the `Observer`
/// objects above.
final class TallyDelegate: HandWrittenPlayer.Delegate, HandWrittenCallTracker.Delegate, HandWrittenMail.Delegate, HandWrittenUpload.Delegate, HandWrittenMediaControls.Delegate {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: HandWrittenPlayer, didNotify notification: HandWrittenPlayer.Notification) {
        tally.record(notification.kind)
    }

    func machine(_ machine: HandWrittenCallTracker, didNotify notification: HandWrittenCallTracker.Notification) {
        tally.record(notification.kind)
    }

    func machine(_ machine: HandWrittenMail, didNotify notification: HandWrittenMail.Notification) {
        tally.record(notification.kind)
    }

    func machine(_ machine: HandWrittenUpload, didNotify notification: HandWrittenUpload.Notification) {
        tally.record(notification.kind)
    }

    func machine(_ machine: HandWrittenMediaControls, didNotify notification: HandWrittenMediaControls.Notification) {
        tally.record(notification.kind)
    }
}
