import FSMCore

/// "The first transition whose guard holds, up to the first unguarded one": the candidates a
/// trigger tries in priority order, each with its condition as Swift, cut after the first that
/// holds whenever it is reached (no guard, or `[else]`). Every place the generated code picks
/// a transition writes it with one of this type's three shapes, so the rule lives here once.
///
/// Generic over what a candidate is: a ``TransitionID`` of the executable machine, or a flat
/// machine's ``TransitionModel``.
struct GuardedSequence<Candidate> {
    /// One candidate and the condition that takes it, `nil` when it is taken whenever reached.
    struct Branch {
        let candidate: Candidate
        let condition: String?
    }

    /// The candidates the code tries, in order; only the last may have no condition.
    let branches: [Branch]

    /// `candidates` in priority order, `guardOf` giving each one's guard and `condition` a
    /// guard's Swift (`nil` for one that always holds, `[else]`).
    init(_ candidates: [Candidate], guardOf: (Candidate) -> GuardModel?, condition: (GuardModel) -> String?) {
        var branches: [Branch] = []
        branches.reserveCapacity(candidates.count)
        for candidate in candidates {
            let code = guardOf(candidate).flatMap(condition)
            branches.append(Branch(candidate: candidate, condition: code))
            if code == nil { break }
        }
        self.branches = branches
    }

    /// Whether some candidate is always taken when the code reaches it: control never passes
    /// the sequence.
    var isExhaustive: Bool { branches.last.map { $0.condition == nil } ?? false }

    /// The candidate taken as soon as the sequence is reached, its first being unguarded.
    var takenAtOnce: Candidate? {
        branches.first.flatMap { $0.condition == nil ? $0.candidate : nil }
    }

    /// What a written sequence did: ``GuardedSequenceResult``.
    private var result: GuardedSequenceResult { GuardedSequenceResult(leaves: isExhaustive) }

    /// `if condition {` body `}` for each guarded candidate, then the body of the unguarded one
    /// alone. The bodies end in a statement that leaves when control must not fall through.
    @discardableResult
    func writeBlocks(into writer: inout CodeWriter, body: (Branch, inout CodeWriter) -> Void) -> GuardedSequenceResult {
        for branch in branches {
            if let condition = branch.condition {
                writer.block("if \(condition)") { writer in body(branch, &writer) }
            } else {
                body(branch, &writer)
            }
        }
        return result
    }

    /// `if condition { statement }` on one line for each guarded candidate, then the
    /// unguarded one's statement alone.
    @discardableResult
    func writeLines(into writer: inout CodeWriter, statement: (Candidate) -> String) -> GuardedSequenceResult {
        for branch in branches {
            if let condition = branch.condition {
                writer.line("if \(condition) { \(statement(branch.candidate)) }")
            } else {
                writer.line(statement(branch.candidate))
            }
        }
        return result
    }

    /// `if condition { … } else if condition { … } else { … }`; `otherwise`, when given, in a
    /// last `else` when no candidate is always taken. An unguarded first candidate's body is
    /// written alone.
    @discardableResult
    func writeChain(
        into writer: inout CodeWriter, body: (Branch, inout CodeWriter) -> Void, otherwise: ((inout CodeWriter) -> Void)? = nil
    ) -> GuardedSequenceResult {
        if let first = takenAtOnce {
            body(Branch(candidate: first, condition: nil), &writer)
            return result
        }
        for (position, branch) in branches.enumerated() {
            if let condition = branch.condition {
                writer.line("\(position == 0 ? "" : "} else ")if \(condition) {")
            } else {
                writer.line("} else {")
            }
            writer.indented { writer in body(branch, &writer) }
        }
        if !isExhaustive, let otherwise {
            if branches.isEmpty {
                otherwise(&writer)
                return result
            }
            writer.line("} else {")
            writer.indented(otherwise)
        }
        if !branches.isEmpty { writer.line("}") }
        return result
    }
}

extension GuardedSequence where Candidate == TransitionID {
    /// The executable machine's transitions `candidates`, in priority order.
    init(_ candidates: [TransitionID], in machine: ExecutableMachine, condition: (GuardModel) -> String?) {
        self.init(candidates, guardOf: { machine[$0].declaration.guardExpression }, condition: condition)
    }
}

extension GuardedSequence where Candidate == TransitionModel {
    /// A flat machine's transitions `candidates`, in priority order.
    init(_ candidates: [TransitionModel], condition: (GuardModel) -> String?) {
        self.init(candidates, guardOf: \.guardExpression, condition: condition)
    }
}

/// What writing a ``GuardedSequence`` did, for the code around it.
struct GuardedSequenceResult {
    /// Whether every path through the written code leaves it (a candidate is always taken).
    let leaves: Bool
}
