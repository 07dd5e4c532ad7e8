import FSMCore

/// What the data of a transition chosen inside a parallel state is matched from, when the code
/// that chose it bound none of it.
enum ChosenDataSubject {
    /// A variable holding the whole configuration (`state`, `next`): the match follows the
    /// path from the top. With `bindingKeptRegions`, it binds too the regions of the parallel
    /// states down to the transition's domain that the new configuration keeps and the body
    /// reads (no more: Swift rejects a variable never used).
    case configuration(String, bindingKeptRegions: Bool = false)
    /// What is active inside a region, as its parallel state's bound regions hold it
    /// (`editorRegions.bold`): the match follows the path below the region.
    case region(BoundValue)
}

extension TransitionBodyWriter {
    /// Writes `body` where the data among `labels` of the states inside `scope` down to `id`'s
    /// source are bound to variables of their labels' names, matched from `subject`: the code
    /// of a shared trigger or a microstep walked inside `scope` only to choose. The data of
    /// `scope` and the states around it stay as the walk that led there bound them. `body`
    /// says what it reads; returns what the whole reads from outside what it binds.
    func bindingChosenData(
        _ labels: Set<String>, of id: TransitionID, inside scope: StateID, from subject: ChosenDataSubject,
        into writer: inout CodeWriter, _ body: (inout CodeWriter) -> CodeReads
    ) -> CodeReads {
        guard let source = machine.source(of: id) else { return body(&writer) }
        let path = machine.path(to: source)
        let inside = path.filter { machine.isProperDescendant($0, of: scope) }
        let needed = labels.intersection(inside.flatMap { model[$0].data.map { $0.label! } })
        let keptRegions = if case .configuration(_, true) = subject {
            spelling.crossesParallelState(machine[id].domain.map { machine.path(to: $0) } ?? [])
        } else {
            false
        }
        guard !needed.isEmpty || keptRegions else { return body(&writer) }
        var inner = CodeWriter()
        let bodyReads = body(&inner)
        let clauses: [String]
        var reads = CodeReads()
        switch subject {
        case .region(let value):
            clauses = spelling.configurationClauses(inside, binding: needed, subject: value.expression).clauses
            reads.insert(value)
        case .configuration(let variable, _):
            guard let (matched, child) = configurationMatch(path, needed: needed, keptRegions: keptRegions, bodyReads: bodyReads) else {
                writer.append(inner)
                return bodyReads.outside(binding: needed)
            }
            clauses = spelling.configurationClauses(matched, binding: needed, child: child, subject: variable).clauses
        }
        // The clauses bind what the body reads of the configuration afresh.
        writer.block("if " + clauses.joined(separator: ", ")) { writer in writer.append(inner) }
        reads.formUnion(bodyReads.outside(binding: needed))
        return reads
    }

    /// The part of `path` (to a chosen transition's source) a match of the whole configuration
    /// follows, and the regions it binds at its end; `nil` when it need bind nothing.
    private func configurationMatch(
        _ path: [StateID], needed: Set<String>, keptRegions: Bool, bodyReads: CodeReads
    ) -> (path: [StateID], child: String?)? {
        let source = path.last!
        // A path ending at a region binds its parallel state's regions only when asked for
        // what is inside the region (an expression, not a new variable).
        let endsAtRegion = model[source].parent.map { model[$0].isParallel } ?? false
        guard keptRegions && endsAtRegion, let parent = model[source].parent, !bodyReads.reads(spelling.regionsVariable(parent)) else {
            return (path, keptRegions && endsAtRegion ? "region" : nil)
        }
        // The body keeps no region of the source's parallel state: the path ends where
        // the last regions it reads are bound, or the last data it needs (a region of a
        // parallel state bound for nothing is a variable never used).
        let regionsEnd = path.lastIndex { model[$0].isParallel && bodyReads.reads(spelling.regionsVariable($0)) }
        let dataEnd = path.lastIndex { !needed.isDisjoint(with: model[$0].data.map { $0.label! }) }
        guard let end = [regionsEnd, dataEnd].compactMap({ $0 }).max() else { return nil }
        return (Array(path[...end]), end == regionsEnd ? spelling.regionsVariable(path[end]) : nil)
    }
}
