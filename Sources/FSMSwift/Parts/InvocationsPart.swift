import FSMCore

/// `invoke`: the machine takes an `InvocationDriver`, keeps its invocations by slot with each
/// one's routine, queues what an invocation sends back as a `Stimulus`, starts what a step's
/// states invoke once the step has ended, and tells its observers of starts, cancellations
/// and dropped results. Starting, cancelling and delivering are `InvocationsGenerator`'s.
struct InvocationsPart: RunningMachinePart {
    unowned let plan: SwiftPlan

    func emitStoredProperties(into writer: inout CodeWriter) {
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

    var stimulusCases: [StimulusCase] {
        [StimulusCase(declaration: "case invocation(InvocationDelivery, run: UInt64)", handling: "case .invocation(let delivery, let run): handleInvocation(delivery, run: run)")]
    }

    /// `InvocationDelivery`: what an invocation sent back, by invocation.
    func emitStimulusTypes(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// What an invocation's work sent back, by invocation.")
        writer.block("private enum InvocationDelivery") { writer in
            for invocation in model.invocations {
                writer.line("case \(SwiftNames.variable(invocation.name))(InvocationOutcome<\(valueType(of: invocation))>)")
            }
        }
    }

    var workParameter: WorkParameter? {
        WorkParameter(
            label: "invocations", protocolName: "InvocationDriver", synchronousProtocolName: "SynchronousInvocationDriver",
            defaultValue: "TaskInvocationDriver()", storedProperty: "invocationDriver",
            purpose: "runs the work of `invoke`", testDouble: "ManualInvocationDriver")
    }

    var resumption: [String] { ["scheduleActiveInvocations()"] }

    /// Invocations start when a step has ended, once the internal queue is empty, before the
    /// next event from outside.
    var stepEndedWork: StepEndedWork? {
        StepEndedWork(lines: ["// The step ended: what its states invoke starts now.", "startInvocations()"], waiting: "invocations.hasScheduled")
    }

    var notifications: [ObserverHook] {
        [
            ObserverHook(
                notification: "started", kind: .invocationStarts, parameters: [("didStart", "invocation", "Invocation")],
                summary: "The machine started `invocation`: its state was entered, and the step that entered it has ended.",
                documentation: ["An invocation started: its state was entered, and the step that entered it has ended."],
                whenCalled: "with each invocation the machine starts"),
            ObserverHook(
                notification: "cancelled", kind: .invocationCancellations, parameters: [("didCancel", "invocation", "Invocation")],
                summary: "The machine cancelled `invocation`: its state was left.",
                documentation: ["A running invocation was cancelled: its state was left."],
                whenCalled: "with each invocation the machine cancels (its state was left)"),
            ObserverHook(
                notification: "dropped", kind: .droppedResults, parameters: [("didDropResultOf", "invocation", "Invocation")],
                summary: "The machine dropped what `invocation` sent after it was cancelled or had ended.",
                documentation: ["What an invocation sent after it was cancelled or had ended was dropped, not delivered."],
                whenCalled: "with each invocation that sent something after it was cancelled or had ended, which the machine dropped"),
        ]
    }
}
