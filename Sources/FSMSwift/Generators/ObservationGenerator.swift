import FSMCore

/// Observation: the `Observer` protocol and its default implementations after the class, with
/// a hook for each notification of the plan's list (``RunningMachineParts/notifications``), and (ObservationGenerator+Observing) how the running class keeps observers and lets them in.
struct ObservationGenerator: PlanReader {
    /// Unowned: the plan holds the one generator of its machine (``SwiftPlan/observation``).
    unowned let plan: SwiftPlan
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

    /// The machine's notifications: the plan's one list of them.
    var observerHooks: [ObserverHook] { parts.notifications }

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
