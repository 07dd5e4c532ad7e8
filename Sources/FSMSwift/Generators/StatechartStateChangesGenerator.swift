import FSMCore

/// How a nested machine enters and leaves states: `exitState(_:)`, `enterState(_:)`, exiting
/// what is active inside a state (remembering histories), restoring histories, entering along
/// an entry plan.
final class StatechartStateChangesGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let bodies: TransitionBodyWriter
    /// `finalsEntered[i]` by the final states a parallel state's completion reads
    /// (``DispatchDecisions/finalsOfCompletingRegions``).
    private lazy var finalEnteredFlags: [StateID: String] = Dictionary(
        uniqueKeysWithValues: decisions.finalsOfCompletingRegions.enumerated().map { ($0.element, "finalsEntered[\($0.offset)]") })

    init(plan: SwiftPlan, spelling: SwiftSpelling, bodies: TransitionBodyWriter) {
        self.plan = plan
        self.spelling = spelling
        self.bodies = bodies
    }
}

extension StatechartStateChangesGenerator {
    /// The condition that `state` is in a final state (SCXML's `isInFinalState`): a final
    /// child of a compound state active, every region of a parallel state in a final state.
    /// `nil` when it never is. A final state counts once its entry ran in the step that enters
    /// it (``DispatchDecisions/finalsOfCompletingRegions``).
    private func finalCondition(of state: StateID) -> String? {
        if model[state].isParallel {
            let regions = model[state].children.map(finalCondition)
            guard regions.allSatisfy({ $0 != nil }) else { return nil }
            return regions.map { $0! }.joined(separator: " && ")
        }
        let finals = model[state].children.filter { model[$0].isFinal }.map { finalEnteredFlags[$0] ?? "isIn(.\(model[$0].name))" }
        return finals.isEmpty ? nil : "(" + finals.joined(separator: " || ") + ")"
    }

    func emitHierarchicalStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.line(parts.invocations != nil
            ? "/// Runs `state`'s exit actions, stops its timers, cancels its invocations and tells the observers."
            : "/// Runs `state`'s exit actions, stops its timers and tells the observers.")
        writer.block("private func exitState(_ state: StateID)") { writer in
            let exiting = model.states.filter {
                !$0.exitActions.isEmpty || spelling.timerSlot(of: $0.id) != nil || finalEnteredFlags[$0.id] != nil || !$0.invocations.isEmpty
            }
            emitStateSwitch(exiting, into: &writer) { state, writer in
                if let flag = finalEnteredFlags[state.id] { writer.line("\(flag) = false") }
                if let slot = spelling.timerSlot(of: state.id) { writer.line("timers.cancel(slot: \(slot))") }
                if !state.invocations.isEmpty, !state.exitActions.isEmpty {
                    // Its exit actions run before its invocations are cancelled.
                    writer.block("defer") { writer in
                        for invocation in state.invocations { emitCancel(invocation, into: &writer) }
                    }
                } else {
                    for invocation in state.invocations { emitCancel(invocation, into: &writer) }
                }
                spelling.emitDataBinding(of: state.id, for: spelling.dataNeeded(by: state.exitActions), into: &writer)
                spelling.emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exits, .exited(state))")
        }
        writer.line()
        writer.line("/// Runs `state`'s entry actions, starts its timers, tells the observers, and queues the")
        writer.line("/// completion of the state a final state completes. `state` is active already.")
        writer.block("private func enterState(_ state: StateID)") { writer in
            // Completions nothing waits for (no `done` transition) are not queued: they would
            // take nothing.
            let completes = { (state: StateID) in !self.machine.transitions(of: .state(state), for: .done(state)).isEmpty }
            func completions(afterEntering state: StateID) -> (parent: StateID?, parallel: StateID?) {
                guard let parent = machine.completedParent(ofFinal: state) else { return (nil, nil) }
                var parallel: StateID?
                if let grandparent = model[parent].parent, model[grandparent].isParallel, completes(grandparent),
                    finalCondition(of: grandparent) != nil {
                    parallel = grandparent
                }
                return (completes(parent) ? parent : nil, parallel)
            }
            let entering = model.states.filter { state in
                let (parent, parallel) = completions(afterEntering: state.id)
                return !state.entryActions.isEmpty || spelling.timerSlot(of: state.id) != nil || parent != nil || parallel != nil
                    || finalEnteredFlags[state.id] != nil || !state.invocations.isEmpty
            }
            emitStateSwitch(entering, into: &writer) { state, writer in
                if let flag = finalEnteredFlags[state.id] { writer.line("\(flag) = true") }
                // Started when the step ends, if the state is still active then.
                for invocation in state.invocations { writer.line("invocations.schedule(slot: \(invocation.index))") }
                spelling.emitDataBinding(of: state.id, for: spelling.dataNeeded(by: state.entryActions), into: &writer)
                spelling.emitActions(state.entryActions, payloadOf: nil, into: &writer)
                if spelling.timerSlot(of: state.id) != nil {
                    writer.line("startTimers(of: .\(state.name))")
                }
                let (parent, parallel) = completions(afterEntering: state.id)
                if let parent {
                    writer.line("raisedEvents.append(.completed(.\(model[parent].name)))")
                }
                // A region's completion may complete its parallel state: every region final.
                if let parallel, let regionsFinal = finalCondition(of: parallel) {
                    writer.block("if \(regionsFinal)") { writer in
                        writer.line("raisedEvents.append(.completed(.\(model[parallel].name)))")
                    }
                }
            }
            writer.line("notify(.entries, .entered(state))")
        }
        writer.line()
        emitHistoryDefaults(into: &writer)
        emitExitStates(into: &writer)
        writer.line("/// Tells the observers about the transition that left `source`; returns `true`, which")
        writer.line("/// `handle(_:)` returns.")
        writer.line("@discardableResult @inline(__always)")
        if parts.invocations != nil {
            writer.block("private func transitioned(from source: State, on event: Event?, result: InvocationTrigger<Invocation>? = nil) -> Bool") { writer in
                writer.line("notify(.transitions, .transitioned(Transition(source: source, event: event, result: result, target: state)))")
                writer.line("return true")
            }
        } else {
            writer.block("private func transitioned(from source: State, on event: Event?) -> Bool") { writer in
                writer.line("notify(.transitions, .transitioned(Transition(source: source, event: event, target: state)))")
                writer.line("return true")
            }
        }
        writer.line()
        for owner in historyOwners { emitHistoryRestore(of: owner, into: &writer) }
        emitEnterStates(into: &writer)
    }

    /// Cancels `invocation` if it runs, and tells the observers.
    private func emitCancel(_ invocation: InvocationID, into writer: inout CodeWriter) {
        writer.block("if invocations.cancel(slot: \(invocation.index))") { writer in
            writer.line("notify(.invocationCancellations, .cancelled(.\(SwiftNames.variable(model[invocation].name))))")
        }
    }

    /// `takeHistoryDefault(of:)`, when a history's default has actions: they run right after
    /// the state's entry actions, with the data its entry actions receive.
    private func emitHistoryDefaults(into writer: inout CodeWriter) {
        let defaulting = model.states.filter { !($0.historyDefault?.actions.isEmpty ?? true) }
        guard !defaulting.isEmpty else { return }
        writer.line("/// Runs the actions of `state`'s history default: `-> state.history` entered `state` before it")
        writer.line("/// was ever left. `state` is active, its entry actions done.")
        writer.block("private func takeHistoryDefault(of state: StateID)") { writer in
            emitStateSwitch(defaulting, into: &writer) { state, writer in
                let actions = state.historyDefault!.actions
                spelling.emitDataBinding(of: state.id, for: spelling.dataNeeded(by: actions), into: &writer)
                spelling.emitActions(actions, payloadOf: nil, into: &writer)
            }
        }
        writer.line()
    }

    /// `exitActiveStates()` and `exitStates(insideX:)` for every compound state X: exit what
    /// is active (inside X), innermost first, remembering the histories of the states exited.
    private func emitExitStates(into writer: inout CodeWriter) {
        // Every machine has it: `stop()` exits every active state, as some transitions do.
        writer.line("/// Exits every active state, innermost first\(parts.history != nil ? ", remembering the histories of those that keep one" : "").")
        writer.block("private func exitActiveStates()") { writer in
            emitExitSwitch(over: "state", among: model.topLevelStates, into: &writer)
        }
        writer.line()
        for state in model.states where state.isCompound {
            writer.line("/// Exits the active states inside `\(state.name)`, innermost first\(parts.history != nil ? ", remembering the" : ".")")
            if parts.history != nil { writer.line("/// histories of those that keep one.") }
            writer.block("private func exitStates(inside\(SwiftNames.stateTypeName(state.name)) configuration: State.\(SwiftNames.stateTypeName(state.name)))") { writer in
                guard state.isParallel else {
                    emitExitSwitch(over: "configuration", among: state.children, into: &writer)
                    return
                }
                // Regions in reverse document order, each one's states before itself.
                for region in state.children.reversed() {
                    let name = model[region].name
                    let value = "configuration.\(SwiftNames.variable(name))"
                    // An atomic region has nothing inside it (nor a history).
                    guard !model[region].isAtomic else {
                        writer.line("exitState(.\(name))")
                        continue
                    }
                    writer.line("exitStates(inside\(SwiftNames.stateTypeName(name)): \(value))")
                    if model[region].history != nil { writer.line("history.\(name) = \(value)") }
                    writer.line("exitState(.\(name))")
                }
            }
            writer.line()
        }
    }

    /// `switch subject { … }` over `siblings`, exiting the one active and what is active inside
    /// it. Its history is the configuration inside it, data and all, so nothing else is bound.
    private func emitExitSwitch(over subject: String, among siblings: [StateID], into writer: inout CodeWriter) {
        writer.line("switch \(subject) {")
        for id in siblings {
            let state = model[id]
            guard state.isCompound else {
                writer.line("case \(spelling.configurationPattern([id])): exitState(.\(state.name))")
                continue
            }
            writer.line("case \(spelling.configurationPattern([id], child: "inside")):")
            writer.indented { writer in
                writer.line("exitStates(inside\(SwiftNames.stateTypeName(state.name)): inside)")
                if state.history != nil { writer.line("history.\(state.name) = inside") }
                writer.line("exitState(.\(state.name))")
            }
        }
        writer.line("}")
    }

    /// `restoredX(_:)` for a state with history: what `-> X.history` enters inside X.
    private func emitHistoryRestore(of owner: StateID, into writer: inout CodeWriter) {
        let state = model[owner]
        let type = SwiftNames.stateTypeName(state.name)
        let initial = spelling.defaultInside(of: owner)
        // Before the state was ever left: its history's default, or its initial states.
        let neverLeft = state.historyDefault == nil ? initial : spelling.historyDefaultInside(of: owner)
        let what = switch (state.history, state.isParallel) {
        case (.deep?, _): "the configuration remembered"
        case (_, true): "every region from its initial state (a shallow history of a parallel state remembers its regions)"
        default: "the child remembered, from its initial state"
        }
        writer.line("/// What `-> \(state.name).history` enters inside `\(state.name)`: \(what),")
        if let historyDefault = state.historyDefault {
            let targets = historyDefault.targets.map { model[$0].name }.joined(separator: ", ")
            writer.line("/// or the history's default (`\(targets)`) before `\(state.name)` was ever left. States keep the data they had.")
        } else {
            writer.line("/// or `\(state.name)`'s initial states before it was ever left. States keep the data they had.")
        }
        writer.block("\(nonisolatedForPureFunctions)\(access)static func restored\(type)(_ remembered: State.\(type)?) -> State.\(type)") { writer in
            if state.history == .deep {
                writer.line("remembered ?? \(neverLeft)")
                return
            }
            if state.isParallel {
                writer.line(state.historyDefault == nil ? initial : "remembered == nil ? \(neverLeft) : \(initial)")
                return
            }
            writer.line("switch remembered {")
            writer.line("case nil: \(neverLeft)")
            for child in state.children {
                let labels = Set(model[child].data.map { $0.label! })
                writer.line("case \(spelling.configurationPattern([child], binding: labels))?: \(spelling.defaultValue(of: child, data: spelling.boundData))")
            }
            writer.line("}")
        }
        writer.line()
    }

    /// `enterStates(insideX:)` for every state a history restores inside and every compound or
    /// parallel state inside those: enters what a configuration holds inside X, in document
    /// order.
    private func emitEnterStates(into writer: inout CodeWriter) {
        var entered = Set<StateID>()
        for owner in historyOwners {
            entered.insert(owner)
            entered.formUnion(model.descendants(of: owner).filter { model[$0].isCompound })
        }
        for id in entered.sorted() {
            let state = model[id]
            let type = SwiftNames.stateTypeName(state.name)
            writer.line("/// Enters the states of `configuration` inside `\(state.name)`, outermost first.")
            writer.block("private func enterStates(inside\(type) configuration: State.\(type))") { writer in
                if state.isParallel {
                    for region in state.children {
                        let name = model[region].name
                        writer.line("enterState(.\(name))")
                        if model[region].isAtomic { continue }
                        writer.line("enterStates(inside\(SwiftNames.stateTypeName(name)): configuration.\(SwiftNames.variable(name)))")
                    }
                    return
                }
                writer.line("switch configuration {")
                for child in state.children {
                    let name = model[child].name
                    if model[child].isAtomic {
                        writer.line("case \(spelling.configurationPattern([child])): enterState(.\(name))")
                        continue
                    }
                    writer.line("case \(spelling.configurationPattern([child], child: "inside")):")
                    writer.indented { writer in
                        writer.line("enterState(.\(name))")
                        writer.line("enterStates(inside\(SwiftNames.stateTypeName(name)): inside)")
                    }
                }
                writer.line("}")
            }
            writer.line()
        }
    }

}
