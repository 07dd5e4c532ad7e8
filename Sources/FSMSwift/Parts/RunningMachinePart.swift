import FSMCore

/// One feature of the running machine (timers, invocations, deferral, …) with everything it
/// adds to the running class, so that a feature has one home, as each kind of field has in
/// protoc-gen-swift's `FieldGenerator`. `RunningClassGenerator` and the generators around it
/// loop over the plan's parts (``RunningMachineParts``) at each place of the class; a part
/// leaves the places it adds nothing to to the defaults, which add nothing.
///
/// The parts come in one order (``RunningMachineParts/all``); where the generated code orders
/// things by meaning rather than by part (the queues `drainQueues()` takes from), the
/// contribution says where it goes (``DrainQueue/stage``).
protocol RunningMachinePart: PlanReader {
    /// What the part keeps beside the state, saved in a `Snapshot` and restored from one.
    var snapshotFields: [SnapshotField] { get }
    /// Stored properties beside the event queues, after `pendingEvents`.
    func emitQueueStorage(into writer: inout CodeWriter)
    /// Stored properties after the queues: the part's own machinery.
    func emitStoredProperties(into writer: inout CodeWriter)
    /// Its cases of `Stimulus`, what waits in `pendingEvents` of a machine with asynchronous
    /// work, and how `drainQueues()` hands each on.
    var stimulusCases: [StimulusCase] { get }
    /// The types its `Stimulus` cases carry, after `Stimulus`.
    func emitStimulusTypes(into writer: inout CodeWriter)
    /// Declarations after the stored properties: the types its queue holds, storage compiled
    /// only under a condition.
    func emitPrivateDeclarations(into writer: inout CodeWriter)
    /// The work the initializer takes for it (a clock, a driver), `nil` when none.
    var workParameter: WorkParameter? { get }
    /// What a restored machine resumes, each a line after the state is restored.
    var resumption: [String] { get }
    /// The queue `drainQueues()` takes from before the events sent from outside, `nil` when none.
    var drainQueue: DrainQueue? { get }
    /// What `drainQueues()` does once the step's internal queue is empty, `nil` when nothing.
    var stepEndedWork: StepEndedWork? { get }
    /// The notifications it adds, in the order `Notification` declares them.
    var notifications: [ObserverHook] { get }
    /// What the end of a step run from outside does for the part, after `isInStep = false`
    /// (`writeStepEnd(into:)`).
    func writeStepEnd(into writer: inout CodeWriter)
    /// The functions a step's end calls, before `notify(_:_:)`.
    func emitStepEndFunctions(into writer: inout CodeWriter)
}

extension RunningMachinePart {
    var snapshotFields: [SnapshotField] { [] }
    func emitQueueStorage(into writer: inout CodeWriter) {}
    func emitStoredProperties(into writer: inout CodeWriter) {}
    var stimulusCases: [StimulusCase] { [] }
    func emitStimulusTypes(into writer: inout CodeWriter) {}
    func emitPrivateDeclarations(into writer: inout CodeWriter) {}
    var workParameter: WorkParameter? { nil }
    var resumption: [String] { [] }
    var drainQueue: DrainQueue? { nil }
    var stepEndedWork: StepEndedWork? { nil }
    var notifications: [ObserverHook] { [] }
    func writeStepEnd(into writer: inout CodeWriter) {}
    func emitStepEndFunctions(into writer: inout CodeWriter) {}
}

/// A variable a `Snapshot` carries beside the state (`history`, `keptEvents`).
struct SnapshotField {
    /// The machine's variable and the `Snapshot` property alike.
    let name: String
    /// The documentation of the machine's variable.
    let documentation: String
    /// What follows the name in the machine's declaration: `: [Event] = []`, ` = History()`.
    let declaration: String
}

/// A case of `Stimulus` and how `drainQueues()` hands it on.
struct StimulusCase {
    /// `case timer(Int, entry: UInt64)`.
    let declaration: String
    /// The `switch` case of `drainQueues()`: `case .timer(let index, let entry): fireTimer(…)`.
    let handling: String
}

/// The work a machine's initializer takes for a part: `clock: any MachineClock = TaskClock()`.
struct WorkParameter {
    /// The argument label, also the parameter's name: `clock`.
    let label: String
    /// The protocol of the work on an actor: `MachineClock`.
    let protocolName: String
    /// The protocol of work that runs only inside the calls its owner makes: `SynchronousMachineClock`.
    let synchronousProtocolName: String
    /// What the machine runs without one: `TaskClock()`.
    let defaultValue: String
    /// The stored property that keeps it: `clock`.
    let storedProperty: String
    /// What it does for the machine, for the initializer's documentation: times the `after` transitions.
    let purpose: String
    /// What tests pass: `ManualClock`.
    let testDouble: String

    /// The initializer's documentation of the parameter; `outsideAnyActor` for the initializer
    /// of a machine outside any actor, which tests call.
    func documentation(outsideAnyActor: Bool) -> String {
        "///   - \(label): \(purpose)" + (outsideAnyActor ? ", such as a `\(testDouble)` in tests." : "; pass a `\(testDouble)` in tests.")
    }

    /// The parameter of an initializer taking any work, with its default where `withDefault`.
    func parameter(withDefault: Bool) -> String {
        "\(label): any \(protocolName)" + (withDefault ? " = \(defaultValue)" : "")
    }

    /// The parameter of the public initializer for a machine on an actor.
    var onActorParameter: String { "\(label): some \(protocolName) = \(defaultValue)" }

    /// The parameter of the public initializer for a machine outside any actor.
    var anywhereParameter: String { "\(label): some \(synchronousProtocolName)" }

    /// The argument one initializer hands another: `clock: clock, `.
    var forwarded: String { "\(label): \(label), " }

    /// The initializer's line that keeps it: `self.clock = clock`.
    var keeping: String { "self.\(storedProperty) = \(label)" }
}

/// A queue `drainQueues()` takes from before the events sent from outside.
struct DrainQueue {
    /// Where in the drain it is taken from.
    enum Stage: Int, Comparable {
        /// SCXML's internal queue: before the step is over.
        case internalQueue
        /// Once the step has ended (``StepEndedWork``), before the events sent from outside.
        case afterStepEnded

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let stage: Stage
    /// The variable that holds the queue: `raisedEvents`; emptied when the machine stops.
    let storage: String
    /// What takes the next entry: `raisedEvents.popFirst()`.
    let next: String
    /// The name the next entry is bound to: `next`, or `event` for an `Event`.
    let binding: String
    /// Whether its entries are `Event`s, which a machine without asynchronous work hands
    /// straight to `step(_:)`; otherwise ``handle`` says what an entry does.
    let holdsEvents: Bool
    /// Handles the entry bound to ``binding``.
    let handle: (inout CodeWriter) -> Void
}

/// What `drainQueues()` does once the internal queue is empty, and what keeps `send(_:)`
/// draining when every queue is.
struct StepEndedWork {
    /// The lines, in the loop of `drainQueues()`.
    let lines: [String]
    /// The condition that work waits besides the queues: `invocations.hasScheduled`.
    let waiting: String
}
