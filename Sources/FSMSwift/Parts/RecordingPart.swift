import FSMCore

/// Recording (`#if FSMC_RECORDING`, ``RecordingGenerator``), which every machine compiles
/// under the condition: the `TraceObserver` the machine holds, after its other storage, and
/// the record of each step's end.
struct RecordingPart: RunningMachinePart {
    unowned let plan: SwiftPlan
    let generator: RecordingGenerator

    func emitPrivateDeclarations(into writer: inout CodeWriter) {
        generator.emitStoredProperties(into: &writer)
    }

    func writeStepEnd(into writer: inout CodeWriter) {
        generator.writeStepEnded(into: &writer)
    }
}
