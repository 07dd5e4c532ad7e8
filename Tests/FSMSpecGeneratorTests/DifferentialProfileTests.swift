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
}
