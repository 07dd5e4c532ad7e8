import FSMRuntime

/// Which implementation of a machine a variant runs.
enum Implementation: String, Codable {
    case generated
    case handWritten = "hand-written"
}

/// Who watches a run, as a user who wants to hear something particular would.
enum Watcher: String, Codable, CaseIterable {
    /// Nobody.
    case none
    /// One closure called with each transition: `observeTransitions(_:)` on the generated
    /// machine, an optional closure the hand-written `switch` calls.
    case transitionClosure = "one transition closure"
    /// One object, held weakly, that wants the states entered and the transitions: an
    /// `Observer` naming those two kinds (`addObserver(_:)`) or a hand-written weak delegate.
    case object = "one observer object"
    /// The same object as a user first writes it: an `Observer` implementing the same two
    /// hooks and nothing else, so that it hears the default `observedNotifications(of:)`;
    /// against the same hand-written weak delegate.
    case defaultObject = "one default observer object"
    /// An `AsyncStream` of the transitions, nobody iterating it during the run: the generated
    /// `transitions`, or a stream the hand-written machine's transition closure feeds.
    case stream = "transition stream"

    /// Whether the observer counts what it hears in a tally the variants must agree on.
    var tallies: Bool { self == .transitionClosure || self == .object || self == .defaultObject }

    /// Whether a run must allocate nothing per event. A stream nobody iterates grows its
    /// buffer now and then, in both variants alike: the `AsyncStream`'s cost, not judged.
    var allocatesNothing: Bool { self != .stream }
}

/// What a run ends with. Variants of one machine fed the same events must agree on `state`
/// and `work`, and observed ones on `tally` too.
struct RunOutcome: Equatable {
    var state: String
    /// What the actions counted (calls of actions and guards).
    var work: String
    /// What the observer counted; `nil` when nobody observed.
    var tally: String?
}

/// A fresh machine, observed as its variant says, with its events at hand.
struct PreparedRun {
    /// Sends the events at `range` in order: the loop that is timed.
    let send: (Range<Int>) -> Void
    /// The machine's state and the counts of its actions and observer.
    let outcome: () -> RunOutcome
}

/// One way of running one machine over the benchmark's events.
struct DispatchVariant {
    let machine: String
    let implementation: Implementation
    let observation: Watcher
    /// How many events `prepare` makes available.
    let eventCount: Int
    /// Makes a fresh machine for one run.
    let prepare: () -> PreparedRun
    /// Replaces the label made of machine, implementation and observation.
    var customLabel: String? = nil

    var label: String { customLabel ?? "\(machine), \(implementation.rawValue), \(observation.rawValue)" }

    /// The same variant under another name.
    func relabeled(_ label: String) -> DispatchVariant {
        var copy = self
        copy.customLabel = label
        return copy
    }
}

/// The variants of the benchmark machines, generated and hand-written, each unobserved, with
/// one transition closure, one observer object and one stream of transitions.
enum DispatchVariants {
    /// The machines, in the order of the tables.
    static let machines = ["Player", "CallTracker", "Mail", "Upload", "MediaControls", "Progress", "ObservablePlayer"]

    static func all(eventCount: Int) -> [DispatchVariant] {
        player(eventCount: eventCount) + callTracker(eventCount: eventCount) + mail(eventCount: eventCount)
            + upload(eventCount: eventCount) + mediaControls(eventCount: eventCount) + progress(eventCount: eventCount)
            + observablePlayer(eventCount: eventCount)
            + [recordedPlayer(eventCount: eventCount)]
    }

    /// The player as an `@Observable` machine against a hand-written `@Observable` class, nobody
    /// observing either: what the attribute costs a machine no view reads.
    static func observablePlayer(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.observablePlayer(count: eventCount)
        let generated = DispatchVariant(machine: "ObservablePlayer", implementation: .generated, observation: .none, eventCount: eventCount) {
            let work = PlayerWork()
            let machine = ObservablePlayer(actions: work)
            let generated = events.generated
            return PreparedRun(
                send: { range in
                    for event in generated[range] { machine.send(event) }
                },
                outcome: { RunOutcome(state: "\(machine.state)", work: work.summary, tally: nil) })
        }
        let handWritten = DispatchVariant(machine: "ObservablePlayer", implementation: .handWritten, observation: .none, eventCount: eventCount) {
            let work = PlayerWork()
            let machine = HandWrittenObservablePlayer(actions: work)
            let handWritten = events.handWritten
            return PreparedRun(
                send: { range in
                    for event in handWritten[range] { machine.send(event) }
                },
                outcome: { RunOutcome(state: "\(machine.state)", work: work.summary, tally: nil) })
        }
        return [generated, handWritten]
    }

    static func player(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.player(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "Player", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = PlayerWork()
                let machine = Player(actions: work)
                let tally = NotificationTally()
                var observer: (any Player.Observer)?
                var stream: AsyncStream<Player.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = PlayerTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = PlayerDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Player", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = PlayerWork()
                let machine = HandWrittenPlayer(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenPlayer.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenPlayer.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }

    static func callTracker(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.callTracker(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "CallTracker", implementation: .generated, observation: observation, eventCount: eventCount) {
                let machine = CallTracker()
                let tally = NotificationTally()
                var observer: (any CallTracker.Observer)?
                var stream: AsyncStream<CallTracker.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = CallTrackerTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = CallTrackerDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: "\(machine.state)", work: "no actions", tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "CallTracker", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let machine = HandWrittenCallTracker()
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenCallTracker.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenCallTracker.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: "\(machine.state)", work: "no actions", tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }

    /// The nested machine. Its clock never moves, so the session's idle timeout never fires.
    static func mail(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.mail(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "Mail", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = MailWork()
                let machine = Mail(actions: work, clock: ManualClock())
                let tally = NotificationTally()
                var observer: (any Mail.Observer)?
                var stream: AsyncStream<Mail.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = MailTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = MailDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Mail", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = MailWork()
                let machine = HandWrittenMail(actions: work, clock: ManualClock())
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenMail.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenMail.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: machine.state.path, work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }

    /// The machine with data. Its state is compared with its data, which the generated
    /// `description` leaves out.
    static func upload(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.upload(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "Upload", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = UploadWork()
                let machine = Upload(actions: work)
                let tally = NotificationTally()
                var observer: (any Upload.Observer)?
                var stream: AsyncStream<Upload.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = UploadTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = UploadDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: machine.state.withData, work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Upload", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = UploadWork()
                let machine = HandWrittenUpload(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenUpload.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenUpload.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }

    /// The machine whose data changes in place: most events `update(…)` the bytes received, a
    /// reassignment of `state` in the hand-written twin. Compared with its data, as `Upload` is.
    static func progress(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.progress(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "Progress", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = ProgressWork()
                let machine = Progress(actions: work)
                let tally = NotificationTally()
                var observer: (any Progress.Observer)?
                var stream: AsyncStream<Progress.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = ProgressTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = ProgressDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: machine.state.withData, work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Progress", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = ProgressWork()
                let machine = HandWrittenProgress(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenProgress.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenProgress.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }

    /// The machine with parallel regions: three regions, some events taken by one of them,
    /// some by two or three together.
    static func mediaControls(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.mediaControls(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Watcher.allCases {
            variants.append(DispatchVariant(machine: "MediaControls", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = MediaControlsWork()
                let machine = MediaControls(actions: work)
                let tally = NotificationTally()
                var observer: (any MediaControls.Observer)?
                var stream: AsyncStream<MediaControls.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.observeTransitions { _ in tally.record(.transitioned) }
                case .object:
                    observer = MediaControlsTallyObserver(tally)
                    machine.addObserver(observer!)
                case .defaultObject:
                    observer = MediaControlsDefaultTallyObserver(tally)
                    machine.addObserver(observer!)
                case .stream: stream = machine.transitions
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((observer, stream)) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "MediaControls", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = MediaControlsWork()
                let machine = HandWrittenMediaControls(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                var stream: AsyncStream<HandWrittenMediaControls.Transition>?
                switch observation {
                case .none: break
                case .transitionClosure: machine.onTransition = { _ in tally.record(.transitioned) }
                case .object, .defaultObject: machine.delegate = delegate
                case .stream:
                    let (transitions, continuation) = AsyncStream.makeStream(of: HandWrittenMediaControls.Transition.self)
                    stream = transitions
                    machine.onTransition = { continuation.yield($0) }
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime((delegate, stream)) {
                            RunOutcome(state: machine.state.path, work: work.summary, tally: observation.tallies ? tally.summary : nil)
                        }
                    })
            })
        }
        return variants
    }
}

extension Upload.State {
    /// The state with its data, as the hand-written twin's prints it: `uploading(id: 7, sent: 4096)`.
    var withData: String {
        switch self {
        case .idle: "idle"
        case .uploading(let id, let sent): "uploading(id: \(id), sent: \(sent))"
        case .paused(let id, let sent): "paused(id: \(id), sent: \(sent))"
        case .failed(let id, let attempts): "failed(id: \(id), attempts: \(attempts))"
        }
    }
}

extension Progress.State {
    /// The state with its data, as the hand-written twin's prints it: `receiving(id: 7, received: 4096)`.
    var withData: String {
        switch self {
        case .idle: "idle"
        case .receiving(let id, let received): "receiving(id: \(id), received: \(received))"
        case .paused(let id, let received): "paused(id: \(id), received: \(received))"
        }
    }
}
