import FSMRuntime
import Foundation

/// Section 2: heap allocations per event in steady state, and what setting up a machine and
/// its observers allocates once. Counted by glibc's tracer in a child process
/// (``AllocationTrace``).
enum AllocationBenchmark {
    /// The hidden option that makes `fsm-bench` the child that counts, writing its report as
    /// JSON to the file that follows.
    static let childOption = "--allocation-child"
    struct SteadyState: Codable {
        var variant: String
        var events: Int
        var allocations: Int
        var allocationsPerEvent: Double
    }

    struct OneTimeCost: Codable {
        var what: String
        var allocations: Int
    }

    struct Report: Codable {
        /// Why nothing was counted, when nothing was.
        var notCounted: String?
        var steadyState: [SteadyState]
        var oneTime: [OneTimeCost]
        /// Variants that allocated in steady state, unobserved or observed by a closure or an
        /// object (the target is none); judged only in an optimized build, where the benchmark's
        /// own loop allocates nothing.
        var missedTargets: [String]
        /// Whether this is an optimized build, whose figures mean something.
        var isOptimized = true
    }

    /// Runs ``measure(eventCount:)`` in a child process that can trace allocations.
    static func run(eventCount: Int, smoke: Bool, workDirectory: URL) -> Report {
        let notCounted = { (reason: String) in Report(notCounted: reason, steadyState: [], oneTime: [], missedTargets: []) }
        let reportFile = workDirectory.appendingPathComponent("allocations.json")
        guard let executable = Bundle.main.executableURL,
              let environment = AllocationTrace.childEnvironment(traceFile: workDirectory.appendingPathComponent("malloc-trace.txt"))
        else { return notCounted("glibc's libc_malloc_debug.so.0 was not found next to libc.so.6") }
        do {
            let child = try Subprocess.run(
                executable, [childOption, reportFile.path] + (smoke ? ["--smoke"] : []), environment: environment)
            guard child.status == 0 else { return notCounted("the counting process failed:\n\(child.output)") }
            return try JSONDecoder().decode(Report.self, from: Data(contentsOf: reportFile))
        } catch {
            return notCounted("\(error)")
        }
    }

    /// Counts, in this process: it must run with glibc's tracer preloaded.
    static func measure(eventCount: Int) -> Report {
        guard AllocationTrace.count({}) == 0 else {
            return Report(notCounted: "this process cannot trace allocations", steadyState: [], oneTime: [], missedTargets: [])
        }
        let warmUp = max(1, eventCount / 10)
        var steadyState: [SteadyState] = []
        let isOptimized = BenchEnvironment.isOptimizedBuild
        var missedTargets: [String] = []
        for variant in DispatchVariants.all(eventCount: eventCount) + queueingVariants(eventCount: eventCount) {
            let run = variant.prepare()
            run.send(0..<warmUp)
            let allocations = AllocationTrace.count { run.send(warmUp..<eventCount) } ?? 0
            let measured = eventCount - warmUp
            steadyState.append(SteadyState(
                variant: variant.label, events: measured, allocations: allocations,
                allocationsPerEvent: Double(allocations) / Double(measured)))
            if isOptimized, variant.observation.allocatesNothing, allocations > 0 {
                missedTargets.append("\(variant.label) allocated \(allocations) times in \(measured) events")
            }
        }
        return Report(
            notCounted: nil, steadyState: steadyState, oneTime: oneTimeCosts(), missedTargets: missedTargets,
            isOptimized: isOptimized)
    }

    /// A generated machine whose closure observer sends an event from inside some steps, which
    /// the machine queues and handles right after the step. `start` makes and observes the
    /// machine and returns its `send(_:)`.
    private static func queueing<Event>(
        _ machine: String, _ what: String, events: [Event], start: @escaping () -> (Event) -> Void
    ) -> DispatchVariant {
        DispatchVariant(machine: machine, implementation: .generated, observation: .transitionClosure, eventCount: events.count) {
            let send = start()
            return PreparedRun(
                send: { range in
                    for event in events[range] { send(event) }
                },
                outcome: { RunOutcome(state: "", work: "", tally: nil) })
        }.relabeled("\(machine), generated, one closure that sends \(what) (queued)")
    }

    /// The player, the mail app (whose queue also holds timers), the upload (a queued event
    /// with a payload that takes a transition with data), the transfer (a queued event that
    /// updates the state's data in place) and the media controls (a queued event that two
    /// regions take), each sending from inside a step.
    private static func queueingVariants(eventCount: Int) -> [DispatchVariant] {
        [
            queueing("Player", "from inside the step", events: EventSequence.player(count: eventCount).generated) {
                let machine = Player(actions: PlayerWork())
                machine.observe { [unowned machine] notification in
                    if case .transitioned(let transition) = notification, transition.target == .paused {
                        machine.send(.seek(to: 1))
                    }
                }
                return machine.send
            },
            queueing("Mail", "from inside the step", events: EventSequence.mail(count: eventCount).generated) {
                let machine = Mail(actions: MailWork(), clock: ManualClock())
                machine.observe { [unowned machine] notification in
                    if case .transitioned(let transition) = notification, transition.target == .session(.compose(.editing)) {
                        machine.send(.next)
                    }
                }
                return { machine.send($0) }
            },
            queueing("Upload", "a chunk from inside every pause", events: EventSequence.upload(count: eventCount).generated) {
                let machine = Upload(actions: UploadWork())
                machine.observe { [unowned machine] notification in
                    if case .transitioned(let transition) = notification, transition.event == .pause {
                        machine.send(.chunk(bytes: 512))
                    }
                }
                return machine.send
            },
            queueing("Progress", "a progress report from inside every pause", events: EventSequence.progress(count: eventCount).generated) {
                let machine = Progress(actions: ProgressWork())
                machine.observe { [unowned machine] notification in
                    if case .transitioned(let transition) = notification, transition.event == .pause {
                        machine.send(.progress(bytes: 4_096))
                    }
                }
                return machine.send
            },
            queueing("MediaControls", "a seek from inside every mute", events: EventSequence.mediaControls(count: eventCount).generated) {
                let machine = MediaControls(actions: MediaControlsWork())
                machine.observe { [unowned machine] notification in
                    if case .transitioned(let transition) = notification, transition.event == .mute {
                        machine.send(.seek(to: 1))
                    }
                }
                return machine.send
            },
        ]
    }

    private static func oneTimeCosts() -> [OneTimeCost] {
        var costs: [OneTimeCost] = []
        func record(_ what: String, _ body: () -> Void) {
            costs.append(OneTimeCost(what: what, allocations: AllocationTrace.count(body) ?? 0))
        }
        let work = PlayerWork()
        var machine: Player?
        record("Player(actions:), generated") { machine = Player(actions: work) }
        record("Player.observeTransitions(_:), the first closure observer") { machine!.observeTransitions { _ in } }
        let observer = PlayerTallyObserver(NotificationTally())
        record("Player.addObserver(_:), a second observer") { machine!.addObserver(observer) }
        var handWritten: HandWrittenPlayer?
        record("HandWrittenPlayer(actions:)") { handWritten = HandWrittenPlayer(actions: work) }
        let tally = NotificationTally()
        record("HandWrittenPlayer.onTransition = closure") { handWritten!.onTransition = { _ in tally.record(.transitioned) } }
        var callTracker: CallTracker?
        record("CallTracker(), generated") { callTracker = CallTracker() }
        record("HandWrittenCallTracker()") { _ = HandWrittenCallTracker() }
        // The nested machine starts its session's idle timeout: a clock entry and its closure.
        let mailWork = MailWork()
        let clock = ManualClock()
        var mail: Mail?
        record("Mail(actions:clock:), generated, nested, with a timer") { mail = Mail(actions: mailWork, clock: clock) }
        var handWrittenMail: HandWrittenMail?
        record("HandWrittenMail(actions:clock:)") { handWrittenMail = HandWrittenMail(actions: mailWork, clock: clock) }
        let uploadWork = UploadWork()
        var upload: Upload?
        record("Upload(actions:), generated, with data") { upload = Upload(actions: uploadWork) }
        var handWrittenUpload: HandWrittenUpload?
        record("HandWrittenUpload(actions:)") { handWrittenUpload = HandWrittenUpload(actions: uploadWork) }
        let mediaControlsWork = MediaControlsWork()
        var mediaControls: MediaControls?
        record("MediaControls(actions:), generated, parallel") { mediaControls = MediaControls(actions: mediaControlsWork) }
        var handWrittenMediaControls: HandWrittenMediaControls?
        record("HandWrittenMediaControls(actions:)") {
            handWrittenMediaControls = HandWrittenMediaControls(actions: mediaControlsWork)
        }
        let progressWork = ProgressWork()
        var progress: Progress?
        record("Progress(actions:), generated, data updated in place") { progress = Progress(actions: progressWork) }
        var handWrittenProgress: HandWrittenProgress?
        record("HandWrittenProgress(actions:)") { handWrittenProgress = HandWrittenProgress(actions: progressWork) }
        withExtendedLifetime((machine, handWritten, callTracker, observer, mail, handWrittenMail, upload, handWrittenUpload)) {}
        withExtendedLifetime((progress, handWrittenProgress)) {}
        withExtendedLifetime((mediaControls, handWrittenMediaControls)) {}
        return costs
    }
}
