import FSMCore

/// The running machine: stored properties, `send` and the step loop, each part of the
/// machine (``RunningMachinePart``) adding its own; the initializers are
/// RunningClassGenerator+Initializers, `drainQueues()` RunningClassGenerator+Drain.
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
    var storedState: String { parts.observable != nil ? "storedState" : "state" }

    /// The type of the queue entries for events sent during a step.
    var pendingType: String { plan.hasAsynchronousWork ? "Stimulus" : "Event" }

    func emitStoredProperties(into writer: inout CodeWriter) {
        writer.line("// MARK: - Running")
        writer.line()
        writer.line("// The variables are only ever read or assigned, never held across a call to your code:")
        writer.line("// `@exclusivity(unchecked)` spares every access Swift's run-time exclusivity check.")
        writer.line()
        if let observable = parts.observable {
            observable.emitState(into: &writer)
        } else {
            writer.line("/// The current state.")
            writer.line("\(unchecked)\(access)private(set) var state: State")
        }
        for field in parts.snapshotFields {
            writer.line("/// \(field.documentation)")
            writer.line("\(unchecked)private var \(field.name)\(field.declaration)")
        }
        writer.line()
        if plan.hasActions {
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
        for part in parts.all { part.emitQueueStorage(into: &writer) }
        for part in parts.all { part.emitStoredProperties(into: &writer) }
        if let work = plan.asynchronousWork { emitStimulus(of: work, into: &writer) }
        for part in parts.all { part.emitPrivateDeclarations(into: &writer) }
        writer.line()
    }

    /// Where asynchronous work comes back: the actor, and `Stimulus`, what waits in
    /// `pendingEvents`, with the types its cases carry.
    private func emitStimulus(of work: AsynchronousWork, into writer: inout CodeWriter) {
        if model.isMainActor {
            writer.line("private let isolation: (any Actor)? = MainActor.shared")
        } else {
            writer.line("/// The actor \(work.whatComesBack): the one events were last sent from.")
            writer.line("\(unchecked)private var isolation: (any Actor)?")
        }
        writer.line()
        writer.line(work.hasInvocations
            ? "/// An event sent from outside, \(work.hasTimers ? "a timer that fired, " : "")or what an invocation sent back."
            : "/// An event sent from outside, or a timer that fired.")
        writer.block("private enum Stimulus") { writer in
            writer.line("case event(Event)")
            for stimulus in parts.stimulusCases { writer.line(stimulus.declaration) }
        }
        for part in parts.all { part.emitStimulusTypes(into: &writer) }
    }

    func emitPublicAPI(into writer: inout CodeWriter) {
        if hasSnapshotType {
            let history = parts.history != nil
            writer.line(parts.deferral != nil
                ? "/// The state\(history ? ", the history" : "") and the kept events, to save and pass to `init(…restoring:)` later."
                : "/// The state and the history, to save and pass to `init(…restoring:)` later.")
            writer.block("\(access)var snapshot: Snapshot") { writer in
                writer.line("Snapshot(state: state" + parts.snapshotFields.map { ", \($0.name): \($0.name)" }.joined() + ")")
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
            plan.recording.writeStepOpened(by: "recordEvent(event)", into: &writer)
            writer.line("step(event)")
            // `drainQueues()` also starts what the step's states invoke.
            let queues = ["pendingEvents"] + parts.drainQueues.map(\.storage)
            let allEmpty = queues.map { "\($0).isEmpty" }.joined(separator: " && ")
            let queued = queues.count == 1 ? allEmpty : "(\(allEmpty))"
            let waiting = parts.stepEndedWork.map { "!\(queued) || \($0.waiting)" } ?? "!\(queued)"
            writer.block("if \(waiting)") { writer in
                writer.line("drainQueues()")
            }
            writeStepEnd(into: &writer)
        }
        writer.line()
        plan.observation.emitObservingMethods(into: &writer)
    }

    func emitStep(into writer: inout CodeWriter) {
        writer.line("// MARK: - Steps")
        writer.line()
        writer.line("/// One run-to-completion step for an event. Inlined, like `handle(_:)`, so that `send(_:)`")
        writer.line("/// costs what a hand-written `switch` costs; `drainQueues()` holds the only other copy.")
        writer.line("@inline(__always)")
        eventFunction("private func step(_ event: Event)", into: &writer) { writer in
            let finished = finalStates.isEmpty ? "" : "!isFinished, "
            let untaken = parts.deferral != nil ? "keepOrIgnore(event)" : "notify(.ignoredEvents, .ignored(event, in: state))"
            if plan.takesEventlessTransitions {
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
        if parts.deferral != nil {
            writer.line("/// Handles queued events: raised ones first, then the kept ones no active state defers any")
            writer.line("/// more, then those sent during a step.")
        } else {
            writer.line("/// Handles queued events: raised ones first, then those sent during a step.")
        }
        writer.block("private func drainQueues()") { writer in
            emitDrain(into: &writer)
        }
        writer.line()
    }

    func emitNotifications(into writer: inout CodeWriter) {
        for part in parts.all { part.emitStepEndFunctions(into: &writer) }
        writer.line("/// Builds a notification of `kind` only when some observer hears that kind.")
        writer.line("@inline(__always)")
        writer.block("private func notify(_ kind: NotificationKinds, _ notification: @autoclosure () -> Notification)") { writer in
            writer.block("if observers.hears(kind)") { writer in
                writer.line("deliver(kind, notification())")
            }
        }
        writer.line()
        plan.observation.emitDelivery(into: &writer)
    }
}
