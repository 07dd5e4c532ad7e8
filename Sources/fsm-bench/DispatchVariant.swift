import FSMRuntime

/// Which implementation of a machine a variant runs.
enum Implementation: String, Codable {
    case generated
    case handWritten = "hand-written"
}

/// Who watches a run.
enum Observation: String, Codable, CaseIterable {
    /// Nobody.
    case none
    /// One closure: `observe(_:)` on the generated machine, an optional closure by hand.
    case closure = "one closure"
    /// One object, held weakly: an `Observer` (`addObserver(_:)`) or a hand-written delegate.
    case object = "one observer object"
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
    let observation: Observation
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
/// one closure observer and with one observer object.
enum DispatchVariants {
    /// The machines, in the order of the tables.
    static let machines = ["Player", "CallTracker", "Mail", "Upload", "MediaControls"]

    static func all(eventCount: Int) -> [DispatchVariant] {
        player(eventCount: eventCount) + callTracker(eventCount: eventCount) + mail(eventCount: eventCount)
            + upload(eventCount: eventCount) + mediaControls(eventCount: eventCount)
    }

    static func player(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.player(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Observation.allCases {
            variants.append(DispatchVariant(machine: "Player", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = PlayerWork()
                let machine = Player(actions: work)
                let tally = NotificationTally()
                var observer: PlayerTallyObserver?
                switch observation {
                case .none: break
                case .closure: machine.observe { tally.record($0.kind) }
                case .object:
                    observer = PlayerTallyObserver(tally)
                    machine.addObserver(observer!)
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(observer) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Player", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = PlayerWork()
                let machine = HandWrittenPlayer(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                switch observation {
                case .none: break
                case .closure: machine.observer = { tally.record($0.kind) }
                case .object: machine.setDelegate(delegate)
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(delegate) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
        }
        return variants
    }

    static func callTracker(eventCount: Int) -> [DispatchVariant] {
        let events = EventSequence.callTracker(count: eventCount)
        var variants: [DispatchVariant] = []
        for observation in Observation.allCases {
            variants.append(DispatchVariant(machine: "CallTracker", implementation: .generated, observation: observation, eventCount: eventCount) {
                let machine = CallTracker()
                let tally = NotificationTally()
                var observer: CallTrackerTallyObserver?
                switch observation {
                case .none: break
                case .closure: machine.observe { tally.record($0.kind) }
                case .object:
                    observer = CallTrackerTallyObserver(tally)
                    machine.addObserver(observer!)
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(observer) {
                            RunOutcome(state: "\(machine.state)", work: "no actions", tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "CallTracker", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let machine = HandWrittenCallTracker()
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                switch observation {
                case .none: break
                case .closure: machine.observer = { tally.record($0.kind) }
                case .object: machine.setDelegate(delegate)
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(delegate) {
                            RunOutcome(state: "\(machine.state)", work: "no actions", tally: observation == .none ? nil : tally.summary)
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
        for observation in Observation.allCases {
            variants.append(DispatchVariant(machine: "Mail", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = MailWork()
                let machine = Mail(actions: work, clock: ManualClock())
                let tally = NotificationTally()
                var observer: MailTallyObserver?
                switch observation {
                case .none: break
                case .closure: machine.observe { tally.record($0.kind) }
                case .object:
                    observer = MailTallyObserver(tally)
                    machine.addObserver(observer!)
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(observer) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Mail", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = MailWork()
                let machine = HandWrittenMail(actions: work, clock: ManualClock())
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                switch observation {
                case .none: break
                case .closure: machine.observer = { tally.record($0.kind) }
                case .object: machine.setDelegate(delegate)
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(delegate) {
                            RunOutcome(state: machine.state.path, work: work.summary, tally: observation == .none ? nil : tally.summary)
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
        for observation in Observation.allCases {
            variants.append(DispatchVariant(machine: "Upload", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = UploadWork()
                let machine = Upload(actions: work)
                let tally = NotificationTally()
                var observer: UploadTallyObserver?
                switch observation {
                case .none: break
                case .closure: machine.observe { tally.record($0.kind) }
                case .object:
                    observer = UploadTallyObserver(tally)
                    machine.addObserver(observer!)
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(observer) {
                            RunOutcome(state: machine.state.withData, work: work.summary, tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "Upload", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = UploadWork()
                let machine = HandWrittenUpload(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                switch observation {
                case .none: break
                case .closure: machine.observer = { tally.record($0.kind) }
                case .object: machine.setDelegate(delegate)
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(delegate) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation == .none ? nil : tally.summary)
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
        for observation in Observation.allCases {
            variants.append(DispatchVariant(machine: "MediaControls", implementation: .generated, observation: observation, eventCount: eventCount) {
                let work = MediaControlsWork()
                let machine = MediaControls(actions: work)
                let tally = NotificationTally()
                var observer: MediaControlsTallyObserver?
                switch observation {
                case .none: break
                case .closure: machine.observe { tally.record($0.kind) }
                case .object:
                    observer = MediaControlsTallyObserver(tally)
                    machine.addObserver(observer!)
                }
                let generated = events.generated
                return PreparedRun(
                    send: { range in
                        for event in generated[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(observer) {
                            RunOutcome(state: "\(machine.state)", work: work.summary, tally: observation == .none ? nil : tally.summary)
                        }
                    })
            })
            variants.append(DispatchVariant(machine: "MediaControls", implementation: .handWritten, observation: observation, eventCount: eventCount) {
                let work = MediaControlsWork()
                let machine = HandWrittenMediaControls(actions: work)
                let tally = NotificationTally()
                let delegate = TallyDelegate(tally)
                switch observation {
                case .none: break
                case .closure: machine.observer = { tally.record($0.kind) }
                case .object: machine.setDelegate(delegate)
                }
                let handWritten = events.handWritten
                return PreparedRun(
                    send: { range in
                        for event in handWritten[range] { machine.send(event) }
                    },
                    outcome: {
                        withExtendedLifetime(delegate) {
                            RunOutcome(state: machine.state.path, work: work.summary, tally: observation == .none ? nil : tally.summary)
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
