import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The differential profile writes only what the SCXML export maps faithfully and Qt runs:
/// no payloads, data or value functions, no Swift-only declarations.
@Suite("The differential profile stays inside what SCXML runs")
struct DifferentialProfileTests {
    @Test func specsHaveNoPayloadsDataOrSwiftOnlyDeclarations() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            var generator = SpecGenerator(seed: 0xD1FF, profile: .differential, size: .large)
            for index in 0..<300 {
                let spec = generator.makeSpec(machineName: "D\(index)")
                let document = spec.document
                #expect(document.events.allSatisfy { $0.parameters.isEmpty })
                #expect(document.outputs.allSatisfy { $0.parameters.isEmpty })
                #expect(document.imports.isEmpty && document.access == nil && !document.isMainActor)
                let model = try #require(Compiler.compile(SourceText(spec.text)).model, "spec \(index) of seed 0xD1FF is invalid")
                #expect(model.states.allSatisfy { $0.data.isEmpty })
            }
        }
    }

    @Test func raisedOnlyEventsAreNotExternal() {
        var generator = SpecGenerator(seed: 0xD1FF, profile: .differential, size: .medium)
        var sawRaisedOnly = false
        for index in 0..<200 {
            let spec = generator.makeSpec(machineName: "D\(index)")
            let raisedOnly = Set(spec.events).subtracting(spec.externalEvents)
            sawRaisedOnly = sawRaisedOnly || !raisedOnly.isEmpty
            #expect(raisedOnly.allSatisfy { $0.hasPrefix("r") })
        }
        #expect(sawRaisedOnly)
    }

    /// With invocations (`fsm-differential --invocations`): calls and streams without results,
    /// specs that compile (a guard or action on `error x` written bare, so that one name keeps
    /// one signature) and that the SCXML export writes without refusing anything.
    @Test func invocationsHaveNoResultsAndExport() async throws {
        try await onOwnThread {
            var profile = SpecProfile.differential
            profile.invocations = true
            var generator = SpecGenerator(seed: 0xD1FF, profile: profile, size: .large)
            var invocations = 0
            for index in 0..<150 {
                let spec = generator.makeSpec(machineName: "D\(index)")
                let model = try #require(Compiler.compile(SourceText(spec.text)).model, "spec \(index) of seed 0xD1FF with invocations is invalid:\n\(spec.text)")
                #expect(model.invocations.allSatisfy { $0.results.isEmpty && ($0.kind == .call || $0.kind == .stream) })
                #expect(SCXMLEmitter.refusals(model).filter { $0.message.contains("invok") }.isEmpty)
                invocations += model.invocations.count
            }
            #expect(invocations > 100)
        }
    }

    /// With child machines (`fsm-differential --children`): parents that invoke the given
    /// child, with `on k.output` and `done k` transitions, check with the child as their sibling
    /// and export with it, alongside calls and streams; without children, the profile makes no
    /// child invocation.
    @Test func childMachinesCheckAndExportWithTheirChild() async throws {
        try await onOwnThread {
            let child = """
                machine K1 {
                    event e1
                    output o1
                    output o2
                    initial state a { on e1 -> b / emit o1 }
                    state b { on e1 -> end / emit o2 }
                    final state end
                }
                """
            let childModel = try #require(Compiler.compile(SourceText(child)).model)
            var profile = SpecProfile.differential
            profile.invocations = true
            var plain = SpecGenerator(seed: 0xC41D, profile: profile, size: .large)
            profile.childMachines = [SpecChildMachine(name: "K1", outputs: ["o1", "o2"], finishes: true)]
            var generator = SpecGenerator(seed: 0xC41D, profile: profile, size: .large)
            var children = 0
            var resultTransitions = 0
            for index in 0..<100 {
                let spec = generator.makeSpec(machineName: "D\(index)")
                let compilation = Compiler.compile(
                    SourceText(spec.text), machines: MachineCatalog(specs: [SourceText(child)]))
                let model = try #require(compilation.model, "spec \(index) of seed 0xC41D with children is invalid: \(compilation.diagnostics)\n\(spec.text)")
                #expect(SCXMLEmitter.refusals(model, children: ["K1": childModel]).filter { $0.message.contains("invok") }.isEmpty)
                children += model.invocations.filter { $0.kind == .machine("K1") }.count
                resultTransitions += model.allTransitions.filter { transition in
                    guard case .invocation(let invocation, _) = transition.trigger else { return false }
                    return model[invocation].kind == .machine("K1")
                }.count
                #expect(!plain.makeSpec(machineName: "D\(index)").text.contains(" as "))
            }
            #expect(children > 50)
            #expect(resultTransitions > 20)
        }
    }

    /// Pairs as `fsm-differential --children` makes them (docs/SCXML.md, "Differential testing
    /// of child machines"): children without guards that invoke calls and streams, parents that
    /// invoke them and calls and streams of their own. Each pair checks, the export writes it as
    /// one document without refusing anything, and the child's calls and streams are written
    /// inside the child's `<invoke>` (each a session of its own that a harness addresses by the
    /// path `k3/fetch1`).
    @Test func childMachinesWithCallsOfTheirOwnExportWithTheirParent() async throws {
        try await onOwnThread {
            var childProfile = SpecProfile.differential
            childProfile.guards = false
            childProfile.invocations = true
            var children = SpecGenerator(seed: 0xCA11, profile: childProfile, size: .small)
            var childCalls = 0
            var parentCalls = 0
            var pairs = 0
            for index in 0..<60 {
                let child = children.makeSpec(machineName: "K\(index)")
                let childModel = try #require(Compiler.compile(SourceText(child.text)).model, "child \(index) of seed 0xCA11 is invalid:\n\(child.text)")
                #expect(childModel.guards.isEmpty)
                var parentProfile = SpecProfile.differential
                parentProfile.invocations = true
                parentProfile.childMachines = [SpecChildMachine(
                    name: child.machineName, outputs: child.document.outputs.map(\.name),
                    finishes: child.document.states.contains(where: \.isFinal))]
                var parents = SpecGenerator(seed: 0xCA11 &+ UInt64(index), profile: parentProfile, size: .medium)
                let parent = parents.makeSpec(machineName: "P\(index)")
                let compilation = Compiler.compile(SourceText(parent.text), machines: MachineCatalog(specs: [SourceText(child.text)]))
                let model = try #require(compilation.model, "parent \(index) of seed 0xCA11 is invalid: \(compilation.diagnostics)\n\(parent.text)")
                #expect(SCXMLEmitter.refusals(model, children: [child.machineName: childModel]).isEmpty, "\(parent.text)\n\(child.text)")
                guard model.invocations.contains(where: { $0.kind == .machine(child.machineName) }) else { continue }
                pairs += 1
                let calls = childModel.invocations.filter { $0.kind == .call || $0.kind == .stream }
                childCalls += calls.count
                parentCalls += model.invocations.filter { $0.kind == .call || $0.kind == .stream }.count
                let document = SCXMLEmitter.emit(model, children: [child.machineName: childModel], tracingStates: true)
                for call in calls {
                    #expect(document.contains("<invoke id=\"\(call.name)\""), "\(call.name) of \(child.machineName) is not in \(parent.machineName)'s document")
                }
            }
            #expect(pairs > 30)
            #expect(childCalls > 20)
            #expect(parentCalls > 20)
        }
    }
}
