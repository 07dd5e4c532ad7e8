import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// Random specs, `@Observable` ones among them, and random parents of random children mark with
/// `@available` what their Swift uses above FSMRuntime's minimum (`PlatformAvailability`), as
/// ``AvailabilityChecker`` reads it; the reference files and the repository's specs are checked
/// in ReferenceTests' `AvailabilityTests`.
@Suite("Random specs' Swift marks what it uses above FSMRuntime's minimum")
struct GeneratedSwiftAvailabilityTests {
    @Test func randomSpecsMarkWhatTheyUse() throws {
        var generator = SpecGenerator(seed: 0xA7A1_1AB1, profile: GeneratedSwiftSoundnessTests.invocationProfile, size: .medium)
        var observable = 0
        for index in 0..<80 {
            let spec = generator.makeSpec(machineName: "Avail\(index)")
            let compilation = Compiler.compile(SourceText(spec.text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))\n\(spec.text)")
            let result = AvailabilityChecker.check([(spec.machineName, SwiftEmitter.emit(machine, sourceFileName: spec.machineName + ".fsm"))])
            #expect(result.findings.isEmpty, "\(result.findings.prefix(10).map(\.description))\n\(spec.text)")
            #expect(result.typesAboveMinimum.keys.sorted() == (machine.model.isObservable ? [spec.machineName] : []))
            if machine.model.isObservable { observable += 1 }
        }
        #expect(observable > 10)
    }

    /// A parent of an `@Observable` child is marked as the child is; one of another child is not.
    /// Pairs as `fsm-differential --children` makes them (the profile the spec generator writes
    /// children and their parents for).
    @Test func parentsOfObservableChildrenAreMarked() throws {
        var children = SpecGenerator(seed: 0xC41D, profile: .differential, size: .small)
        var pairs = 0
        var marked = 0
        for index in 0..<40 {
            var document = children.makeSpec(machineName: "Child\(index)").document
            // Every other child observable; none on the main actor, so that any parent may run it.
            document.isObservable = index.isMultiple(of: 2)
            document.isMainActor = false
            let child = (machineName: document.name, text: document.text)
            let childMachine = try #require(Compiler.compile(SourceText(child.text)).executable, "\(child.text)")
            var parentProfile = SpecProfile.differential
            parentProfile.childMachines = [SpecChildMachine(
                name: child.machineName, outputs: document.outputs.map(\.name), finishes: document.states.contains(where: \.isFinal))]
            var parents = SpecGenerator(seed: 0xC41D &+ UInt64(index), profile: parentProfile, size: .medium)
            let parent = parents.makeSpec(machineName: "Parent\(index)")
            let parentMachine = try #require(
                Compiler.compile(SourceText(parent.text), machines: MachineCatalog(specs: [SourceText(child.text)])).executable, "\(parent.text)")
            guard parentMachine.model.invocations.contains(where: { $0.kind == .machine(child.machineName) }) else { continue }
            pairs += 1
            let result = AvailabilityChecker.check([
                (child.machineName, SwiftEmitter.emit(childMachine, sourceFileName: child.machineName + ".fsm")),
                (parent.machineName, SwiftEmitter.emit(parentMachine, sourceFileName: parent.machineName + ".fsm")),
            ])
            #expect(result.findings.isEmpty, "\(result.findings.prefix(10).map(\.description))\n\(child.text)\n\(parent.text)")
            let expected = childMachine.model.isObservable ? [child.machineName, parent.machineName] : []
            #expect(result.typesAboveMinimum.keys.sorted() == expected.sorted())
            #expect(parentMachine.model.observableChildMachines == (childMachine.model.isObservable ? [child.machineName] : []))
            if childMachine.model.isObservable { marked += 1 }
        }
        #expect(pairs > 10)
        #expect(marked > 5 && marked < pairs)
    }
}
