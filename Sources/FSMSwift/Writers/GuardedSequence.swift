import FSMCore

/// "The first transition whose guard holds, up to the first unguarded one": the candidates a
/// trigger tries in priority order, each with its condition as Swift, cut after the first that
/// holds whenever it is reached (no guard, or `[else]`). Every place the generated code picks
/// a transition writes it with one of this type's three shapes, so the rule lives here once.
///
/// A candidate is named by its position in the list the sequence was made from (of the
/// executable machine's ``TransitionID``s, or of a flat machine's ``TransitionModel``s): the type
/// is not generic, since unspecialized generic code looks its metadata up at run time, which
/// showed in the emitter's time for every group of transitions.
struct GuardedSequence {
    /// One candidate and the condition that takes it, `nil` when it is taken whenever reached.
    struct Branch {
        /// The candidate's position in the list given.
        let position: Int
        let condition: String?
    }

    // The branches, the first kept apart: most triggers have one candidate, and a sequence of
    // one then allocates nothing (an array would, for every group of transitions of a file).
    private let first: Branch?
    private let rest: [Branch]

    /// The candidates the code tries, in order; only the last may have no condition.
    var branches: [Branch] { first.map { [$0] + rest } ?? [] }

    /// `count` candidates in priority order, `guardAt` giving each one's guard and `condition` a
    /// guard's Swift (`nil` for one that always holds, `[else]`).
    init(count: Int, guardAt: (Int) -> GuardModel?, condition: (GuardModel) -> String?) {
        guard count > 0 else {
            (first, rest) = (nil, [])
            return
        }
        first = Branch(position: 0, condition: guardAt(0).flatMap(condition))
        var rest: [Branch] = []
        if first?.condition != nil {
            for position in 1..<count {
                let code = guardAt(position).flatMap(condition)
                rest.append(Branch(position: position, condition: code))
                if code == nil { break }
            }
        }
        self.rest = rest
    }

    /// Calls `body` with each branch, in order.
    private func forEachBranch(_ body: (Branch) -> Void) {
        guard let first else { return }
        body(first)
        for branch in rest { body(branch) }
    }

    /// The executable machine's transitions `candidates`, in priority order.
    init(_ candidates: [TransitionID], in machine: ExecutableMachine, condition: (GuardModel) -> String?) {
        self.init(count: candidates.count, guardAt: { machine[candidates[$0]].declaration.guardExpression }, condition: condition)
    }

    /// Of `candidates` (those the sequence was made from), the transitions whose guards the
    /// code asks: what it reads of the state data is what their guards read.
    func guarded(_ candidates: [TransitionID]) -> [TransitionID] {
        branches.filter { $0.condition != nil }.map { candidates[$0.position] }
    }

    /// A flat machine's transitions `candidates`, in priority order.
    init(_ candidates: [TransitionModel], condition: (GuardModel) -> String?) {
        self.init(count: candidates.count, guardAt: { candidates[$0].guardExpression }, condition: condition)
    }

    /// Whether some candidate is always taken when the code reaches it: control never passes
    /// the sequence.
    var isExhaustive: Bool { (rest.last ?? first).map { $0.condition == nil } ?? false }

    /// The position of the candidate taken as soon as the sequence is reached, its first being
    /// unguarded.
    var takenAtOnce: Int? {
        first.flatMap { $0.condition == nil ? $0.position : nil }
    }

    /// What a written sequence did: ``GuardedSequenceResult``.
    private var result: GuardedSequenceResult { GuardedSequenceResult(leaves: isExhaustive) }

    /// `if condition {` body `}` for each guarded candidate, then the body of the unguarded one
    /// alone. The bodies end in a statement that leaves when control must not fall through.
    @discardableResult
    func writeBlocks(into writer: inout CodeWriter, body: (Branch, inout CodeWriter) -> Void) -> GuardedSequenceResult {
        forEachBranch { branch in
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
    func writeLines(into writer: inout CodeWriter, statement: (_ position: Int) -> String) -> GuardedSequenceResult {
        forEachBranch { branch in
            if let condition = branch.condition {
                writer.line("if \(condition) { \(statement(branch.position)) }")
            } else {
                writer.line(statement(branch.position))
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
            body(Branch(position: first, condition: nil), &writer)
            return result
        }
        forEachBranch { branch in
            if let condition = branch.condition {
                writer.line("\(branch.position == 0 ? "" : "} else ")if \(condition) {")
            } else {
                writer.line("} else {")
            }
            writer.indented { writer in body(branch, &writer) }
        }
        if !isExhaustive, let otherwise {
            if first == nil {
                otherwise(&writer)
                return result
            }
            writer.line("} else {")
            writer.indented(otherwise)
        }
        if first != nil { writer.line("}") }
        return result
    }
}

/// What writing a ``GuardedSequence`` did, for the code around it.
struct GuardedSequenceResult {
    /// Whether every path through the written code leaves it (a candidate is always taken).
    let leaves: Bool
}
