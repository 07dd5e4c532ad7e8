/// Transitions and entry/exit blocks written back as `.fsm` text, for diagram labels.
extension SpecText {
    /// `play`, `after 1s` or `always`: what starts a transition.
    public static func trigger(_ trigger: TransitionModel.Trigger, in model: MachineModel) -> String {
        switch trigger {
        case .event(let event): model[event].name
        case .always: "always"
        case .after(let delay): "after \(delay.text)"
        case .afterComputed(let function): "after \(function)"
        case .done: "done"
        case .invocation(let invocation, let result): result.trigger(of: model[invocation].name)
        }
    }

    /// `invoke fetchUser(user: User)`, `invoke stream changes(change: Change)`, `invoke SignIn as
    /// signIn`: an invocation as the spec declares it.
    public static func invocation(_ invocation: InvocationModel) -> String {
        let results = invocation.results.isEmpty ? "" : "(" + invocation.results.map(\.description).joined(separator: ", ") + ")"
        switch invocation.kind {
        case .call: return "invoke \(invocation.name)\(results)"
        case .stream: return "invoke stream \(invocation.name)\(results)"
        case .machine(let machine): return "invoke \(machine) as \(invocation.name)"
        }
    }

    /// `startPlayback, emit notice("Already playing.")`.
    public static func actionList(_ actions: [ActionModel], in model: MachineModel) -> String {
        actions.map { action($0, in: model) }.joined(separator: ", ")
    }

    /// A transition's label as the spec reads it, without its target:
    /// `play [canResume] / startPlayback`, `after 1s`, `always [else] / log`.
    public static func transitionLabel(_ transition: TransitionModel, in model: MachineModel) -> String {
        var label = trigger(transition.trigger, in: model)
        if let guardModel = transition.guardExpression {
            label += " [\(guardExpression(guardModel, in: model))]"
        }
        if !transition.actions.isEmpty {
            label += " / " + actionList(transition.actions, in: model)
        }
        return label
    }

    /// `playing`, `main.history` for a transition into a history, or `boldOn, italicOn` for
    /// several targets.
    public static func target(of transition: TransitionModel, in model: MachineModel) -> String? {
        guard let target = transition.target else { return nil }
        // Written for every row of every generated transition table: no array of the names.
        var text = model[target].name
        if transition.targetsHistory { text += ".history" }
        for other in transition.otherTargets {
            text += ", "
            text += model[other].name
        }
        return text
    }

    /// `detail(id: id)`: the target with the data the transition gives it, as the spec writes it.
    public static func targetWithData(of transition: TransitionModel, in model: MachineModel) -> String? {
        guard let target = target(of: transition, in: model) else { return nil }
        guard !transition.targetArguments.isEmpty else { return target }
        return target + arguments(transition.targetArguments)
    }

    /// `defer retry`: an event the state keeps while active.
    public static func deferral(_ deferral: DeferralModel, in model: MachineModel) -> String {
        "defer \(model[deferral.event].name)"
    }

    /// `entry / showPauseButton` or `exit / hidePauseButton, log`.
    public static func block(_ keyword: String, _ actions: [ActionModel], in model: MachineModel) -> String {
        "\(keyword) / " + actionList(actions, in: model)
    }
}
