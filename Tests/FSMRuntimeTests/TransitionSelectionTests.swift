import FSMRuntime
import Testing

/// The selection the generated microstep builds: transitions in selection order, each once; a
/// transition around the parallel state placed where the first atomic state without one of its
/// own selected it; conflicts resolved as SCXML's `removeConflictingTransitions` does.
@Suite struct TransitionSelectionTests {
    @Test func selectsEachTransitionOnceInSelectionOrder() {
        var selection = TransitionSelection()
        #expect(selection.isEmpty)
        selection.select(4)
        selection.select(2)
        selection.select(4)
        #expect(selection.transitions == [4, 2])
        #expect(selection.contains(2) && !selection.contains(3))
        #expect(!selection.hasOpening)
    }

    @Test func theTransitionAroundGoesWhereTheFirstAtomicStateWithoutOneSelectedIt() {
        var selection = TransitionSelection()
        selection.select(4)
        selection.open()
        selection.select(6)
        selection.open()
        selection.selectAround(9)
        #expect(selection.hasOpening)
        #expect(selection.transitions == [4, 9, 6])
        var none = TransitionSelection()
        none.select(1)
        none.selectAround(9)
        #expect(none.transitions == [1])
    }

    @Test func holdsMoreTransitionsThanItsInlineStorage() {
        var selection = TransitionSelection()
        for transition in 0..<12 { selection.select(transition * 10) }
        selection.open()
        selection.select(500)
        selection.selectAround(7)
        #expect(selection.transitions == (0..<12).map { $0 * 10 } + [7, 500])
        let odd = selection.resolved { later, earlier in later % 20 == 10 && earlier % 20 == 0 ? .preempts : .none }
        #expect(odd.transitions == [10, 30, 50, 70, 90, 110, 7, 500])
    }

    /// Of two that conflict, the later one preempts the earlier only when declared inside its
    /// source; otherwise it yields, and a later one that yields removes nothing.
    @Test func resolvesConflictsAsSCXMLDoes() {
        var selection = TransitionSelection()
        for transition in [1, 2, 3, 4] { selection.select(transition) }
        let taken = selection.resolved { later, earlier in
            switch (later, earlier) {
            case (2, 1): .preempts
            case (3, 2): .yields
            case (4, 2): .preempts
            default: .none
            }
        }
        // 2 preempts 1, 3 yields to 2, 4 preempts 2.
        #expect(taken.transitions == [4])
        let alongside = selection.resolved { later, earlier in (later, earlier) == (3, 1) ? .yields : .none }
        #expect(alongside.transitions == [1, 2, 4])
        #expect(selection.resolved { _, _ in .yields }.transitions == [1])
        #expect(selection.resolved { _, _ in .none }.transitions == [1, 2, 3, 4])
    }
}
