import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The soundness profile makes every shape the language allows (issue 26: it could not make a
/// machine of final states only, so a bug in exactly that shape went unseen). Each shape below
/// must turn up among a few hundred specs; the checks read the checked model, not the
/// generator's intentions.
@Suite("The soundness profile makes every shape the language allows")
struct SpecGeneratorCoverageTests {
    static let shapes: [(name: String, holds: @Sendable (MachineModel) -> Bool)] = [
        ("only final states, the initial one included", { model in model.states.allSatisfy(\.isFinal) }),
        ("a top-level initial final state", { model in model[model.initialState].isFinal }),
        ("only machine-level transitions", { model in !model.machineTransitions.isEmpty && model.states.allSatisfy(\.transitions.isEmpty) }),
        ("no transitions at all", { model in model.allTransitions.isEmpty }),
        ("no events", { model in model.events.isEmpty }),
        ("a single state", { model in model.states.count == 1 }),
        ("a final state with data", { model in model.states.contains { $0.isFinal && !$0.data.isEmpty } }),
        ("a top-level final state with entry actions that raise", { model in
            model.states.contains { state in
                state.parent == nil && state.isFinal && state.entryActions.contains { if case .raise = $0 { true } else { false } }
            }
        }),
        ("a parallel state with one region", { model in model.states.contains { $0.isParallel && $0.children.count == 1 } }),
        ("a parallel state without regions", { model in model.states.contains { $0.isParallel && $0.children.isEmpty } }),
        ("an atomic region", { model in model.states.contains { state in state.isParallel && state.children.contains { model[$0].children.isEmpty } } }),
        ("several targets", { model in model.allTransitions.contains { !$0.otherTargets.isEmpty } }),
        ("a history default", { model in model.states.contains { $0.historyDefault != nil } }),
        ("a history default with several targets", { model in model.states.contains { ($0.historyDefault?.targets.count ?? 0) > 1 } }),
        ("reenter", { model in model.allTransitions.contains(where: \.reenters) }),
        ("a guard that folds to false", { model in model.allTransitions.contains { $0.guardExpression == .constant(false) } }),
        ("done in a parallel state whose region is a parallel state", { model in
            model.states.contains { state in
                state.isParallel && state.children.contains { model[$0].isParallel }
                    && state.transitions.contains { $0.trigger == .done }
            }
        }),
    ]

    @Test func everyShapeTurnsUp() async throws {
        try await onOwnThread {
            var generator = SpecGenerator(seed: 0xC0_7E26, profile: .soundness, size: .medium)
            var seen = Array(repeating: 0, count: Self.shapes.count)
            for index in 0..<600 {
                let spec = generator.makeSpec(machineName: "C\(index)")
                let model = try #require(Compiler.compile(SourceText(spec.text)).model)
                for (shape, (_, holds)) in Self.shapes.enumerated() where holds(model) { seen[shape] += 1 }
            }
            for (shape, count) in seen.enumerated() {
                #expect(count > 0, "no spec of 600 has \(Self.shapes[shape].name)")
            }
        }
    }
}
