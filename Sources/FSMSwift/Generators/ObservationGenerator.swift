import FSMCore

/// Observation: the `Observer` protocol and its default implementations after the class, the
/// hooks it declares, and (ObservationGenerator+Observing) how the running class keeps observers and lets them in.
struct ObservationGenerator: PlanReader {
    let plan: SwiftPlan
}

extension ObservationGenerator {
    func emitObserverProtocol(into writer: inout CodeWriter) {
        writer.line("// MARK: - Observing")
        writer.line()
        writer.line("/// Hooks called as ``\(name)`` runs. Each has a default implementation that does nothing, and")
        writer.line("/// once it is called the machine no longer builds that notification for this observer.")
        writer.line("///")
        writer.line("/// Observers may call ``send(_:)``: the event is queued and handled right after the")
        writer.line("/// current step, so observers see every state, in order.")
        writer.block("\(isolation)\(access)protocol Observer: AnyObject") { writer in
            for hook in observerHooks {
                writer.line("/// \(hook.summary)")
                writer.line("func \(hook.signature(machine: name))")
            }
            writer.line("/// The notifications whose hooks this observer implements (all by default, less the hooks")
            writer.line("/// left to their default implementation): `machine` builds no other notification for it and")
            writer.line("/// calls no other hook. Asked once, when it is added.")
            writer.line("func observedNotifications(of machine: \(name)) -> NotificationKinds")
        }
        writer.line()
        emitObservationTypes(into: &writer)
    }

    /// One Observer requirement and the notification it receives.
    struct ObserverHook {
        /// The notification case, such as `exited`.
        var notification: String
        /// Its `NotificationKinds` member, such as `exits`; also the `Observation` case of a
        /// closure that hears only this kind, and, capitalized, its `observe…` method.
        var kind: Kind
        /// The notification kinds, as `NotificationKinds` names its members (a case's name is
        /// the member's, wherever it is written into the Swift).
        enum Kind: String {
            case exits, entries, transitions, outputs, ignoredEvents, keptEvents
            case invocationStarts, invocationCancellations, droppedResults
        }

        /// Argument label, parameter name and type of each parameter after the machine.
        var parameters: [(label: String, name: String, type: String)]
        var summary: String

        /// The requirement's signature; `qualified` spells the types `Machine.State`, as an
        /// extension outside the class needs them.
        func signature(machine: String, qualified: Bool = false) -> String {
            let rest = parameters.map { "\($0.label) \($0.name): \(qualified ? machine + "." : "")\($0.type)" }
            return "machine(" + (["_ machine: \(machine)"] + rest).joined(separator: ", ") + ")"
        }

        /// `.ignored(let event, let state)`
        var pattern: String {
            ".\(notification)(" + parameters.map { "let \($0.name)" }.joined(separator: ", ") + ")"
        }

        /// `machine(self, didIgnore: event, in: state)`
        var call: String {
            "machine(" + (["self"] + parameters.map { "\($0.label): \($0.name)" }).joined(separator: ", ") + ")"
        }

        /// `(Event, State) -> Void`: a closure that hears this kind alone.
        var handlerType: String {
            "(" + parameters.map(\.type).joined(separator: ", ") + ") -> Void"
        }

        /// `handler(event, state)`
        var handlerCall: String {
            "handler(" + parameters.map(\.name).joined(separator: ", ") + ")"
        }
    }

    var observerHooks: [ObserverHook] {
        var hooks = [
            ObserverHook(notification: "exited", kind: .exits, parameters: [("didExit", "state", stateIDType)], summary: "The machine left `state`; its exit actions have run."),
            ObserverHook(notification: "entered", kind: .entries, parameters: [("didEnter", "state", stateIDType)], summary: "The machine entered `state`; its entry actions have run."),
            ObserverHook(notification: "transitioned", kind: .transitions, parameters: [("didTransition", "transition", "Transition")], summary: "The machine took `transition`; the target's entry actions have run."),
        ]
        if features.contains(.outputs) {
            hooks.append(ObserverHook(notification: "emitted", kind: .outputs, parameters: [("didEmit", "output", "Output")], summary: "An action emitted `output`."))
        }
        hooks.append(ObserverHook(notification: "ignored", kind: .ignoredEvents, parameters: [("didIgnore", "event", "Event"), ("in", "state", "State")], summary: "No transition took `event` in `state`, or the machine had finished."))
        if features.contains(.deferral) {
            hooks.append(
                ObserverHook(
                    notification: "kept", kind: .keptEvents, parameters: [("didKeep", "event", "Event"), ("in", "state", "State")],
                    summary: "No transition took `event` in `state` and an active state defers it: the machine keeps it."))
        }
        if features.contains(.invocations) {
            hooks += [
                ObserverHook(
                    notification: "started", kind: .invocationStarts, parameters: [("didStart", "invocation", "Invocation")],
                    summary: "The machine started `invocation`: its state was entered, and the step that entered it has ended."),
                ObserverHook(
                    notification: "cancelled", kind: .invocationCancellations, parameters: [("didCancel", "invocation", "Invocation")],
                    summary: "The machine cancelled `invocation`: its state was left."),
                ObserverHook(
                    notification: "dropped", kind: .droppedResults, parameters: [("didDropResultOf", "invocation", "Invocation")],
                    summary: "The machine dropped what `invocation` sent after it was cancelled or had ended."),
            ]
        }
        return hooks
    }

    /// Default implementations of the observer hooks, after the class.
    func emitExtensions(into writer: inout CodeWriter) {
        writer.line()
        writeAvailability(into: &writer)
        writer.block("extension \(name).Observer") { writer in
            for hook in observerHooks {
                let declaration = "\(access)func \(hook.signature(machine: name, qualified: true))"
                if hook.kind == .ignoredEvents, model.events.isEmpty {
                    // Without events nothing is ever ignored: a statement here would never run,
                    // which Swift warns about.
                    writer.line("\(declaration) {}")
                } else {
                    writer.block(declaration) { writer in
                        writer.line("machine.stopNotifying(self, of: .\(hook.kind))")
                    }
                }
                writer.line()
            }
            writer.line("\(access)func observedNotifications(of machine: \(name)) -> NotificationKinds { .all }")
        }
        if !model.isMainActor {
            writer.line()
            writer.line("/// A machine lives in one isolation domain: an actor, the main actor, or one task.")
            // Unavailable everywhere, it needs no platform release beside it.
            writer.line("@available(*, unavailable)")
            writer.line("extension \(name): Sendable {}")
        }
    }
}
