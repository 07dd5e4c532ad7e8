import FSMCore

/// The parts of the running machine a spec uses, each made once by the plan
/// (``SwiftPlan/parts``): by name, for the few places where one part's presence decides a
/// sentence or a call, and in order (``all``) for the places of the class every part adds to.
///
/// A class, as ``SwiftDeclarationNames``: generators read one part of it at a time, some once
/// a state, and a struct would be copied whole (a retain per part and list) for each read.
final class RunningMachineParts {
    let history: HistoryPart?
    let deferral: DeferralPart?
    let raisedEvents: RaisedEventsPart?
    let timers: TimersPart?
    let completion: CompletionPart?
    let invocations: InvocationsPart?
    let childMachines: ChildMachinesPart?
    let recording: RecordingPart
    let observable: ObservablePart?

    /// Every part, in the order their contributions appear in the class.
    let all: [any RunningMachinePart]
    /// The machine's notifications, in the order `Notification` declares them: the one list
    /// the value types, the observers and the recording read.
    let notifications: [ObserverHook]
    /// The queues `drainQueues()` takes from before the events sent from outside, in the
    /// order it takes from them.
    let drainQueues: [DrainQueue]
    /// What `drainQueues()` does once a step's internal queue is empty, `nil` when nothing.
    let stepEndedWork: StepEndedWork?
    /// What a `Snapshot` carries beside the state, in its order; empty when `init(…restoring:)`
    /// takes a bare `State`.
    let snapshotFields: [SnapshotField]

    init(
        history: HistoryPart?, deferral: DeferralPart?, raisedEvents: RaisedEventsPart?, timers: TimersPart?,
        completion: CompletionPart?, invocations: InvocationsPart?, childMachines: ChildMachinesPart?,
        recording: RecordingPart, observable: ObservablePart?, stateIDType: String, hasOutputs: Bool
    ) {
        self.history = history
        self.deferral = deferral
        self.raisedEvents = raisedEvents
        self.timers = timers
        self.completion = completion
        self.invocations = invocations
        self.childMachines = childMachines
        self.recording = recording
        self.observable = observable
        let present: [(any RunningMachinePart)?] = [history, deferral, raisedEvents, timers, completion, invocations, childMachines, recording, observable]
        all = present.compactMap { $0 }
        notifications = ObserverHook.stateChanges(stateIDType: stateIDType) + (hasOutputs ? [.emitted] : []) + [.ignored]
            + all.flatMap(\.notifications)
        drainQueues = all.compactMap(\.drainQueue).sorted { $0.stage < $1.stage }
        stepEndedWork = all.lazy.compactMap(\.stepEndedWork).first
        snapshotFields = all.flatMap(\.snapshotFields)
    }

    /// The work the initializer takes (a clock, a driver), in its order.
    var workParameters: [WorkParameter] { all.compactMap(\.workParameter) }

    /// The cases of `Stimulus`, in its order.
    var stimulusCases: [StimulusCase] { all.flatMap(\.stimulusCases) }
}
