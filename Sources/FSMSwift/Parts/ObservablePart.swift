import FSMCore

/// An `@Observable` machine: its `state` is tracked. Reading it (and so `isIn`, `canHandle`,
/// `isFinished`, `acceptedEventNames`) tracks it; the first assignment of a step tells
/// Observation it will change, and the step's end that it did (`didChangeState()`), so that a
/// step notifies once however many states it passes through, and a step that changes nothing
/// not at all.
struct ObservablePart: RunningMachinePart {
    unowned let plan: SwiftPlan

    /// The tracked `state`, and `storedState` behind it, which the initializer sets before
    /// `self` is whole; in place of the plain `state` of any other machine.
    func emitState(into writer: inout CodeWriter) {
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

    /// A step that changed `state` tells Observation so, once.
    func writeStepEnd(into writer: inout CodeWriter) {
        writer.line("if isChangingState { didChangeState() }")
    }

    /// Tells Observation that the step that just ended changed `state`.
    func emitStepEndFunctions(into writer: inout CodeWriter) {
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
