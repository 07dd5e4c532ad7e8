import FSMCore
/// `initial` naming descendants (`<scxml initial="a b">`, `<state initial="x">` with `x` below
/// a child, the same as an `<initial>` transition's target): SCXML enters the state and then
/// every state on the way down to the named ones, each parallel state's other regions at their
/// defaults. fsmc starts a state in one of its children, so the import writes the equivalent:
/// the initial child of each state along the path.
///
/// That changes those states' own initial children, which is the same meaning only when they
/// are never entered by default another way: named by a transition, a history's default or
/// another `initial`, restored by a shallow history (which enters the restored child by
/// default), or entered as a region of a parallel state that is entered for another region's
/// sake. Where one of them is, no fsmc spec says both, and the import refuses the attribute.
extension SCXMLImporter {
    /// Works out every initial path before the states are built: ``pathInitialChildren`` then
    /// holds the initial child of each state a path goes through, and of the path's owner.
    mutating func resolveInitialPaths() {
        var sources: [(owner: Int?, value: String, range: SourceRange)] = []
        if let attribute = root.attribute("initial") { sources.append((nil, attribute.value, attribute.range)) }
        for index in chart.indices {
            if let attribute = chart[index].initialAttribute {
                sources.append((index, attribute.value, attribute.range))
            } else if let element = chart[index].initialElement,
                      let transition = executableContent(of: element).first(where: { $0.localName == "transition" }),
                      let target = transition.attribute("target") {
                sources.append((index, target.value, target.range))
            }
        }
        let references = defaultEntryReferences()
        for source in sources {
            let ids = source.value.split(whereSeparator: \.isWhitespace).map(String.init)
            let targets = ids.compactMap { stateIndex[$0] }
            // One direct child, or an unknown id: the ordinary reading reports what is wrong.
            guard targets.count == ids.count, !targets.isEmpty else { continue }
            let children = source.owner.map { chart[$0].children } ?? chart.indices.filter { chart[$0].parent == nil }
            if targets.count == 1, children.contains(targets[0]) { continue }
            guard targets.allSatisfy({ target in source.owner.map { isBelow(target, $0) } ?? true }) else { continue }
            var assignments: [(state: Int?, child: Int)] = []
            guard path(to: targets, below: source.owner, into: &assignments) else {
                diagnostics.error(
                    "'\(source.value)' is no configuration SCXML can start in: several initial states lie in different regions of one parallel state",
                    at: source.range)
                // Reported once: the ordinary reading of the attribute is not tried as well.
                let first = chain(to: targets[0], below: source.owner).first
                if let owner = source.owner { pathInitialChildren[owner] = first } else { machinePathInitial = first }
                continue
            }
            if let problem = conflict(assignments, owner: source.owner, references: references, ignoring: source.range) {
                diagnostics.error(
                    "the initial state '\(source.value)' lies below a child of \(source.owner.map { "'\(chart[$0].id)'" } ?? "the chart"): fsmc writes it as the initial children along the way, but \(problem), so that would change what it enters; no fsmc spec says both",
                    at: source.range)
            }
            for assignment in assignments {
                if let state = assignment.state {
                    pathInitialChildren[state] = pathInitialChildren[state] ?? assignment.child
                } else {
                    machinePathInitial = machinePathInitial ?? assignment.child
                }
            }
        }
    }

    /// Whether `state` lies below `ancestor` (not itself).
    func isBelow(_ state: Int, _ ancestor: Int) -> Bool {
        var current = chart[state].parent
        while let index = current {
            if index == ancestor { return true }
            current = chart[index].parent
        }
        return false
    }

    /// The states from `owner`'s child down to `state`, outermost first.
    private func chain(to state: Int, below owner: Int?) -> [Int] {
        var result: [Int] = []
        var current: Int? = state
        while let index = current, index != owner {
            result.insert(index, at: 0)
            current = chart[index].parent
        }
        return result
    }

    /// The initial children that start `owner` in `targets`: along the path to one target, or
    /// to the parallel state around several and from each of its regions on. `false` when the
    /// targets are no configuration (two in one region, one below another).
    private func path(to targets: [Int], below owner: Int?, into assignments: inout [(state: Int?, child: Int)]) -> Bool {
        func along(_ states: [Int], from owner: Int?) {
            var parent = owner
            for state in states {
                if parent.map({ chart[$0].kind == .state }) ?? true { assignments.append((parent, state)) }
                parent = state
            }
        }
        if targets.count == 1 {
            along(chain(to: targets[0], below: owner), from: owner)
            return true
        }
        // The innermost state around every target, which must be a parallel state they are below.
        var around = chain(to: targets[0], below: owner)
        for target in targets.dropFirst() {
            let other = chain(to: target, below: owner)
            around = Array(zip(around, other).prefix { $0 == $1 }.map(\.0))
        }
        guard let parallel = around.last, chart[parallel].kind == .parallel, !targets.contains(parallel) else { return false }
        along(around, from: owner)
        var byRegion: [Int: [Int]] = [:]
        for target in targets {
            byRegion[chain(to: target, below: parallel)[0], default: []].append(target)
        }
        for (region, inRegion) in byRegion.sorted(by: { $0.key < $1.key }) {
            if inRegion == [region] { continue }
            guard !inRegion.contains(region), path(to: inRegion, below: region, into: &assignments) else { return false }
        }
        return true
    }

    /// A state a transition, a history's default transition or an `initial` names (a history
    /// by its state), where it is named, and whose `initial` names it, if one does.
    struct Reference {
        var state: Int
        var range: SourceRange
        /// The state whose `initial` (or `<initial>`) this is: it enters the state only when
        /// that state is entered by default.
        var initialOf: Int?
    }

    /// The states a transition, a history's default transition or an `initial` names (a
    /// history by its state), with where it is named.
    private func defaultEntryReferences() -> [Reference] {
        var references: [Reference] = []
        func add(_ value: String, _ range: SourceRange, from initialOf: Int? = nil) {
            for id in value.split(whereSeparator: \.isWhitespace).map(String.init) {
                if let state = stateIndex[id] {
                    references.append(Reference(state: state, range: range, initialOf: initialOf))
                } else if let history = histories[id] {
                    references.append(Reference(state: history.owner, range: range, initialOf: initialOf))
                }
            }
        }
        for (index, state) in chart.enumerated() {
            for transition in state.transitions {
                if let target = transition.element.attribute("target") { add(target.value, target.range) }
            }
            if let initial = state.initialAttribute { add(initial.value, initial.range, from: index) }
            if let element = state.initialElement {
                for transition in executableContent(of: element) {
                    if let target = transition.attribute("target") { add(target.value, target.range, from: index) }
                }
            }
            if let history = state.history {
                for transition in executableContent(of: history.element) {
                    if let target = transition.attribute("target") { add(target.value, target.range) }
                }
            }
        }
        if let initial = root.attribute("initial") { add(initial.value, initial.range) }
        return references
    }

    /// Why the initial children `assignments` give would change how a state is entered another
    /// way, or `nil` when they change nothing else.
    private func conflict(
        _ assignments: [(state: Int?, child: Int)], owner: Int?, references: [Reference], ignoring range: SourceRange
    ) -> String? {
        let others = references.filter { $0.range != range }
        for assignment in assignments {
            guard let state = assignment.state, state != owner else { continue }
            let own = ownInitialChild(of: state)
            guard own != assignment.child else { continue }
            // `state` would start elsewhere than its own initial child: it and the states around
            // it on the path must be entered by default only on this path.
            let path = chain(to: state, below: owner)
            // An `initial` of a state inside the owner enters only states inside that state when
            // it is entered by default: on this path (the references to the path's states say
            // when else), or inside a parallel state that is entered already. One of a state
            // around the owner enters the states it names by default.
            let others = others.filter { reference in
                guard let initialOf = reference.initialOf, let owner else { return reference.initialOf == nil }
                return initialOf != owner && !isBelow(initialOf, owner)
            }
            if let named = others.first(where: { path.contains($0.state) }) {
                return "'\(chart[named.state].id)' is also entered by name (line \(named.range.start.line))"
            }
            if let restoring = ([owner].compactMap { $0 } + path.dropLast()).first(where: { chart[$0].history?.kind == .shallow }) {
                return "the shallow history of '\(chart[restoring].id)' enters its children by default"
            }
            for parallel in path.dropLast() where chart[parallel].kind == .parallel {
                let region = chain(to: state, below: parallel)[0]
                if let other = others.first(where: { isBelow($0.state, parallel) && $0.state != region && !isBelow($0.state, region) }) {
                    return "'\(chart[other.state].id)' (line \(other.range.start.line)) enters the parallel state '\(chart[parallel].id)' and so '\(chart[region].id)' by default"
                }
            }
            if let explicit = pathInitialChildren[state], explicit != assignment.child {
                return "another initial state also starts '\(chart[state].id)'"
            }
        }
        return nil
    }

    /// A compound state's initial child by its own `initial` or `<initial>` (a child, or the
    /// child toward the descendants it names), else its first child.
    private func ownInitialChild(of state: Int) -> Int? {
        let value = chart[state].initialAttribute?.value
            ?? chart[state].initialElement.flatMap { executableContent(of: $0).first?.attribute("target")?.value }
        if let first = value?.split(whereSeparator: \.isWhitespace).first, let named = stateIndex[String(first)], isBelow(named, state) {
            return chain(to: named, below: state).first
        }
        return chart[state].children.first
    }
}
