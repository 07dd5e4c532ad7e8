import FSMCore

/// The running machine: stored properties, initializer, `send` and the step loop.
struct RunningClassGenerator: PlanReader {
    let plan: SwiftPlan
}

extension RunningClassGenerator {
    /// The parameter that tells a nonisolated machine with timers or invocations which actor
    /// they come back to; `#isolation` is the caller's actor.
    var isolationParameter: String? {
        plan.sendTakesIsolation ? "isolation: isolated (any Actor)? = #isolation" : nil
    }

    /// The variable that holds the state: `state` itself, or behind an `@Observable` machine's
    /// tracked `state`, `storedState`, which the initializer sets before `self` is whole.
    private var storedState: String { model.isObservable ? "storedState" : "state" }

    /// The private initializer's label for the actor work comes back to.
    private var isolationLabel: String { features.contains(.invocations) ? "workIsolation" : "timerIsolation" }

    /// The type of the queue entries for events sent during a step.
    var pendingType: String { plan.hasAsynchronousWork ? "Stimulus" : "Event" }

    /// The attribute that spares a variable of the machine Swift's run-time exclusivity check,
    /// a call per access (the generated comment above the variables says why that is safe).
    private var unchecked: String { "@exclusivity(unchecked) " }

    func emitStoredProperties(into writer: inout CodeWriter) {
        writer.line("// MARK: - Running")
        writer.line()
        writer.line("// The variables are only ever read or assigned, never held across a call to your code:")
        writer.line("// `@exclusivity(unchecked)` spares every access Swift's run-time exclusivity check.")
        writer.line()
        if model.isObservable {
            emitObservableState(into: &writer)
        } else {
            writer.line("/// The current state.")
            writer.line("\(unchecked)\(access)private(set) var state: State")
        }
        if features.contains(.history) {
            writer.line("/// What the states with `history` remember.")
            writer.line("\(unchecked)private var history = History()")
        }
        if features.contains(.deferral) {
            writer.line("/// Events no transition took while an active state deferred them, oldest first.")
            writer.line("\(unchecked)private var keptEvents: [Event] = []")
        }
        writer.line()
        if features.contains(.actions) {
            writer.line("private let actions: any Actions")
        }
        writer.line("private let observers = ObservationList<Observation>()")
        writer.line("/// Whether a step is running; events sent meanwhile wait in `pendingEvents`.")
        writer.line("\(unchecked)private var isInStep = false")
        writer.line("/// Whether `stop()` ended the machine: it then stays in a step for good, ignoring every event.")
        writer.line("\(unchecked)private var isStopped = false")
        writer.line("/// The parent machine's link when this machine runs as its child: told at the end of each step.")
        writer.line("\(unchecked)private var childLink: (any ChildMachineLink)?")
        writer.line("\(unchecked)private var pendingEvents = EventQueue<\(pendingType)>()")
        if features.contains(.completion) {
            writer.line("/// Events raised by actions and completions of compound states, in the order they")
            writer.line("/// happened; they go before events sent from outside.")
            writer.line("\(unchecked)private var raisedEvents = EventQueue<InternalEvent>()")
            let finals = finalsOfCompletingRegions
            if !finals.isEmpty {
                writer.line("/// Whether the entry of each final state a parallel state's completion reads ran, and")
                writer.line("/// the state was not exited since: \(finals.map { "`\(model[$0].name)`" }.joined(separator: ", ")). A step")
                writer.line("/// enters states one at a time, as SCXML's configuration grows.")
                writer.line("\(unchecked)private var finalsEntered = [Bool](repeating: false, count: \(finals.count))")
            }
        } else if features.contains(.raise) {
            writer.line("/// Events raised by actions; they go before events sent from outside.")
            writer.line("\(unchecked)private var raisedEvents = EventQueue<Event>()")
        }
        if features.contains(.timers) {
            writer.line("private let clock: any MachineClock")
        }
        if features.contains(.timers) && features.contains(.statechart) {
            writer.line("/// The running timers of each state with `after` transitions, by slot: \(timerSlots.timedStates.map { "`\(model[$0].name)`" }.joined(separator: ", ")).")
            writer.line("\(unchecked)private var timers = MachineTimers(slots: \(timerSlots.timedStates.count))")
        } else if features.contains(.timers) {
            writer.line("/// The timers of the current state's `after` transitions, in slot 0.")
            writer.line("\(unchecked)private var timers = MachineTimers(slots: 1)")
        }
        if features.contains(.invocations) {
            writer.line("private let invocationDriver: any InvocationDriver")
            writer.line("/// The invocations, by slot: \(model.invocations.map { "`\($0.name)`" }.joined(separator: ", ")).")
            writer.line("\(unchecked)private var invocations = MachineInvocations(slots: \(model.invocations.count))")
            let routines = model.invocations.filter { !$0.isChildMachine }
            if !routines.isEmpty {
                writer.line("/// What each invocation runs and where its outcomes reach the machine, made once and shared")
                writer.line("/// by its runs, so that a start allocates nothing but its task.")
            }
            for invocation in routines {
                emitRoutine(of: invocation, into: &writer)
            }
        }
        if plan.hasAsynchronousWork {
            let comesBack = features.contains(.invocations) ? (features.contains(.timers) ? "timers fire and invocations deliver on" : "invocations deliver on") : "timers fire on"
            if model.isMainActor {
                writer.line("private let isolation: (any Actor)? = MainActor.shared")
            } else {
                writer.line("/// The actor \(comesBack): the one events were last sent from.")
                writer.line("\(unchecked)private var isolation: (any Actor)?")
            }
            writer.line()
            writer.line(features.contains(.invocations)
                ? "/// An event sent from outside, \(features.contains(.timers) ? "a timer that fired, " : "")or what an invocation sent back."
                : "/// An event sent from outside, or a timer that fired.")
            writer.block("private enum Stimulus") { writer in
                writer.line("case event(Event)")
                if features.contains(.timers) {
                    writer.line(features.contains(.statechart) ? "case timer(slot: Int, group: Int, entry: UInt64)" : "case timer(Int, entry: UInt64)")
                }
                if features.contains(.invocations) { writer.line("case invocation(InvocationDelivery, run: UInt64)") }
            }
            if features.contains(.invocations) {
                emitDeliveryType(into: &writer)
                ChildMachinesGenerator(plan: plan).emitLinks(into: &writer)
            }
        }
        if features.contains(.completion) {
            writer.line()
            writer.line("/// A raised event, or a compound state that completed.")
            writer.block("private enum InternalEvent") { writer in
                writer.line("case raised(Event)")
                writer.line("case completed(StateID)")
            }
        }
        RecordingGenerator(plan: plan).emitStoredProperties(into: &writer)
        writer.line()
    }

    /// `invocation`'s routine: a local function calling the actions with a run's state data
    /// (a function, not a closure: a closure literal would be nonisolated and run the call on
    /// the global executor, where `nonisolated(nonsending)` keeps it on the machine's actor),
    /// and the delivery.
    private func emitRoutine(of invocation: InvocationModel, into writer: inout CodeWriter) {
        let arguments = routineArguments(of: invocation)
        writer.line("private lazy var \(routineName(of: invocation)): InvocationRoutine<\(arguments.type), \(valueType(of: invocation))> = {")
        writer.indented { writer in
            writer.line("let actions = self.actions")
            let call = "actions.\(invocation.name)(\(arguments.call))"
            // On the main actor in a `@MainActor` machine, as the requirement it calls.
            switch invocation.kind {
            case .call:
                writer.block("\(model.isMainActor ? "@MainActor func" : "nonisolated(nonsending) func") call(\(arguments.parameter)) async throws -> \(valueType(of: invocation))") { writer in
                    writer.line("try await \(call)")
                }
                writer.line("return InvocationRoutine(.call(call)) { [weak self] run, outcome in")
            case .machine:
                preconditionFailure("fsmc: a child machine has no routine (ChildMachinesGenerator)")
            case .stream:
                // A closure suffices for a stream: its function is not async, it runs where called.
                writer.line("return InvocationRoutine(.stream { \(arguments.name) in \(call) }) { [weak self] run, outcome in")
            }
            writer.indented { writer in
                writer.line("self?.invocationDelivered(.\(SwiftNames.variable(invocation.name))(outcome), run: run)")
            }
            writer.line("}")
        }
        writer.line("}()")
    }

    func emitInitializer(into writer: inout CodeWriter) {
        let snapshotType = hasSnapshotType ? "Snapshot" : "State"
        let timersNeedAnActor = isolationParameter != nil
        // The clock, driver, observers and snapshot, with their defaults where the initializer
        // taking them is public: `clock: any MachineClock = TaskClock()`.
        func work(withDefaults: Bool) -> [String] {
            func parameter(_ declaration: String, _ defaultValue: String) -> String {
                withDefaults ? "\(declaration) = \(defaultValue)" : declaration
            }
            return (features.contains(.timers) ? [parameter("clock: any MachineClock", "TaskClock()")] : [])
                + (features.contains(.invocations) ? [parameter("invocations: any InvocationDriver", "TaskInvocationDriver()")] : [])
                + [parameter("observers: [any Observer]", "[]"), parameter("restoring snapshot: \(snapshotType)?", "nil")]
        }
        // Only the initializer that makes the actions from a `Sender` pays for one.
        var parameters = (features.contains(.actions) ? ["actions: any Actions"] : []) + (plan.hasSender ? ["sender: Sender?"] : [])
        // The public initializers give the defaults; a private one they forward to has none.
        parameters += work(withDefaults: !timersNeedAnActor && !plan.hasSender)
        if timersNeedAnActor {
            emitActorInitializers(snapshotType: snapshotType, into: &writer)
            parameters.append("\(isolationLabel) isolation: (any Actor)?")
        }

        let initial = SwiftNames.configuration(active: machine.initialEntry.states, in: model)
        if !timersNeedAnActor && plan.hasSender {
            for form in actionForms {
                emitInitializerDocumentation(actionsKeepASender: form.keepsASender, into: &writer)
                writer.function("\(access)convenience init", parameters: form.parameter + work(withDefaults: true)) { writer in
                    form.emitForwarding(to: "\(forwardedWork)observers: observers, restoring: snapshot", into: &writer)
                }
                writer.line()
            }
        } else if !timersNeedAnActor {
            emitInitializerDocumentation(into: &writer)
        }
        let designated = timersNeedAnActor || plan.hasSender ? "private init" : "\(access)init"
        writer.function(designated, parameters: parameters) { writer in
            if features.contains(.actions) { RecordingGenerator(plan: plan).writeInitialActions(into: &writer) }
            if features.contains(.timers) { writer.line("self.clock = clock") }
            if features.contains(.invocations) { writer.line("self.invocationDriver = invocations") }
            if timersNeedAnActor { writer.line("self.isolation = isolation") }
            // `if let` and a flag rather than `snapshot?.state ?? initial` and `snapshot == nil`:
            // `??` and `==` cost the type checker of every build that compiles this file more
            // than the branches do (`==` is tried against every `Equatable` overload).
            writer.line("let isRestored: Bool")
            writer.block("if let snapshot", closing: "} else {") { writer in
                if hasSnapshotType {
                    writer.line("\(storedState) = snapshot.state")
                    if features.contains(.history) { writer.line("history = snapshot.history") }
                    if features.contains(.deferral) { writer.line("keptEvents = snapshot.keptEvents") }
                } else {
                    writer.line("\(storedState) = snapshot")
                }
                writer.line("isRestored = true")
            }
            writer.indented { writer in
                writer.line("\(storedState) = \(initial)")
                writer.line("isRestored = false")
            }
            writer.line("}")
            if plan.hasSender { writer.line("sender?.machine = self") }
            writer.block("for observer in observers") { writer in
                writer.line("addObserver(observer)")
            }
            writer.line("isInStep = true")
            RecordingGenerator(plan: plan).writeStepOpened(by: nil, into: &writer)
            writer.line("if !isRestored {")
            writer.indented { writer in
                if features.contains(.statechart) {
                    for state in machine.initialEntry.states {
                        writer.line("enterState(.\(model[state].name))")
                    }
                } else {
                    writer.line("enterState(\(initial))")
                }
            }
            let finals = features.contains(.completion) ? finalsOfCompletingRegions : []
            if plan.hasAsynchronousWork || !finals.isEmpty {
                writer.line("} else {")
                writer.indented { writer in
                    if features.contains(.timers) {
                        writer.line(features.contains(.statechart) ? "restartTimers()" : "startTimers(for: state)")
                    }
                    for (index, final) in finals.enumerated() {
                        writer.line("finalsEntered[\(index)] = isIn(.\(model[final].name))")
                    }
                    if features.contains(.invocations) { writer.line("scheduleActiveInvocations()") }
                }
            }
            writer.line("}")
            // A snapshot saved by an observer mid-chain must not leave the machine resting in
            // a state whose eventless transition is enabled: it would never move again.
            if features.contains(.eventless) { writer.line("takeEventlessTransitions()") }
            writer.line("drainQueues()")
            writeStepEnd(into: &writer)
        }
        writer.line()
    }

    /// What the initializers' documentation says, above each public one.
    private func emitInitializerDocumentation(anActor: Bool? = nil, actionsKeepASender: Bool = false, into writer: inout CodeWriter) {
        let initialName = machine.initialEntry.states.map { model[$0].name }.joined(separator: ".")
        writer.line("/// Starts the machine in `\(initialName)`, running its entry actions, or in `snapshot` without them.")
        if features.contains(.eventless) || plan.hasAsynchronousWork {
            let resumes = [
                features.contains(.timers) ? "restarts its timers" : nil,
                features.contains(.invocations) ? "starts the invocations of its states" : nil,
                features.contains(.eventless) ? "takes the eventless transitions enabled there" : nil,
            ]
            writer.line("/// A restored machine \(resumes.compactMap { $0 }.joined(separator: " and ")).")
        }
        if anActor == true, !features.contains(.invocations) {
            writer.line("///")
            writer.line("/// Call it on the actor the machine lives on (the main actor or one of yours): its timers")
            writer.line("/// come back there. Outside any actor, pass a `SynchronousMachineClock` such as `ManualClock`.")
        } else if anActor == true {
            writer.line("///")
            writer.line("/// Call it on the actor the machine lives on (the main actor or one of yours): its invocations")
            if features.contains(.timers) {
                writer.line("/// run there and its timers come back there. Outside any actor, pass a `SynchronousMachineClock`")
                writer.line("/// such as `ManualClock` and a `SynchronousInvocationDriver` such as `ManualInvocationDriver`.")
            } else {
                writer.line("/// run there. Outside any actor, pass a `SynchronousInvocationDriver` such as")
                writer.line("/// `ManualInvocationDriver`.")
            }
        } else if anActor == false, !features.contains(.invocations) {
            writer.line("///")
            writer.line("/// For a machine outside any actor: its clock fires only inside calls you make (`advance(by:)`),")
            writer.line("/// on your own thread.")
        } else if anActor == false {
            writer.line("///")
            writer.line(features.contains(.timers)
                ? "/// For a machine outside any actor: its clock fires and its invocations deliver only inside"
                : "/// For a machine outside any actor: its invocations deliver only inside the calls you make,")
            writer.line(features.contains(.timers) ? "/// calls you make, on your own thread." : "/// on your own thread.")
        }
        writer.line("///")
        writer.line("/// - Parameters:")
        if actionsKeepASender {
            writer.line("///   - actions: makes your guards and actions from the machine's `Sender`, which they keep to")
            writer.line("///     send it events (the initial state's entry actions can already).")
        } else if features.contains(.actions) {
            writer.line("///   - actions: your guards and actions.")
        }
        if features.contains(.timers) {
            writer.line(anActor == false
                ? "///   - clock: times the `after` transitions, such as a `ManualClock` in tests."
                : "///   - clock: times the `after` transitions; pass a `ManualClock` in tests.")
        }
        if features.contains(.invocations) {
            writer.line(anActor == false
                ? "///   - invocations: runs the work of `invoke`, such as a `ManualInvocationDriver` in tests."
                : "///   - invocations: runs the work of `invoke`; pass a `ManualInvocationDriver` in tests.")
        }
        writer.line("///   - observers: observers that see the start already; the machine holds them weakly.")
        if features.contains(.deferral) {
            writer.line("///   - snapshot: a state\(features.contains(.history) ? ", history" : "") and kept events saved earlier (`Snapshot`) to resume in.")
        } else {
            writer.line(features.contains(.history)
                ? "///   - snapshot: a state and history saved earlier (`Snapshot` is `Codable`) to resume in."
                : "///   - snapshot: a state saved earlier (`State` is `Codable`) to resume in.")
        }
        if anActor == true {
            writer.line(features.contains(.invocations)
                ? "///   - isolation: the actor the machine lives on; the caller's, which must be an actor."
                : "///   - isolation: the actor timers fire on; the caller's, which must be an actor.")
        }
    }

    /// The two public initializers of a machine with timers that no attribute isolates: one on
    /// an actor, with any clock, and one anywhere, with a clock that never fires on its own.
    private func emitActorInitializers(snapshotType: String, into writer: inout CodeWriter) {
        let shared = ["observers: [any Observer] = []", "restoring snapshot: \(snapshotType)? = nil"]
        let onActor = (features.contains(.timers) ? ["clock: some MachineClock = TaskClock()"] : [])
            + (features.contains(.invocations) ? ["invocations: some InvocationDriver = TaskInvocationDriver()"] : [])
        let anywhere = (features.contains(.timers) ? ["clock: some SynchronousMachineClock"] : [])
            + (features.contains(.invocations) ? ["invocations: some SynchronousInvocationDriver"] : [])
        for form in actionForms {
            emitInitializerDocumentation(anActor: true, actionsKeepASender: form.keepsASender, into: &writer)
            writer.function(
                "\(access)convenience init",
                parameters: form.parameter + onActor + shared + ["isolation: isolated (any Actor) = #isolation"]
            ) { writer in
                form.emitForwarding(to: "\(forwardedWork)observers: observers, restoring: snapshot, \(isolationLabel): isolation", into: &writer)
            }
            writer.line()
        }
        for form in actionForms {
            emitInitializerDocumentation(anActor: false, actionsKeepASender: form.keepsASender, into: &writer)
            writer.function("\(access)convenience init", parameters: form.parameter + anywhere + shared) { writer in
                form.emitForwarding(to: "\(forwardedWork)observers: observers, restoring: snapshot, \(isolationLabel): nil", into: &writer)
            }
            writer.line()
        }
    }

    /// How a public initializer receives the actions, and how it hands them to the private one.
    private struct ActionsForm {
        let parameter: [String]
        let keepsASender: Bool
        /// The arguments before the forwarded ones: `actions: actions, sender: nil, `.
        let argument: String

        func emitForwarding(to forwarded: String, into writer: inout CodeWriter) {
            if keepsASender { writer.line("let sender = Sender()") }
            writer.line("self.init(\(argument)\(forwarded))")
        }
    }

    /// The ways a public initializer takes the actions. With a `Sender`, each initializer has a
    /// twin whose actions are made from it; only that twin makes one.
    private var actionForms: [ActionsForm] {
        if plan.hasSender {
            return [
                ActionsForm(parameter: ["actions: any Actions"], keepsASender: false, argument: "actions: actions, sender: nil, "),
                ActionsForm(parameter: ["actions makeActions: (Sender) -> any Actions"], keepsASender: true, argument: "actions: makeActions(sender), sender: sender, "),
            ]
        }
        if features.contains(.actions) { return [ActionsForm(parameter: ["actions: any Actions"], keepsASender: false, argument: "actions: actions, ")] }
        return [ActionsForm(parameter: [], keepsASender: false, argument: "")]
    }

    /// The clock and driver one initializer hands another: `clock: clock, invocations: invocations, `.
    private var forwardedWork: String {
        (features.contains(.timers) ? "clock: clock, " : "") + (features.contains(.invocations) ? "invocations: invocations, " : "")
    }

    func emitPublicAPI(into writer: inout CodeWriter) {
        if features.contains(.deferral) {
            let history = features.contains(.history)
            writer.line("/// The state\(history ? ", the history" : "") and the kept events, to save and pass to `init(…restoring:)` later.")
            writer.block("\(access)var snapshot: Snapshot") { writer in
                writer.line("Snapshot(state: state, \(history ? "history: history, " : "")keptEvents: keptEvents)")
            }
            writer.line()
        } else if features.contains(.history) {
            writer.line("/// The state and the history, to save and pass to `init(…restoring:)` later.")
            writer.block("\(access)var snapshot: Snapshot") { writer in
                writer.line("Snapshot(state: state, history: history)")
            }
            writer.line()
        }
        writer.line("/// Whether the machine reached a final state; it then ignores every event.")
        writer.block("\(access)var isFinished: Bool") { writer in
            if finalStates.isEmpty {
                writer.line("false")
            } else {
                writer.line("switch state {")
                writer.line("case \(finalStates.map { "." + $0.name }.joined(separator: ", ")): true")
                if finalStates.count < model.topLevelStates.count { writer.line("default: false") }
                writer.line("}")
            }
        }
        writer.line()
        writer.line("/// Handles `event` to completion: exit actions, transition actions, entry actions, then")
        writer.line("/// any eventless transitions. Called from an action or an observer, the event is queued")
        writer.line("/// and handled right after the current step.")
        let parameters = ["_ event: Event"] + (isolationParameter.map { [$0] } ?? [])
        eventFunction("\(access)func send(\(parameters.joined(separator: ", ")))", into: &writer) { writer in
            writer.block("guard !isInStep else") { writer in
                writer.line("queue(event)")
                writer.line("return")
            }
            if isolationParameter != nil {
                // Sent from outside any actor (a `SynchronousMachineClock`'s owner, or code
                // running on the machine's actor without knowing it), timers stay where they were.
                writer.block("if let isolation, isolation !== self.isolation") { writer in
                    writer.line("self.isolation = isolation")
                }
            }
            writer.line("isInStep = true")
            RecordingGenerator(plan: plan).writeStepOpened(by: "recordEvent(event)", into: &writer)
            writer.line("step(event)")
            // `drainQueues()` also starts what the step's states invoke.
            let queues = ["pendingEvents"] + (features.contains(.raise) ? ["raisedEvents"] : []) + (features.contains(.deferral) ? ["keptEvents"] : [])
            let allEmpty = queues.map { "\($0).isEmpty" }.joined(separator: " && ")
            let queued = queues.count == 1 ? allEmpty : "(\(allEmpty))"
            let waiting = features.contains(.invocations) ? "!\(queued) || invocations.hasScheduled" : "!\(queued)"
            writer.block("if \(waiting)") { writer in
                writer.line("drainQueues()")
            }
            writeStepEnd(into: &writer)
        }
        writer.line()
        ObservationGenerator(plan: plan).emitObservingMethods(into: &writer)
    }

    func emitStep(into writer: inout CodeWriter) {
        writer.line("// MARK: - Steps")
        writer.line()
        writer.line("/// One run-to-completion step for an event. Inlined, like `handle(_:)`, so that `send(_:)`")
        writer.line("/// costs what a hand-written `switch` costs; `drainQueues()` holds the only other copy.")
        writer.line("@inline(__always)")
        eventFunction("private func step(_ event: Event)", into: &writer) { writer in
            let finished = finalStates.isEmpty ? "" : "!isFinished, "
            let untaken = features.contains(.deferral) ? "keepOrIgnore(event)" : "notify(.ignoredEvents, .ignored(event, in: state))"
            if features.contains(.eventless) {
                writer.block("guard \(finished)handle(event) else") { writer in
                    writer.line(untaken)
                    writer.line("return")
                }
                writer.line("takeEventlessTransitions()")
            } else {
                writer.block("if \(finalStates.isEmpty ? "" : "isFinished || ")!handle(event)") { writer in
                    writer.line(untaken)
                }
            }
        }
        writer.line()
        writer.line("/// Queues an event sent during a step, or ignores it once `stop()` ended the machine; out of")
        writer.line("/// line, to keep `send(_:)` small.")
        writer.line("@inline(never)")
        eventFunction("private func queue(_ event: Event)", into: &writer) { writer in
            writer.block("guard !isStopped else") { writer in
                writer.line("notify(.ignoredEvents, .ignored(event, in: state))")
                writer.line("return")
            }
            writer.line("pendingEvents.append(\(plan.hasAsynchronousWork ? ".event(event)" : "event"))")
        }
        writer.line()
        if features.contains(.deferral) {
            writer.line("/// Handles queued events: raised ones first, then the kept ones no active state defers any")
            writer.line("/// more, then those sent during a step.")
        } else {
            writer.line("/// Handles queued events: raised ones first, then those sent during a step.")
        }
        writer.block("private func drainQueues()") { writer in
            if features.contains(.invocations) {
                emitDrainWithInvocations(into: &writer)
                return
            }
            if features.contains(.completion) {
                emitDrainWithCompletions(into: &writer)
                return
            }
            let asStimulus = features.contains(.timers) ? ".map(Stimulus.event)" : ""
            let raised = (features.contains(.raise) ? "raisedEvents.popFirst()\(asStimulus) ?? " : "")
                + (features.contains(.deferral) ? "releasedEvent()\(asStimulus) ?? " : "")
            if features.contains(.timers) {
                writer.block("while let next = \(raised)pendingEvents.popFirst()") { writer in
                    writer.line("switch next {")
                    writer.line("case .event(let event): step(event)")
                    writer.line(timerCase)
                    writer.line("}")
                }
            } else {
                writer.block("while let event = \(raised)pendingEvents.popFirst()") { writer in
                    writer.line("step(event)")
                }
            }
        }
        writer.line()
    }

    /// How `drainQueues()` hands a fired timer on.
    private var timerCase: String {
        features.contains(.statechart)
            ? "case .timer(let slot, let group, let entry): fireTimer(slot: slot, group: group, entry: entry)"
            : "case .timer(let index, let entry): fireTimer(index, entry: entry)"
    }

    /// `drainQueues()` of a machine with invocations: they start when a step has ended, once the
    /// internal queue is empty, before the next event from outside.
    private func emitDrainWithInvocations(into writer: inout CodeWriter) {
        writer.block("while true") { writer in
            if features.contains(.raise) {
                writer.block("if let next = raisedEvents.popFirst()") { writer in
                    if features.contains(.completion) {
                        emitInternalEvent(into: &writer)
                    } else {
                        writer.line("step(next)")
                    }
                    writer.line("continue")
                }
            }
            writer.line("// The step ended: what its states invoke starts now.")
            writer.line("startInvocations()")
            if features.contains(.deferral) {
                writer.block("if let event = releasedEvent()") { writer in
                    writer.line("step(event)")
                    writer.line("continue")
                }
            }
            writer.line("guard let next = pendingEvents.popFirst() else { return }")
            writer.line("switch next {")
            writer.line("case .event(let event): step(event)")
            if features.contains(.timers) { writer.line(timerCase) }
            writer.line("case .invocation(let delivery, let run): handleInvocation(delivery, run: run)")
            writer.line("}")
        }
    }

    /// `InvocationDelivery`: what an invocation sent back, by invocation.
    private func emitDeliveryType(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// What an invocation's work sent back, by invocation.")
        writer.block("private enum InvocationDelivery") { writer in
            for invocation in model.invocations {
                writer.line("case \(SwiftNames.variable(invocation.name))(InvocationOutcome<\(valueType(of: invocation))>)")
            }
        }
    }

    /// Handles `next`, a raised event or a completion from the internal queue.
    private func emitInternalEvent(into writer: inout CodeWriter) {
        writer.line("switch next {")
        writer.line("case .raised(let event): step(event)")
        writer.line("case .completed(let completed):")
        writer.indented { writer in
            writer.line(features.contains(.eventless) ? "if complete(completed) { takeEventlessTransitions() }" : "_ = complete(completed)")
        }
        writer.line("}")
    }

    /// `drainQueues()` of a machine whose internal queue also holds completions.
    private func emitDrainWithCompletions(into writer: inout CodeWriter) {
        writer.block("while true") { writer in
            writer.line("if let next = raisedEvents.popFirst() {")
            writer.indented { writer in emitInternalEvent(into: &writer) }
            if features.contains(.deferral) {
                writer.line("} else if let event = releasedEvent() {")
                writer.indented { writer in writer.line("step(event)") }
            }
            writer.line("} else if let next = pendingEvents.popFirst() {")
            writer.indented { writer in
                if features.contains(.timers) {
                    writer.line("switch next {")
                    writer.line("case .event(let event): step(event)")
                    writer.line(timerCase)
                    writer.line("}")
                } else {
                    writer.line("step(next)")
                }
            }
            writer.line("} else {")
            writer.indented { writer in writer.line("return") }
            writer.line("}")
        }
    }

    func emitNotifications(into writer: inout CodeWriter) {
        emitStateChangeNotification(into: &writer)
        writer.line("/// Builds a notification of `kind` only when some observer hears that kind.")
        writer.line("@inline(__always)")
        writer.block("private func notify(_ kind: NotificationKinds, _ notification: @autoclosure () -> Notification)") { writer in
            writer.block("if observers.hears(kind)") { writer in
                writer.line("deliver(kind, notification())")
            }
        }
        writer.line()
        ObservationGenerator(plan: plan).emitDelivery(into: &writer)
    }

    /// An `@Observable` machine's `state`: reading it (and so `isIn`, `canHandle`, `isFinished`,
    /// `acceptedEventNames`) tracks it; the first assignment of a step tells Observation it will
    /// change, and the step's end that it did (`didChangeState()`), so that a step notifies once
    /// however many states it passes through, and a step that changes nothing not at all.
    private func emitObservableState(into writer: inout CodeWriter) {
        writer.line("/// The current state. Reading it, in a SwiftUI view or `withObservationTracking`, tracks it:")
        writer.line("/// each step that changes it notifies once.")
        writer.block("\(access)private(set) var state: State") { writer in
            writer.block("get") { writer in
                writer.line("observationRegistrar.access(self, keyPath: Self.stateKeyPath)")
                writer.line("return storedState")
            }
            writer.block("set") { writer in
                writer.block("if !isChangingState") { writer in
                    writer.line("isChangingState = true")
                    writer.line("observationRegistrar.willSet(self, keyPath: Self.stateKeyPath)")
                }
                writer.line("storedState = newValue")
            }
        }
        writer.line("\(unchecked)private var storedState: State")
        writer.line("private let observationRegistrar = ObservationRegistrar()")
        writer.line("/// `\\.state`, made once: a key path literal is made anew at each use, a run-time call.")
        // On the main actor the constant is isolated as the property is; elsewhere a constant
        // must be `Sendable`, which the literal of a nonisolated property is.
        writer.line("private static let stateKeyPath: KeyPath<\(model.name), State>\(model.isMainActor ? "" : " & Sendable") = \\.state")
        writer.line("/// Whether the current step changed `state`: Observation hears of it when the step ends.")
        writer.line("\(unchecked)private var isChangingState = false")
    }

    /// Tells Observation that the step that just ended changed `state`.
    func emitStateChangeNotification(into writer: inout CodeWriter) {
        guard model.isObservable else { return }
        writer.line("/// Tells Observation that the step that just ended changed `state`; out of line, to keep")
        writer.line("/// `send(_:)` small.")
        writer.line("@inline(never)")
        writer.block("private func didChangeState()") { writer in
            writer.line("isChangingState = false")
            writer.line("observationRegistrar.didSet(self, keyPath: Self.stateKeyPath)")
        }
        writer.line()
    }
}
