import FSMCore

/// The code that computes a region's choice, an `Int?` (the number of the transition chosen):
/// statements that return it, written into ``statements``; or, when nothing but one `return`
/// would be written, the value itself (``immediateValue``), which the generated code then
/// assigns without a closure. Tracked as it is written, so no one reads the text back.
struct ChoiceCode {
    /// The statements, each path ending in `return`.
    var statements = CodeWriter()
    /// The value the statements return at once, when they are nothing but `return value`.
    private(set) var immediateValue: String?

    /// Ends the statements with `sequence`: `if guard { return 12 }` for each transition, up to
    /// the first unguarded one, then `return nil` when none is always taken.
    mutating func returnFirst(of sequence: GuardedSequence<TransitionID>) {
        let isFirstStatement = statements.isEmpty
        let written = sequence.writeLines(into: &statements) { "return \($0.index)" }
        if !written.leaves { statements.line("return nil") }
        guard isFirstStatement else { return }
        if let taken = sequence.takenAtOnce {
            immediateValue = "\(taken.index)"
        } else if sequence.branches.isEmpty {
            immediateValue = "nil"
        }
    }
}
