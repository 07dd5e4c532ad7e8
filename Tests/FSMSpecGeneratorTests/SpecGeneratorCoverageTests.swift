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

    /// With ``SpecProfile/invocations``: every shape of an invocation and of the transitions
    /// on what it delivers.
    static let invocationShapes: [(name: String, holds: @Sendable (MachineModel) -> Bool)] = [
        ("a call without results", { model in model.invocations.contains { $0.kind == .call && $0.results.isEmpty } }),
        ("a call with several results", { model in model.invocations.contains { $0.kind == .call && $0.results.count > 1 } }),
        ("a stream without results", { model in model.invocations.contains { $0.kind == .stream && $0.results.isEmpty } }),
        ("a stream with one result", { model in model.invocations.contains { $0.kind == .stream && $0.results.count == 1 } }),
        ("two invocations in one state", { model in Dictionary(grouping: model.invocations, by: \.owner).values.contains { $0.count > 1 } }),
        ("an invocation in a parallel state", { model in model.invocations.contains { model[$0.owner].isParallel } }),
        ("an invocation in a region", { model in
            model.invocations.contains { invocation in model[invocation.owner].parent.map { model[$0].isParallel } ?? false }
        }),
        ("an invocation nested two levels deep", { model in
            model.invocations.contains { invocation in model[invocation.owner].parent.flatMap { model[$0].parent } != nil }
        }),
        ("done of a call in its state", { model in
            model.allTransitions.contains { transition in
                guard case .invocation(let id, .done) = transition.trigger else { return false }
                return model[id].kind == .call && transition.source == model[id].owner
            }
        }),
        ("done of a stream", { model in
            model.allTransitions.contains { transition in
                guard case .invocation(let id, .done) = transition.trigger else { return false }
                return model[id].kind == .stream
            }
        }),
        ("an element with a guard", { model in
            model.allTransitions.contains { transition in
                guard case .invocation(_, .element) = transition.trigger else { return false }
                return transition.guardExpression != nil
            }
        }),
        ("error in a state inside the invoking one", { model in
            model.allTransitions.contains { transition in
                guard case .invocation(let id, .error) = transition.trigger, let source = transition.source else { return false }
                return source != model[id].owner && model.path(from: source).contains(model[id].owner)
            }
        }),
        ("a transition in a state around the invoking one", { model in
            model.allTransitions.contains { transition in
                guard case .invocation(let id, _) = transition.trigger, let source = transition.source else { return false }
                return source != model[id].owner && model.path(from: model[id].owner).contains(source)
            }
        }),
        ("a machine-level transition on an invocation", { model in
            model.machineTransitions.contains { if case .invocation = $0.trigger { true } else { false } }
        }),
        ("an invocation's transitions in two regions", { model in
            model.states.contains { state in
                state.isParallel && model.invocations.contains { invocation in
                    let regions = state.children.filter { region in
                        model.allTransitions.contains { transition in
                            guard case .invocation(invocation.id, _) = transition.trigger, let source = transition.source else { return false }
                            return model.path(from: source).contains(region)
                        }
                    }
                    return regions.count > 1
                }
            }
        }),
    ]

    @Test func everyInvocationShapeTurnsUp() async throws {
        try await onOwnThread {
            var profile = SpecProfile.soundness
            profile.invocations = true
            var generator = SpecGenerator(seed: 0x1_7E26, profile: profile, size: .medium)
            var seen = Array(repeating: 0, count: Self.invocationShapes.count)
            for index in 0..<600 {
                let spec = generator.makeSpec(machineName: "C\(index)")
                let model = try #require(Compiler.compile(SourceText(spec.text)).model)
                for (shape, (_, holds)) in Self.invocationShapes.enumerated() where holds(model) { seen[shape] += 1 }
            }
            for (shape, count) in seen.enumerated() {
                #expect(count > 0, "no spec of 600 has \(Self.invocationShapes[shape].name)")
            }
        }
    }

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
