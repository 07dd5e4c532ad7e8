import FSMCore

/// What the Swift back end does not write yet, refused at the spec's line before
/// ``SwiftEmitter`` is reached, so that a spec `check` accepts either generates or says why not
/// (`generate`, in `fsmc` and in the build plugin's `fsmc-build`).
///
/// One construct today: an `update(…)` in a transition that regions of a parallel state may
/// take in one step with others (a trigger two regions share, or one region and a transition
/// around it). Such a step's code writes the regions' new configuration from what it bound
/// before any action ran, and the actions of one transition after another's.
public enum SwiftBackEndLimits {
    /// The located errors for what `machine` uses that the back end does not write.
    public static func refusals(_ machine: ExecutableMachine) -> [Diagnostic] {
        let updating = machine.transitions.indices.filter { index in
            machine.transitions[index].declaration.changesData
        }
        guard !updating.isEmpty else { return [] }
        let analysis = RegionAnalysis(machine)
        var refusals: [Diagnostic] = []
        var refused: Set<SourceRange> = []
        for index in updating {
            let transition = machine.transitions[index]
            guard let trigger = transition.trigger, let source = transition.declaration.source,
                  !refused.contains(transition.declaration.range) else { continue }
            let path = machine.path(to: source)
            let sharing = machine.model.states.first { state in
                state.isParallel && analysis.sharedTriggers[state.id.index].contains(trigger)
                    && (path.contains(state.id) || machine.path(to: state.id).contains(source))
            }
            guard let parallel = sharing else { continue }
            refused.insert(transition.declaration.range)
            refusals.append(Diagnostic(
                .error,
                "the Swift back end does not handle update(…) yet in a transition that other regions of '\(parallel.name)' may take in the same step; give the data in a target, or take the trigger in one region",
                at: transition.declaration.range))
        }
        return refusals
    }
}
