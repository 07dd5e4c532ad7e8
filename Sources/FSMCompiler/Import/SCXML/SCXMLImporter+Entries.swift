import FSMCore
/// Which states a transition may enter, and whether a state can be entered again once it was:
/// what tells an SCXML delayed `<send>` that nothing cancels from an fsmc timer.
///
/// SCXML delivers a delayed event whatever is active when it falls due; an fsmc `after` timer
/// stops when its state is left. The two agree when nothing but the timer's state takes the
/// event (the import's timer rules see to that) and the state is never entered again while
/// the event is on its way, which the import cannot tell from time, so it asks for more: that
/// the state is entered at most once in any run. Everything here over-approximates (guards,
/// events and the order of steps are ignored, a history may restore anything inside its
/// state), so an answer of "once" holds for every run.
extension SCXMLImporter {
    /// A transition that may enter `state` again once it was entered, or `nil` when it is
    /// entered at most once in any run: no transition that can be taken while it is active or
    /// after it was (from any state active with it or entered after it, the machine-level ones
    /// included) may enter it.
    func reentry(of state: Int) -> XMLElement? {
        let transitions = chartTransitions()
        var active = activeWith(state).union(descendants(of: state))
        var changed = true
        while changed {
            changed = false
            for transition in transitions where transition.source == wrapper || active.contains(transition.source) {
                for entered in statesEntered(by: transition.element, from: transition.source) where !active.contains(entered) {
                    active.formUnion(activeWith(entered))
                    changed = true
                }
            }
        }
        return transitions.first { transition in
            (transition.source == wrapper || active.contains(transition.source))
                && statesEntered(by: transition.element, from: transition.source).contains(state)
        }?.element
    }

    /// The transitions of the chart that may enter `state`, and whether the machine's start may:
    /// what a delayed `<send>` in a transition needs to be the only way into its target.
    func entries(of state: Int) -> (transitions: [XMLElement], atStart: Bool) {
        let transitions = chartTransitions().filter { statesEntered(by: $0.element, from: $0.source).contains(state) }
        return (transitions.map(\.element), initiallyEntered().contains(state))
    }

    /// Every `<transition>` of a state (the wrapper's too), with its source.
    private func chartTransitions() -> [(element: XMLElement, source: Int)] {
        chart.indices.flatMap { index in chart[index].transitions.map { ($0.element, index) } }
    }

    /// The states a transition may enter: from its domain down to each target, each parallel
    /// state's regions on the way, and what a target enters by default (a history: anything
    /// inside its state).
    func statesEntered(by element: XMLElement, from source: Int) -> Set<Int> {
        let ids = element.attribute("target")?.value.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        var targets: [(state: Int, history: Bool)] = []
        for id in ids {
            if let history = histories[id] {
                targets.append((history.owner, true))
            } else if let index = stateIndex[id], index != wrapper {
                targets.append((index, false))
            }
        }
        guard !targets.isEmpty else { return [] }
        let domain = transitionDomain(element, from: source, to: targets)
        var entered: Set<Int> = []
        for target in targets {
            var current: Int? = target.state
            while let index = current, index != domain {
                entered.insert(index)
                if chart[index].kind == .parallel {
                    for region in chart[index].children { entered.formUnion(defaultEntry(region)) }
                }
                current = chart[index].parent
            }
            entered.formUnion(target.history ? descendants(of: target.state) : defaultEntry(target.state))
        }
        return entered
    }

    /// Whether the transition `element` of `source` (`state` or a state inside it) leaves
    /// `state`: it has targets, and its domain lies around `state`.
    func leaves(_ state: Int, by element: XMLElement, from source: Int) -> Bool {
        let targets: [(state: Int, history: Bool)] = (element.attribute("target")?.value.split(whereSeparator: \.isWhitespace) ?? []).compactMap { id in
            if let history = histories[String(id)] { return (history.owner, true) }
            return stateIndex[String(id)].flatMap { $0 == wrapper ? nil : ($0, false) }
        }
        guard !targets.isEmpty else { return false }
        guard let domain = transitionDomain(element, from: source, to: targets) else { return true }
        return isBelow(state, domain)
    }

    /// SCXML's transition domain (appendix D, `getTransitionDomain`): the source of an internal
    /// transition whose targets all lie inside it, else the innermost compound `<state>` that
    /// is a proper ancestor of the source and holds every target; `nil` for the document (and for
    /// the machine-level transitions of the export's wrapper, which lies around everything).
    func transitionDomain(_ element: XMLElement, from source: Int, to targets: [(state: Int, history: Bool)]) -> Int? {
        guard source != wrapper else { return nil }
        let isCompound = chart[source].kind == .state && !chart[source].children.isEmpty
        if element.attribute("type")?.value == "internal", isCompound,
           targets.allSatisfy({ $0.history ? $0.state == source || isBelow($0.state, source) : isBelow($0.state, source) }) {
            return source
        }
        var current = chart[source].parent
        while let index = current {
            if chart[index].kind == .state, targets.allSatisfy({ isBelow($0.state, index) }) { return index }
            current = chart[index].parent
        }
        return nil
    }

    /// `state` and the states entering it by default enters: every region of a parallel state,
    /// the initial child of a compound one (all its children when that is not plain to see).
    private func defaultEntry(_ state: Int) -> Set<Int> {
        var entered: Set<Int> = [state]
        let children = chart[state].kind == .parallel ? chart[state].children : defaultChildren(of: state)
        for child in children { entered.formUnion(defaultEntry(child)) }
        return entered
    }

    /// The child a compound state starts in, read without reporting anything (the states'
    /// reading reports what is wrong); every child when `initial` names something else.
    private func defaultChildren(of state: Int) -> [Int] {
        let children = chart[state].children
        if let child = pathInitialChildren[state] { return [child] }
        let named = chart[state].initialAttribute?.value
            ?? chart[state].initialElement.flatMap { executableContent(of: $0).first?.attribute("target")?.value }
        guard let named else { return Array(children.prefix(1)) }
        return children.first { chart[$0].id == named }.map { [$0] } ?? children
    }

    /// The states the machine starts in (every top-level state's default entry when the
    /// start is not plain to see).
    private func initiallyEntered() -> Set<Int> {
        var starts: [Int]
        if let initial = machinePathInitial {
            starts = [initial]
        } else if let named = root.attribute("initial")?.value {
            starts = topLevel.filter { chart[$0].id == named }
            if starts.isEmpty { starts = topLevel }
        } else {
            starts = Array(topLevel.prefix(1))
        }
        if let wrapper { starts = starts.flatMap { $0 == wrapper ? chart[wrapper].children : [$0] } }
        return starts.reduce(into: Set<Int>()) { $0.formUnion(defaultEntry($1)) }
    }

    /// `state`, its ancestors, and every state inside a parallel state around it: what may be
    /// active while it is.
    private func activeWith(_ state: Int) -> Set<Int> {
        var active: Set<Int> = [state]
        var current = chart[state].parent
        while let index = current {
            active.insert(index)
            if chart[index].kind == .parallel { active.formUnion(descendants(of: index)) }
            current = chart[index].parent
        }
        return active
    }

    /// Every state below `state`.
    private func descendants(of state: Int) -> Set<Int> {
        var result: Set<Int> = []
        var pending = chart[state].children
        while let next = pending.popLast() {
            result.insert(next)
            pending += chart[next].children
        }
        return result
    }
}
