import FSMCore

/// What dispatch code is for: the running machine, which takes transitions and runs their
/// actions, or the pure transition function, which asks the guards it is given and returns the
/// configuration a transition leads to. Each consequence of the difference for a line both
/// write is stated here once, and the writers ask the mode for it. Where the two write
/// different code altogether (the running machine's exits, actions and entries, against the
/// pure function's `return`), a taking step switches on the mode once, at its top, to a
/// function of each (``TransitionBodyWriter/emitTaking(_:from:event:mode:into:actions:)``).
enum DispatchMode {
    /// The running machine: takes the transitions, ending as `ending` says.
    case live(BodyEnding)
    /// The pure transition function (`nextState(from:on:…)`): returns the configuration they
    /// lead to.
    case pure

    /// Whether the code runs the transitions' actions.
    var runsActions: Bool {
        if case .live = self { true } else { false }
    }

    /// What guards and value functions are called on: the machine's `actions`, or the
    /// `guards` the pure function is given.
    var receiver: String { runsActions ? "actions" : "guards" }

    /// A guard as a condition, `nil` when it always holds. The pure function reads the
    /// configuration from its `state` parameter.
    func condition(_ guardModel: GuardModel, event: EventID?, spelling: SwiftSpelling) -> String? {
        switch self {
        case .live: spelling.liveCondition(guardModel, event)
        case .pure: spelling.guardCode(guardModel, event: event, receiver: "guards", configuration: "state")
        }
    }

    /// The payload variables a `case` over `transitions`' event binds: what their guards,
    /// targets, updates (whose new values the pure function returns too) and, when they run,
    /// actions read.
    func usedPayload(of transitions: [TransitionID], in machine: ExecutableMachine, spelling: SwiftSpelling) -> Set<String> {
        var declarations = transitions.map { machine[$0].declaration }
        if !runsActions {
            for index in declarations.indices {
                // Assigned, not filtered in place: that would copy each list the machine shares.
                declarations[index].actions = declarations[index].changesData ? declarations[index].actions.filter { !$0.dataUpdates.isEmpty } : []
            }
        }
        return spelling.usedPayload(of: declarations)
    }

    /// Whether taking some of `transitions` does something of its own: one moves or updates
    /// data, or runs actions here. Others just consume the trigger, and code need not ask
    /// which was taken.
    func takesSomething(of transitions: [TransitionID], in machine: ExecutableMachine) -> Bool {
        transitions.contains { id in
            let declaration = machine[id].declaration
            return machine[id].entry != nil || runsActions && !declaration.actions.isEmpty || declaration.changesData
        }
    }

    /// The statement that ends code whose transitions did not change the configuration: the
    /// running machine's ending, or the pure function's `state` as it was.
    var unmovedEnd: String {
        switch self {
        case .live(let ending): ending.statement
        case .pure: "return state"
        }
    }
}

extension BodyEnding {
    /// The statement that ends code which took the trigger.
    var statement: String { self == .returnTrue ? "return true" : "continue" }

    /// The end of code that changed the configuration: observers are told what changed since
    /// `stateBefore`, then this ending.
    func writeTransitioned(on event: String, into writer: inout CodeWriter) {
        switch self {
        case .returnTrue: writer.line("return transitioned(from: stateBefore, on: \(event))")
        case .continueLoop:
            writer.line("transitioned(from: stateBefore, on: \(event))")
            writer.line("continue")
        }
    }
}
