@testable import FSMCompiler
import Foundation
import FSMSpecGenerator
import Testing
import TestSupport

/// `.fsm → SCXML → .fsm` on random specs with calls and streams: the differential profile
/// (what the export maps, `fsm-differential --invocations`'s specs), so invocations with
/// `done`, `error` and `on` transitions in their states, inside and around them and at machine
/// level. Each imported spec checks, exports the same document and runs as the original on
/// random scripts that send events, move the clock and complete, fail, yield and finish the
/// invocations. A failure is shrunk with ``SpecMinimizer`` before it is reported. Seeded
/// (`FSMC_ROUND_TRIP_SEED`), so that a failure repeats.
@Suite(.offThePool) struct SCXMLRandomRoundTripTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["FSMC_ROUND_TRIP_SEED"] ?? "") ?? 0x5C_2026
    static let count = 60

    static var profile: SpecProfile {
        var profile = SpecProfile.differential
        profile.invocations = true
        return profile
    }

    @Test func randomSpecsWithInvocationsRoundTrip() async throws {
        try await onOwnThread {
            var generator = SpecGenerator(seed: Self.seed, profile: Self.profile, size: .medium)
            var compared = 0
            var invoking = 0
            var failures: [String] = []
            for index in 0..<Self.count {
                let spec = generator.makeSpec(machineName: "Trip\(index)")
                guard let model = Self.exportable(spec.text) else { continue }
                compared += 1
                if !model.invocations.isEmpty { invoking += 1 }
                guard let problem = Self.problem(spec.text) else { continue }
                let smallest = SpecMinimizer.minimize(
                    spec.document, tries: 150, isCandidate: { Self.exportable($0.text) != nil },
                    stillFails: { Self.problem($0.text) != nil })
                failures.append("spec \(index) (seed \(spec.seed)): \(Self.problem(smallest.text) ?? problem)\n\(smallest.text)")
                if failures.count >= 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            // Not vacuous: most specs export, and many of them invoke.
            #expect(compared >= Self.count / 2, "only \(compared) specs compared")
            #expect(invoking >= Self.count / 4, "only \(invoking) specs with invocations")
        }
    }

    /// The model of a spec the export writes without refusing anything and the import reads,
    /// or `nil`. Left out: a transition into a history from inside its state, which the import
    /// refuses whatever wrote it (docs/SCXML.md, "What the import refuses").
    static func exportable(_ text: String) -> MachineModel? {
        let compilation = Compiler.compile(SourceText(text))
        guard !compilation.hasErrors, let model = compilation.model, SCXMLEmitter.refusals(model).isEmpty else { return nil }
        let entersHistoryFromInside = model.allTransitions.contains { transition in
            guard transition.targetsHistory, let target = transition.target else { return false }
            var state = transition.source
            while let current = state {
                if current == target { return true }
                state = model[current].parent
            }
            return false
        }
        return entersHistoryFromInside ? nil : model
    }

    /// What goes wrong on the round trip of `text`, or `nil` when nothing does.
    static func problem(_ text: String) -> String? {
        guard let original = Compiler.compile(SourceText(text)).executable else { return "the spec does not compile" }
        let exported = SCXMLEmitter.emit(original.model)
        let imported = SCXMLImport.run(SourceText(exported), fallbackName: original.model.name, chartName: "\(original.model.name).scxml")
        if let error = imported.chartDiagnostics.first(where: { $0.severity == .error }) {
            return "the import refuses the export: \(error.range.start): \(error.message)"
        }
        guard let spec = imported.text else { return "the imported spec does not check: \(imported.specDiagnostics)" }
        guard let copy = Compiler.compile(SourceText(spec)).executable else { return "the imported spec does not compile:\n\(spec)" }
        if SCXMLEmitter.emit(copy.model) != SCXMLRoundTripTests.withoutNotes(exported) {
            return "the imported spec exports another document:\n\(spec)"
        }
        var generator = SeededGenerator(seed: UInt64(text.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for _ in 0..<20 {
            let script = SCXMLRoundTripTests.Script.random(for: original.model, using: &generator)
            let (was, now) = (script.run(on: original), script.run(on: copy))
            if was != now {
                let step = was.indices.first { $0 >= now.count || was[$0] != now[$0] } ?? was.count
                return "the imported spec runs otherwise on \(script): at \(step), \(was.dropFirst(step).first ?? "-") against \(now.dropFirst(step).first ?? "-")\n\(spec)"
            }
        }
        return nil
    }
}
