/// Every place a guard, an action or a value function is called, walked in document order with
/// what a call there may pass (language version 4's calls with arguments): the passes that
/// read every use of a name before they change any share this walk.
protocol CallVisitor {
    /// A call of `name` where `fields` (labeled payload, then data, one per label) may be passed;
    /// the arguments to call it with instead, or nil to leave it as written.
    mutating func visit(_ name: String, offering fields: [SpecParameter]) -> [SpecArgument]?
    /// A call of `name` written with arguments already (a guard's or action's without the
    /// payload where there are data), left as written.
    mutating func visitWritten(_ name: String)
}

extension SpecBuild {
    /// Walks every guard, action and value function called bare (never those of `after name`,
    /// whose delay cannot take arguments), rewriting those the visitor gives arguments, and
    /// tells it of the calls written with arguments already.
    mutating func visitCalls<Visitor: CallVisitor>(_ visitor: inout Visitor) {
        for state in nodes.indices {
            let blockContext = context(of: state, trigger: nil)
            // Rewritten in a copy: the walk reads the tree (contexts, names) as it goes.
            var node = nodes[state]
            node.entries = node.entries.map { visit($0, blockContext, &visitor) }
            node.exits = node.exits.map { visit($0, blockContext, &visitor) }
            if let actions = node.historyDefault?.actions {
                node.historyDefault?.actions = visit(actions, blockContext, &visitor)
            }
            node.transitions = node.transitions.map { visit($0, context(of: state, trigger: $0.trigger), &visitor) }
            nodes[state] = node
        }
        machineTransitions = machineTransitions.map { visit($0, context(of: nil, trigger: $0.trigger), &visitor) }
    }

    /// The names of value functions that compute an `after` delay.
    var delayFunctions: Set<String> {
        var result: Set<String> = []
        for transition in nodes.flatMap(\.transitions) {
            if case .after(let delay) = transition.trigger, names.isValueFunction(delay) { result.insert(delay) }
        }
        return result
    }

    private func visit<Visitor: CallVisitor>(_ transition: SpecTransition, _ context: Context, _ visitor: inout Visitor) -> SpecTransition {
        var transition = transition
        let fields = offeredFields(context)
        transition.guardCondition = transition.guardCondition.map { visit($0, fields, &visitor) }
        if case .state(let name, let arguments)? = transition.target {
            transition.target = .state(name, arguments: arguments.map { visit($0, fields, &visitor) })
        }
        transition.actions = visit(transition.actions, context, &visitor)
        return transition
    }

    private func visit<Visitor: CallVisitor>(_ actions: [SpecAction], _ context: Context, _ visitor: inout Visitor) -> [SpecAction] {
        let fields = offeredFields(context)
        return actions.map { action in
            switch action {
            case .call(let name, _):
                return visitor.visit(name, offering: fields).map { .callWithArguments(name, $0) } ?? action
            case .callWithArguments(let name, _):
                visitor.visitWritten(name)
                return action
            case .emit(let name, let arguments):
                return .emit(name, arguments.map { visit($0, fields, &visitor) })
            case .raise(let name, let arguments):
                return .raise(name, arguments.map { visit($0, fields, &visitor) })
            case .update(let arguments):
                return .update(arguments.map { visit($0, fields, &visitor) })
            }
        }
    }

    private func visit<Visitor: CallVisitor>(_ condition: SpecGuard, _ fields: [SpecParameter], _ visitor: inout Visitor) -> SpecGuard {
        switch condition {
        case .name(let name, _):
            return visitor.visit(name, offering: fields).map { .callWithArguments(name, $0) } ?? condition
        case .not(let operand):
            return .not(visit(operand, fields, &visitor))
        case .and(let left, let right):
            let left = visit(left, fields, &visitor)
            return .and(left, visit(right, fields, &visitor))
        case .or(let left, let right):
            let left = visit(left, fields, &visitor)
            return .or(left, visit(right, fields, &visitor))
        case .callWithArguments(let name, _):
            visitor.visitWritten(name)
            return condition
        case .inState, .otherwise, .constant:
            return condition
        }
    }

    /// An argument that calls a value function bare (a name that is no label offered here).
    private func visit<Visitor: CallVisitor>(_ argument: SpecArgument, _ fields: [SpecParameter], _ visitor: inout Visitor) -> SpecArgument {
        guard argument.functionArguments == nil, names.isValueFunction(argument.value),
              !fields.contains(where: { $0.label == argument.value })
        else { return argument }
        var argument = argument
        argument.functionArguments = visitor.visit(argument.value, offering: fields)
        return argument
    }

    /// What a call with arguments may pass where `context` holds: the labeled payload, then the
    /// data, the first of each label (fsmc looks a name up in that order).
    func offeredFields(_ context: Context) -> [SpecParameter] {
        var seen: Set<String> = []
        return ((context.payload ?? []) + context.data).filter { field in field.label.map { seen.insert($0).inserted } ?? false }
    }
}
