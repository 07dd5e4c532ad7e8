import FSMRuntime

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

/// An `Observer` object for the generated player, as the user writes one: it wants
/// the states entered and the transitions taken, and says so.
final class PlayerTallyObserver: Player.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Player, didEnter state: Player.State) { tally.record(.entered) }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: Player) -> NotificationKinds { [.entries, .transitions] }
}

/// An `Observer` object for the generated call tracker.
final class CallTrackerTallyObserver: CallTracker.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: CallTracker, didEnter state: CallTracker.State) { tally.record(.entered) }
    func machine(_ machine: CallTracker, didTransition transition: CallTracker.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: CallTracker) -> NotificationKinds { [.entries, .transitions] }
}

/// An `Observer` object for the generated mail app.
final class MailTallyObserver: Mail.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Mail, didEnter state: Mail.StateID) { tally.record(.entered) }
    func machine(_ machine: Mail, didTransition transition: Mail.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: Mail) -> NotificationKinds { [.entries, .transitions] }
}

/// An `Observer` object for the generated upload.
final class UploadTallyObserver: Upload.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Upload, didEnter state: Upload.StateID) { tally.record(.entered) }
    func machine(_ machine: Upload, didTransition transition: Upload.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: Upload) -> NotificationKinds { [.entries, .transitions] }
}

/// An `Observer` object for the generated media controls.
final class MediaControlsTallyObserver: MediaControls.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: MediaControls, didEnter state: MediaControls.StateID) { tally.record(.entered) }
    func machine(_ machine: MediaControls, didTransition transition: MediaControls.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: MediaControls) -> NotificationKinds { [.entries, .transitions] }
}

/// An `Observer` object for the generated transfer, whose updates it hears as transitions.
final class ProgressTallyObserver: Progress.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Progress, didEnter state: Progress.StateID) { tally.record(.entered) }
    func machine(_ machine: Progress, didTransition transition: Progress.Transition) { tally.record(.transitioned) }
    func observedNotifications(of machine: Progress) -> NotificationKinds { [.entries, .transitions] }
}

/// The `Observer` object for the generated player as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class PlayerDefaultTallyObserver: Player.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Player, didEnter state: Player.State) { tally.record(.entered) }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { tally.record(.transitioned) }
}

/// The `Observer` object for the generated calltracker as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class CallTrackerDefaultTallyObserver: CallTracker.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: CallTracker, didEnter state: CallTracker.State) { tally.record(.entered) }
    func machine(_ machine: CallTracker, didTransition transition: CallTracker.Transition) { tally.record(.transitioned) }
}

/// The `Observer` object for the generated mail as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class MailDefaultTallyObserver: Mail.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Mail, didEnter state: Mail.StateID) { tally.record(.entered) }
    func machine(_ machine: Mail, didTransition transition: Mail.Transition) { tally.record(.transitioned) }
}

/// The `Observer` object for the generated upload as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class UploadDefaultTallyObserver: Upload.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Upload, didEnter state: Upload.StateID) { tally.record(.entered) }
    func machine(_ machine: Upload, didTransition transition: Upload.Transition) { tally.record(.transitioned) }
}

/// The `Observer` object for the generated media controls as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class MediaControlsDefaultTallyObserver: MediaControls.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: MediaControls, didEnter state: MediaControls.StateID) { tally.record(.entered) }
    func machine(_ machine: MediaControls, didTransition transition: MediaControls.Transition) { tally.record(.transitioned) }
}

/// The `Observer` object for the generated transfer as a user first writes it: the same two hooks,
/// and the default `observedNotifications(of:)`.
final class ProgressDefaultTallyObserver: Progress.Observer {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: Progress, didEnter state: Progress.StateID) { tally.record(.entered) }
    func machine(_ machine: Progress, didTransition transition: Progress.Transition) { tally.record(.transitioned) }
}

/// The delegate of the hand-written machines: the hand-written counterpart of the `Observer`
/// objects above, told of the states entered and the transitions taken.
final class TallyDelegate: HandWrittenPlayer.Delegate, HandWrittenCallTracker.Delegate, HandWrittenMail.Delegate, HandWrittenUpload.Delegate, HandWrittenMediaControls.Delegate,
    HandWrittenProgress.Delegate {
    let tally: NotificationTally

    init(_ tally: NotificationTally) {
        self.tally = tally
    }

    func machine(_ machine: HandWrittenPlayer, didEnter state: HandWrittenPlayer.State) { tally.record(.entered) }
    func machine(_ machine: HandWrittenPlayer, didTransition transition: HandWrittenPlayer.Transition) { tally.record(.transitioned) }
    func machine(_ machine: HandWrittenCallTracker, didEnter state: HandWrittenCallTracker.State) { tally.record(.entered) }
    func machine(_ machine: HandWrittenCallTracker, didTransition transition: HandWrittenCallTracker.Transition) { tally.record(.transitioned) }
    func machine(_ machine: HandWrittenMail, didEnter state: HandWrittenMail.StateName) { tally.record(.entered) }
    func machine(_ machine: HandWrittenMail, didTransition transition: HandWrittenMail.Transition) { tally.record(.transitioned) }
    func machine(_ machine: HandWrittenUpload, didEnter state: HandWrittenUpload.StateName) { tally.record(.entered) }
    func machine(_ machine: HandWrittenUpload, didTransition transition: HandWrittenUpload.Transition) { tally.record(.transitioned) }
    func machine(_ machine: HandWrittenMediaControls, didEnter state: HandWrittenMediaControls.StateName) { tally.record(.entered) }
    func machine(_ machine: HandWrittenMediaControls, didTransition transition: HandWrittenMediaControls.Transition) { tally.record(.transitioned) }
    func machine(_ machine: HandWrittenProgress, didEnter state: HandWrittenProgress.StateName) { tally.record(.entered) }
    func machine(_ machine: HandWrittenProgress, didTransition transition: HandWrittenProgress.Transition) { tally.record(.transitioned) }
}
