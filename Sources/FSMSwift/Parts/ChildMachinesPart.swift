import FSMCore

/// Child machines (`invoke SignIn as signIn`): beside what every invocation adds
/// (``InvocationsPart``), the link class that hears each child, after the `InvocationDelivery`
/// it delivers (``ChildMachinesGenerator``).
struct ChildMachinesPart: RunningMachinePart {
    unowned let plan: SwiftPlan
    let generator: ChildMachinesGenerator

    func emitStimulusTypes(into writer: inout CodeWriter) {
        generator.emitLinks(into: &writer)
    }
}
