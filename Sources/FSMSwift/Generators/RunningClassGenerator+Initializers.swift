import FSMCore

/// The running class's initializers: the designated one, which sets up each part's work,
/// restores a snapshot or enters the initial states, and resumes what a restored machine
/// runs; and the public ones around it, on an actor or outside any, with actions or a
/// `Sender` to make them from.
extension RunningClassGenerator {
    /// The private initializer's label for the actor work comes back to.
    private var isolationLabel: String { plan.asynchronousWork?.isolationLabel ?? "" }

    func emitInitializer(into writer: inout CodeWriter) {
        let snapshotType = hasSnapshotType ? "Snapshot" : "State"
        let timersNeedAnActor = isolationParameter != nil
        // The clock, driver, observers and snapshot, with their defaults where the initializer
        // taking them is public: `clock: any MachineClock = TaskClock()`.
        func work(withDefaults: Bool) -> [String] {
            func parameter(_ declaration: String, _ defaultValue: String) -> String {
                withDefaults ? "\(declaration) = \(defaultValue)" : declaration
            }
            return parts.workParameters.map { $0.parameter(withDefault: withDefaults) }
                + [parameter("observers: [any Observer]", "[]"), parameter("restoring snapshot: \(snapshotType)?", "nil")]
        }
        // Only the initializer that makes the actions from a `Sender` pays for one.
        var parameters = (plan.hasActions ? ["actions: any Actions"] : []) + (plan.hasSender ? ["sender: Sender?"] : [])
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
            if plan.hasActions { plan.recording.writeInitialActions(into: &writer) }
            for work in parts.workParameters { writer.line(work.keeping) }
            if timersNeedAnActor { writer.line("self.isolation = isolation") }
            // `if let` and a flag rather than `snapshot?.state ?? initial` and `snapshot == nil`:
            // `??` and `==` cost the type checker of every build that compiles this file more
            // than the branches do (`==` is tried against every `Equatable` overload).
            writer.line("let isRestored: Bool")
            writer.block("if let snapshot", closing: "} else {") { writer in
                if hasSnapshotType {
                    writer.line("\(storedState) = snapshot.state")
                    for field in parts.snapshotFields { writer.line("\(field.name) = snapshot.\(field.name)") }
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
            plan.recording.writeStepOpened(by: nil, into: &writer)
            writer.line("if !isRestored {")
            writer.indented { writer in
                if shape.isStatechart {
                    for state in machine.initialEntry.states {
                        writer.line("enterState(.\(model[state].name))")
                    }
                } else {
                    writer.line("enterState(\(initial))")
                }
            }
            let resumption = parts.all.flatMap(\.resumption)
            if !resumption.isEmpty {
                writer.line("} else {")
                writer.indented { writer in
                    for line in resumption { writer.line(line) }
                }
            }
            writer.line("}")
            // A snapshot saved by an observer mid-chain must not leave the machine resting in
            // a state whose eventless transition is enabled: it would never move again.
            if plan.takesEventlessTransitions { writer.line("takeEventlessTransitions()") }
            writer.line("drainQueues()")
            writeStepEnd(into: &writer)
        }
        writer.line()
    }

    /// What the initializers' documentation says, above each public one.
    private func emitInitializerDocumentation(anActor: Bool? = nil, actionsKeepASender: Bool = false, into writer: inout CodeWriter) {
        let initialName = machine.initialEntry.states.map { model[$0].name }.joined(separator: ".")
        writer.line("/// Starts the machine in `\(initialName)`, running its entry actions, or in `snapshot` without them.")
        let work = plan.asynchronousWork
        if plan.takesEventlessTransitions || work != nil {
            let resumes = [
                work?.hasTimers == true ? "restarts its timers" : nil,
                work?.hasInvocations == true ? "starts the invocations of its states" : nil,
                plan.takesEventlessTransitions ? "takes the eventless transitions enabled there" : nil,
            ]
            writer.line("/// A restored machine \(resumes.compactMap { $0 }.joined(separator: " and ")).")
        }
        if let anActor, let work {
            writer.line("///")
            for line in work.whereToCall(onActor: anActor) { writer.line(line) }
        }
        writer.line("///")
        writer.line("/// - Parameters:")
        if actionsKeepASender {
            writer.line("///   - actions: makes your guards and actions from the machine's `Sender`, which they keep to")
            writer.line("///     send it events (the initial state's entry actions can already).")
        } else if plan.hasActions {
            writer.line("///   - actions: your guards and actions.")
        }
        for work in parts.workParameters { writer.line(work.documentation(outsideAnyActor: anActor == false)) }
        writer.line("///   - observers: observers that see the start already; the machine holds them weakly.")
        if parts.deferral != nil {
            writer.line("///   - snapshot: a state\(parts.history != nil ? ", history" : "") and kept events saved earlier (`Snapshot`) to resume in.")
        } else {
            writer.line(parts.history != nil
                ? "///   - snapshot: a state and history saved earlier (`Snapshot` is `Codable`) to resume in."
                : "///   - snapshot: a state saved earlier (`State` is `Codable`) to resume in.")
        }
        if anActor == true, let work {
            writer.line(work.hasInvocations
                ? "///   - isolation: the actor the machine lives on; the caller's, which must be an actor."
                : "///   - isolation: the actor timers fire on; the caller's, which must be an actor.")
        }
    }

    /// The two public initializers of a machine with timers that no attribute isolates: one on
    /// an actor, with any clock, and one anywhere, with a clock that never fires on its own.
    private func emitActorInitializers(snapshotType: String, into writer: inout CodeWriter) {
        let shared = ["observers: [any Observer] = []", "restoring snapshot: \(snapshotType)? = nil"]
        let onActor = parts.workParameters.map(\.onActorParameter)
        let anywhere = parts.workParameters.map(\.anywhereParameter)
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
        if plan.hasActions { return [ActionsForm(parameter: ["actions: any Actions"], keepsASender: false, argument: "actions: actions, ")] }
        return [ActionsForm(parameter: [], keepsASender: false, argument: "")]
    }

    /// The clock and driver one initializer hands another: `clock: clock, invocations: invocations, `.
    private var forwardedWork: String {
        parts.workParameters.map(\.forwarded).joined()
    }
}
