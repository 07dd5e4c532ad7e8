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

/// What a writer wrote, as far as the code around it needs to know: whether every path leaves,
/// and what it reads that the code around it binds.
struct WrittenCode {
    var leaves: Leaves
    var reads: CodeReads

    init(leaves: Leaves, reads: CodeReads = CodeReads()) {
        self.leaves = leaves
        self.reads = reads
    }

    /// Nothing written: control passes on.
    static let nothing = WrittenCode(leaves: false)

    /// This code followed by `next`, which runs when this code does not leave.
    func then(_ next: WrittenCode) -> WrittenCode {
        var reads = reads
        reads.formUnion(next.reads)
        return WrittenCode(leaves: next.leaves, reads: reads)
    }
}

/// Where generated code runs, as far as it knows the active configuration there: what
/// decides how a transition taken there exits the active states.
enum ActivePosition {
    /// In the case of an active atomic state: every active state is known.
    case leaf(StateID)
    /// In the case of an active compound (or parallel) state, what is active inside it
    /// bound to `child`: `activeChild`, or the regions of a parallel state
    /// (`editorRegions`), or a region's value (`editorRegions.bold`).
    case compound(StateID, child: BoundValue)
    /// Where nothing active is bound: the machine level, timers, completions.
    case unknown
}

extension StateTreeWalk {
    /// Writes `switch subject { … }` over `siblings`, with a case for each state whose subtree
    /// has transitions (`relevant`): an atomic state's own transitions (`emitOwn` at `.leaf`),
    /// or a compound state's nested `switch` over its children (bound to `activeChild`)
    /// followed by its own transitions. A child's transitions are tried before its parent's, as
    /// ``ExecutableMachine/owners(from:)`` orders them. Each case binds the data labels
    /// `bindings` lists for its state that its code reads, and a compound state for which
    /// `bindsChild` holds binds its active child for its own transitions too (`.compound`).
    ///
    /// A parallel state's case binds its regions (``SwiftSpelling/regionsVariable(_:)``) when its
    /// code reads them, and tries each region in document order, a region's states before the
    /// region's own transitions; then `emitShared` writes what several regions take together
    /// (triggers no region may take alone, which `emitOwn` leaves out), then the parallel
    /// state's own transitions. `emitOwn` and `emitShared` say what their code reads.
    /// Returns whether every path leaves, and what the code reads that it does not bind itself.
    func emitStateTree(
        _ siblings: [StateID], subject: BoundValue, relevant: [Bool], bindings: [Set<String>],
        bindsChild: (StateID) -> Bool = { _ in false },
        emitShared: (_ parallel: StateID, inout CodeWriter) -> WrittenCode = { _, _ in .nothing }, into writer: inout CodeWriter,
        emitOwn: (_ state: StateID, _ position: ActivePosition, inout CodeWriter) -> WrittenCode
    ) -> WrittenCode {
        let cases = siblings.filter { relevant[$0.index] }
        guard !cases.isEmpty else { return .nothing }
        writer.line("switch \(subject.expression) {")
        var reads = CodeReads(subject)
        var everyCaseLeaves = true
        let activeChild = BoundValue(variable: "activeChild")
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
            func emitCaseBody(into writer: inout CodeWriter) -> WrittenCode {
                if state.isAtomic { return emitOwn(id, .leaf(id), &writer) }
                if state.isParallel {
                    return emitRegions(
                        of: id, relevant: relevant, bindings: bindings, bindsChild: bindsChild, emitShared: emitShared, into: &writer,
                        emitOwn: emitOwn)
                }
                var written = WrittenCode.nothing
                if childrenMatter {
                    written = emitStateTree(
                        state.children, subject: activeChild, relevant: relevant, bindings: bindings, bindsChild: bindsChild,
                        emitShared: emitShared, into: &writer, emitOwn: emitOwn)
                }
                if !written.leaves {
                    written = written.then(emitOwn(id, bindsActiveChild ? .compound(id, child: activeChild) : .unknown, &writer))
                }
                return written
            }
            guard writesBodyFirst else {
                let child = bindsActiveChild ? activeChild.variable : nil
                writer.line("case \(spelling.configurationPattern([id], child: child)):")
                var written = WrittenCode.nothing
                writer.indented { writer in written = emitCaseBody(into: &writer) }
                everyCaseLeaves = written.leaves && everyCaseLeaves
                reads.formUnion(written.reads.outside(variable: child))
                continue
            }
            let written = emitCaseBody(into: &body)
            let bound = bindings[id.index].intersection(written.reads.dataLabels)
            let child: String? = state.isParallel
                ? (written.reads.reads(spelling.regionsVariable(id)) ? spelling.regionsVariable(id) : nil)
                : (bindsActiveChild ? activeChild.variable : nil)
            writer.line("case \(spelling.configurationPattern([id], binding: bound, child: child)):")
            writer.indented { writer in writer.append(body) }
            everyCaseLeaves = written.leaves && everyCaseLeaves
            reads.formUnion(written.reads.outside(binding: bound, variable: child))
        }
        if cases.count < siblings.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
            everyCaseLeaves = false
        }
        writer.line("}")
        return WrittenCode(leaves: everyCaseLeaves, reads: reads)
    }

    /// The body of a parallel state's case, its regions bound to
    /// ``SwiftSpelling/regionsVariable(_:)`` where it reads them: each region in document order
    /// (a region's states before the region's own transitions, a region that is a parallel
    /// state itself binding its own regions), then what several regions take together, then
    /// the parallel state's own transitions. Returns whether every path leaves, and what the
    /// code reads.
    private func emitRegions(
        of parallel: StateID, relevant: [Bool], bindings: [Set<String>], bindsChild: (StateID) -> Bool,
        emitShared: (_ parallel: StateID, inout CodeWriter) -> WrittenCode, into writer: inout CodeWriter,
        emitOwn: (_ state: StateID, _ position: ActivePosition, inout CodeWriter) -> WrittenCode
    ) -> WrittenCode {
        let regions = spelling.regionsVariable(parallel)
        var written = WrittenCode.nothing
        for region in model[parallel].children where relevant[region.index] && !written.leaves {
            if model[region].isAtomic {
                // Always in itself: its own transitions, where every active state is known.
                written = written.then(emitOwn(region, .leaf(region), &writer))
                continue
            }
            let value = BoundValue(property: SwiftNames.variable(model[region].name), of: regions)
            if model[region].isParallel {
                let nested = spelling.regionsVariable(region)
                var body = CodeWriter()
                let inside = emitRegions(
                    of: region, relevant: relevant, bindings: bindings, bindsChild: bindsChild, emitShared: emitShared, into: &body,
                    emitOwn: emitOwn)
                var reads = inside.reads.outside(variable: nested)
                if inside.reads.reads(nested) {
                    writer.line("let \(nested) = \(value.expression)")
                    reads.insert(value)
                }
                writer.append(body)
                written = written.then(WrittenCode(leaves: inside.leaves, reads: reads))
                continue
            }
            written = written.then(
                emitStateTree(
                    model[region].children, subject: value, relevant: relevant, bindings: bindings, bindsChild: bindsChild,
                    emitShared: emitShared, into: &writer, emitOwn: emitOwn))
            if !written.leaves { written = written.then(emitOwn(region, .compound(region, child: value), &writer)) }
        }
        if !written.leaves, !regionAnalysis.sharedTriggers[parallel.index].isEmpty { written = written.then(emitShared(parallel, &writer)) }
        if !written.leaves {
            let position: ActivePosition = bindsChild(parallel) ? .compound(parallel, child: BoundValue(variable: regions)) : .unknown
            written = written.then(emitOwn(parallel, position, &writer))
        }
        return written
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

    /// `switch event { … }` over an owner's event transitions, each group's transitions tried
    /// in order (`emitBody` writes one, ending in a `return`, and says what it reads). Returns
    /// whether every path leaves, and what the code reads: the bodies' reads and the data the
    /// guards written read.
    /// `mode` says how guards are asked and what the bodies read of the payload.
    func emitEventSwitch(
        _ groups: [(event: EventID, transitions: [TransitionID])], mode: DispatchMode, into writer: inout CodeWriter,
        emitBody: (TransitionID, inout CodeWriter) -> CodeReads
    ) -> WrittenCode {
        guard !groups.isEmpty else { return .nothing }
        writer.line("switch event {")
        var reads = CodeReads()
        var everyGroupLeaves = true
        for group in groups {
            writer.line("case ", spelling.pattern(for: group.event, binding: mode.usedPayload(of: group.transitions, in: machine, spelling: spelling)), ":")
            writer.indented { writer in
                let sequence = GuardedSequence(group.transitions, in: machine) { mode.condition($0, event: group.event, spelling: spelling) }
                let written = sequence.writeBlocks(into: &writer) { branch, writer in
                    let id = group.transitions[branch.position]
                    if branch.condition != nil { reads.insert(dataLabels: decisions.guardData[id.index]) }
                    reads.formUnion(emitBody(id, &writer))
                }
                everyGroupLeaves = written.leaves && everyGroupLeaves
            }
        }
        if groups.count < model.events.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
            everyGroupLeaves = false
        }
        writer.line("}")
        return WrittenCode(leaves: everyGroupLeaves, reads: reads)
    }

    // MARK: - What each state's own dispatch takes

    /// The event transitions a state's own dispatch takes: all its groups but the events a
    /// parallel state around it shares among its regions.
    func ownEventGroups(of state: StateID) -> [(event: EventID, transitions: [TransitionID])] {
        let groups = machine.eventGroups(of: .state(state))
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
