import FSMCore

/// Walking the state tree in the executable machine's priority order: the shape of every
/// `switch` that looks for a transition (dispatch, eventless transitions, the pure transition
/// function).
final class StateTreeWalk: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling

    init(plan: SwiftPlan, spelling: SwiftSpelling) {
        self.plan = plan
        self.spelling = spelling
    }
}

/// How a piece of generated code ends, so that no statement is written after one that
/// always leaves (Swift warns about code that will never run).
typealias Leaves = Bool

/// Where generated code runs, as far as it knows the active configuration there: what
/// decides how a transition taken there exits the active states.
enum ActivePosition {
    /// In the case of an active atomic state: every active state is known.
    case leaf(StateID)
    /// In the case of an active compound (or parallel) state, what is active inside it
    /// bound to `child`: `activeChild`, or the regions of a parallel state
    /// (`editorRegions`), or a region's value (`editorRegions.bold`).
    case compound(StateID, child: String)
    /// Where nothing active is bound: the machine level, timers, completions.
    case unknown
}

extension StateTreeWalk {
    /// Writes `switch subject { … }` over `siblings`, with a case for each state whose subtree
    /// has transitions (`relevant`): an atomic state's own transitions (`emitOwn` at `.leaf`),
    /// or a compound state's nested `switch` over its children (bound to `activeChild`)
    /// followed by its own transitions. A child's transitions are tried before its parent's, as
    /// ``ExecutableMachine/owners(from:)`` orders them. Each case binds the data labels
    /// `bindings` lists for its state, and a compound state for which `bindsChild` holds binds
    /// its active child for its own transitions too (`.compound`).
    ///
    /// A parallel state's case binds its regions (``SwiftSpelling/regionsVariable(_:)``) and tries each
    /// region in document order, a region's states before the region's own transitions; then
    /// `emitShared` writes what several regions take together (triggers no region may take
    /// alone, which `emitOwn` leaves out), then the parallel state's own transitions.
    /// Returns whether every path leaves.
    func emitStateTree(
        _ siblings: [StateID], subject: String, relevant: [Bool], bindings: [Set<String>],
        bindsChild: (StateID) -> Bool = { _ in false },
        emitShared: (_ parallel: StateID, inout CodeWriter) -> Leaves = { _, _ in false }, into writer: inout CodeWriter,
        emitOwn: (_ state: StateID, _ position: ActivePosition, inout CodeWriter) -> Leaves
    ) -> Leaves {
        let cases = siblings.filter { relevant[$0.index] }
        guard !cases.isEmpty else { return false }
        writer.line("switch \(subject) {")
        var everyCaseLeaves = true
        for id in cases {
            let state = model[id]
            let childrenMatter = state.children.contains { relevant[$0.index] }
            let bindsActiveChild = !state.isAtomic && !state.isParallel && (childrenMatter || bindsChild(id))
            // A case that may bind data or regions has its body written first: it binds only
            // what the body reads, since a transition the walk never reaches (shadowed by
            // children that always take the trigger) is not written. Other bodies go straight
            // into the writer: copying each level's body into the one above would make a deep
            // tree quadratic.
            let writesBodyFirst = state.isParallel || !bindings[id.index].isEmpty
            var body = CodeWriter()
            func emitCaseBody(into writer: inout CodeWriter) -> Leaves {
                if state.isAtomic { return emitOwn(id, .leaf(id), &writer) }
                if state.isParallel {
                    return emitRegions(
                        of: id, relevant: relevant, bindings: bindings, bindsChild: bindsChild, emitShared: emitShared, into: &writer,
                        emitOwn: emitOwn)
                }
                var leaves = false
                if childrenMatter {
                    leaves = emitStateTree(
                        state.children, subject: "activeChild", relevant: relevant, bindings: bindings, bindsChild: bindsChild,
                        emitShared: emitShared, into: &writer, emitOwn: emitOwn)
                }
                if !leaves {
                    leaves = emitOwn(id, bindsActiveChild ? .compound(id, child: "activeChild") : .unknown, &writer)
                }
                return leaves
            }
            guard writesBodyFirst else {
                writer.line("case \(spelling.configurationPattern([id], child: bindsActiveChild ? "activeChild" : nil)):")
                var leaves = false
                writer.indented { writer in leaves = emitCaseBody(into: &writer) }
                everyCaseLeaves = leaves && everyCaseLeaves
                continue
            }
            let leaves = emitCaseBody(into: &body)
            let bodyText = body.text
            let bound = bindings[id.index].filter { Self.mentions($0, in: bodyText) }
            let child: String? = state.isParallel
                ? (Self.mentions(spelling.regionsVariable(id), in: bodyText) ? spelling.regionsVariable(id) : nil)
                : (bindsActiveChild ? "activeChild" : nil)
            writer.line("case \(spelling.configurationPattern([id], binding: bound, child: child)):")
            writer.indented { writer in writer.append(body) }
            everyCaseLeaves = leaves && everyCaseLeaves
        }
        if cases.count < siblings.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
            everyCaseLeaves = false
        }
        writer.line("}")
        return everyCaseLeaves
    }

    /// The body of a parallel state's case, its regions bound to ``SwiftSpelling/regionsVariable(_:)``: each
    /// region in document order (a region's states before the region's own transitions, a
    /// region that is a parallel state itself binding its own regions), then what several
    /// regions take together, then the parallel state's own transitions. Returns whether every
    /// path leaves.
    private func emitRegions(
        of parallel: StateID, relevant: [Bool], bindings: [Set<String>], bindsChild: (StateID) -> Bool,
        emitShared: (_ parallel: StateID, inout CodeWriter) -> Leaves, into writer: inout CodeWriter,
        emitOwn: (_ state: StateID, _ position: ActivePosition, inout CodeWriter) -> Leaves
    ) -> Leaves {
        let regions = spelling.regionsVariable(parallel)
        var leaves = false
        for region in model[parallel].children where relevant[region.index] && !leaves {
            let value = "\(regions).\(SwiftNames.variable(model[region].name))"
            if model[region].isParallel {
                let nested = spelling.regionsVariable(region)
                var body = CodeWriter()
                leaves = emitRegions(
                    of: region, relevant: relevant, bindings: bindings, bindsChild: bindsChild, emitShared: emitShared, into: &body,
                    emitOwn: emitOwn)
                if Self.mentions(nested, in: body.text) { writer.line("let \(nested) = \(value)") }
                writer.append(body)
                continue
            }
            leaves = emitStateTree(
                model[region].children, subject: value, relevant: relevant, bindings: bindings, bindsChild: bindsChild,
                emitShared: emitShared, into: &writer, emitOwn: emitOwn)
            if !leaves { leaves = emitOwn(region, .compound(region, child: value), &writer) }
        }
        if !leaves, !regionAnalysis.sharedTriggers[parallel.index].isEmpty { leaves = emitShared(parallel, &writer) }
        if !leaves { leaves = emitOwn(parallel, bindsChild(parallel) ? .compound(parallel, child: regions) : .unknown, &writer) }
        return leaves
    }

    /// Whether `text` uses the identifier `name` (not merely a longer one starting with it).
    static func mentions(_ name: String, in text: String) -> Bool {
        var rest = text[...]
        while let range = rest.firstRange(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isPart = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isPart(before) && !isPart(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// For each state, whether it or a state inside it declares a transition for which
    /// `declares` holds.
    func subtreesDeclaring(_ declares: (StateID) -> Bool) -> [Bool] {
        var relevant = model.states.map { declares($0.id) }
        // Children come after their parent in document order: a backward pass sees every
        // child before its parent.
        for state in model.states.reversed() where relevant[state.id.index] {
            if let parent = state.parent { relevant[parent.index] = true }
        }
        return relevant
    }

    /// The event transitions an owner declares, grouped by event in order of first
    /// declaration, as the executable machine lists them.
    func eventGroups(of owner: ExecutableMachine.Owner) -> [(event: EventID, transitions: [TransitionID])] {
        machine.triggers(of: owner).compactMap { trigger in
            guard case .event(let event) = trigger else { return nil }
            return (event, machine.transitions(of: owner, for: trigger))
        }
    }

    /// `switch event { … }` over an owner's event transitions, each group's transitions tried
    /// in order (`emitBody` writes one, ending in a `return`). Returns whether every path leaves.
    ///
    /// `guardsOnly`: the bodies run no action (the pure transition function), so only guards
    /// need the payload bound.
    func emitEventSwitch(
        _ groups: [(event: EventID, transitions: [TransitionID])], guardsOnly: Bool = false, into writer: inout CodeWriter,
        condition: (GuardModel, EventID) -> String?, emitBody: (TransitionID, inout CodeWriter) -> Void
    ) -> Leaves {
        guard !groups.isEmpty else { return false }
        writer.line("switch event {")
        var everyGroupLeaves = true
        for group in groups {
            var declarations = group.transitions.map { machine[$0].declaration }
            if guardsOnly {
                for index in declarations.indices { declarations[index].actions = [] }
            }
            writer.line("case ", spelling.pattern(for: group.event, binding: spelling.usedPayload(of: declarations)), ":")
            writer.indented { writer in
                let sequence = GuardedSequence(group.transitions, in: machine) { condition($0, group.event) }
                let written = sequence.writeBlocks(into: &writer) { branch, writer in emitBody(group.transitions[branch.position], &writer) }
                everyGroupLeaves = written.leaves && everyGroupLeaves
            }
        }
        if groups.count < model.events.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
            everyGroupLeaves = false
        }
        writer.line("}")
        return everyGroupLeaves
    }

    // MARK: - What each state's own dispatch takes

    /// The event transitions a state's own dispatch takes: all its groups but the events a
    /// parallel state around it shares among its regions.
    func ownEventGroups(of state: StateID) -> [(event: EventID, transitions: [TransitionID])] {
        let groups = eventGroups(of: .state(state))
        let excluded = regionAnalysis.excludedTriggers[state.index]
        return excluded.isEmpty ? groups : groups.filter { !excluded.contains(.event($0.event)) }
    }

    /// The transitions a walk of the state tree answers at `state` for the `wanted` triggers:
    /// its own, and at a parallel state those its regions share (whose code binds the data of
    /// the states inside the regions itself). What the walk binds of each state's data is what
    /// they read.
    func walkedTransitions(at state: StateID, where wanted: (ExecutableMachine.Trigger) -> Bool) -> [TransitionID] {
        let own = machine.triggers(of: .state(state)).filter(wanted).flatMap { regionAnalysis.ownTransitions(of: state, for: $0) }
        return own + regionAnalysis.sharedTriggers[state.index].filter(wanted).flatMap { regionAnalysis.sharedTransitions(of: state, for: $0) }
    }
}
