import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The differential profile keeps the shape of the known Qt deviation (preemption by a later,
/// deeper region; docs/SCXML.md) rare, so that Qt judges nearly every chart of fsm-differential,
/// and keeps what surrounds the shape: parallel states, triggers their regions share, conflicts
/// (a shared trigger where one region's transition leaves its region), nested parallel states.
@Suite("The differential profile keeps the Qt deviation's shape rare")
struct QtDeviationShapeTests {
    /// What the charts of one generator hold, counted per chart.
    struct Figures {
        var charts = 0
        var deviating = 0
        /// Charts with the shape of Qt's order of actions (transition actions by depth) or
        /// with a transition into a history from inside its state that SCXML reads otherwise.
        var actionsByDepth = 0
        var historyFromInside = 0
        var parallel = 0
        var sharedTriggers = 0
        var conflicts = 0
        var nestedParallel = 0
    }

    static func figures(percent: Int, size: SpecSize, count: Int) throws -> Figures {
        var profile = SpecProfile.differential
        profile.qtDeviationShapePercent = percent
        var generator = SpecGenerator(seed: 0x0D_E71A, profile: profile, size: size)
        var figures = Figures()
        for index in 0..<count {
            let spec = generator.makeSpec(machineName: "Q\(index)")
            let model = try #require(Compiler.compile(SourceText(spec.text)).model)
            let shapes = ChartShapes(model: model)
            figures.charts += 1
            if shapes.hasPreemptionByALaterRegion { figures.deviating += 1 }
            if shapes.hasActionsByDepth { figures.actionsByDepth += 1 }
            if shapes.hasHistoryFromInside { figures.historyFromInside += 1 }
            if model.states.contains(where: \.isParallel) { figures.parallel += 1 }
            if shapes.sharesATriggerAcrossRegions(conflicting: false) { figures.sharedTriggers += 1 }
            if shapes.sharesATriggerAcrossRegions(conflicting: true) { figures.conflicts += 1 }
            if shapes.hasNestedParallelState { figures.nestedParallel += 1 }
        }
        return figures
    }

    @Test(arguments: ["small", "medium", "large"])
    func underOneChartInTenAndTheConstructsAroundItStay(_ sizeName: String) async throws {
        let size: SpecSize = ["small": .small, "medium": .medium, "large": .large][sizeName]!
        try await onOwnThread {
            let now = try Self.figures(percent: SpecProfile.differential.qtDeviationShapePercent, size: size, count: 150)
            let unrestricted = try Self.figures(percent: 100, size: size, count: 150)
            #expect(now.deviating * 10 < now.charts, "\(sizeName): \(now.deviating) of \(now.charts) charts have the Qt deviation's shape")
            #expect((now.actionsByDepth + now.historyFromInside) * 10 < now.charts, "\(sizeName): \(now)")
            // The rules matter: without them, the shapes are there.
            if size == .large { #expect(unrestricted.actionsByDepth > 0 && unrestricted.historyFromInside > 0, "\(unrestricted)") }
            // The same trees (the rule changes transitions only), and most of the sharing.
            #expect(now.parallel == unrestricted.parallel && now.nestedParallel == unrestricted.nestedParallel)
            #expect(now.sharedTriggers * 10 >= unrestricted.sharedTriggers * 7, "\(sizeName): \(now) against \(unrestricted)")
            #expect(now.conflicts * 10 >= unrestricted.conflicts * 5, "\(sizeName): \(now) against \(unrestricted)")
        }
    }

    @Test func withoutExceptionsNoChartHasTheShape() throws {
        for size in [SpecSize.small, .medium, .large] {
            let figures = try Self.figures(percent: 0, size: size, count: 100)
            #expect(figures.deviating == 0 && figures.actionsByDepth == 0 && figures.historyFromInside == 0, "\(figures)")
        }
    }
}

/// Shapes of a chart around its parallel states, read from the checked model. The Qt
/// deviation's rule is fsm-differential's (`QtDeviations.preemptionByALaterRegion`), written
/// again here, since a test cannot import an executable, with "leaves its region" read from
/// the transition's domain.
struct ChartShapes {
    let model: MachineModel

    private typealias Region = (region: StateID, states: Set<StateID>)

    private func regions(of parallel: StateModel) -> [Region] {
        parallel.children.map { ($0, Set([$0] + model.descendants(of: $0))) }
    }

    /// Whether the transition's domain lies outside the region (fsm-differential's rule looks
    /// at the target only, which misses a transition that leaves a region of a parallel state
    /// nested in the region: its domain lies around both parallel states).
    private func leaves(_ transition: TransitionModel, _ region: Region) -> Bool {
        guard transition.target != nil else { return false }
        guard let domain = StateTree.domain(of: transition, in: model.states) else { return true }
        return !region.states.contains(domain)
    }

    private func shared(in region: Region) -> [TransitionModel] {
        model.states.filter { region.states.contains($0.id) }.flatMap(\.transitions).filter(\.trigger.isSharable)
    }

    private func depth(_ state: StateID?) -> Int { state.map { model.path(from: $0).count } ?? 0 }

    /// Pairs of transitions of two regions of one parallel state on one trigger, earlier first.
    private var pairs: [(first: TransitionModel, earlier: Region, second: TransitionModel, later: Region)] {
        var result: [(TransitionModel, Region, TransitionModel, Region)] = []
        for parallel in model.states where parallel.isParallel {
            let regions = regions(of: parallel)
            for (index, earlier) in regions.enumerated() {
                for first in shared(in: earlier) {
                    for later in regions[(index + 1)...] {
                        for second in shared(in: later) where second.trigger == first.trigger {
                            result.append((first, earlier, second, later))
                        }
                    }
                }
            }
        }
        return result
    }

    var hasPreemptionByALaterRegion: Bool {
        pairs.contains { pair in
            depth(pair.second.source) > depth(pair.first.source) && (leaves(pair.first, pair.earlier) || leaves(pair.second, pair.later))
        }
    }

    /// Whether two regions of a parallel state take one trigger; `conflicting`: and one of the
    /// two transitions leaves its region, so that only one is taken.
    func sharesATriggerAcrossRegions(conflicting: Bool) -> Bool {
        pairs.contains { pair in !conflicting || leaves(pair.first, pair.earlier) || leaves(pair.second, pair.later) }
    }

    var hasNestedParallelState: Bool {
        model.states.contains { state in state.isParallel && model.path(from: state.id).dropFirst().contains { model[$0].isParallel } }
    }

    /// fsm-differential's `QtDeviations.actionsByDepth`, written again: two transitions on one
    /// trigger, both with actions, that one step can take together without conflict, the later
    /// declared one's source inside the earlier one's or deeper (Qt runs its actions first).
    var hasActionsByDepth: Bool {
        func isStrictlyAround(_ ancestor: StateID?, _ state: StateID?) -> Bool {
            guard let state else { return false }
            guard let ancestor else { return true }
            return ancestor != state && model.isDescendant(state, of: ancestor)
        }
        func canSelectTogether(_ first: StateID?, _ second: StateID?) -> Bool {
            if first == second { return false }
            if isStrictlyAround(first, second) || isStrictlyAround(second, first) {
                let (outer, inner) = isStrictlyAround(first, second) ? (first, second!) : (second, first!)
                return model.path(from: inner).dropFirst().prefix { $0 != outer }.contains { model[$0].isParallel }
                    || outer.map { model[$0].isParallel } ?? false
            }
            let around = Set(model.path(from: first!))
            guard let common = model.path(from: second!).first(where: around.contains) else { return false }
            return model[common].isParallel
        }
        func conflict(_ first: TransitionModel, _ second: TransitionModel) -> Bool {
            guard first.target != nil, second.target != nil else { return false }
            guard let one = StateTree.domain(of: first, in: model.states), let other = StateTree.domain(of: second, in: model.states) else { return true }
            return model.isDescendant(one, of: other) || model.isDescendant(other, of: one)
        }
        let candidates = model.allTransitions.filter { !$0.actions.isEmpty && $0.trigger.isSharable }.sorted { $0.range.start < $1.range.start }
        for (index, first) in candidates.enumerated() {
            for later in candidates[(index + 1)...] where later.trigger == first.trigger
                && canSelectTogether(first.source, later.source) && !conflict(first, later) {
                if isStrictlyAround(first.source, later.source) { return true }
                if isStrictlyAround(later.source, first.source) { continue }
                let (deep, shallow) = (depth(later.source), depth(first.source))
                if deep > shallow || deep == shallow && (later.source?.index ?? -1) < (first.source?.index ?? -1) { return true }
            }
        }
        return false
    }

    /// fsm-differential's `QtDeviations.historyFromInside`, written again: `-> X.history` from
    /// a state inside `X` whose SCXML domain differs from fsmc's.
    var hasHistoryFromInside: Bool {
        model.allTransitions.contains { transition in
            guard transition.targetsHistory, let owner = transition.target, let source = transition.source,
                source != owner, model.isDescendant(source, of: owner) else { return false }
            if model[owner].isParallel { return true }
            guard let child = model.path(from: source).first(where: { model[$0].parent == owner }), child != source else { return false }
            if case .deep? = model[owner].history { return true }
            return model[owner].historyDefault?.targets.contains { model.isDescendant($0, of: child) } ?? false
        }
    }
}
