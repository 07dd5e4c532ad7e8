import FSMRuntime
import Testing

@Suite("Transition tables read from rows of spec text, and nextState over them")
struct TransitionRowsTests {
    enum Light: String, Hashable, Sendable {
        case off, on, broken
    }

    @Test func readsEveryPartOfARow() {
        let table = TransitionDescriptor<Light>.table("""
            off: on flip [hasPower && !(isLocked || isBroken)] -> on / count, emit said("on, off", n: 2)
            on: on flip -> off
            on: after 1500ms [else] -> off
            broken: always
            *: on smash -> broken / raise alarm(level: 3)
            """)
        #expect(table == [
            TransitionDescriptor(
                source: .off, trigger: .event("flip"), guard: "hasPower && !(isLocked || isBroken)", target: .on,
                actions: ["count", "emit said(\"on, off\", n: 2)"]),
            TransitionDescriptor(source: .on, trigger: .event("flip"), guard: nil, target: .off, actions: []),
            TransitionDescriptor(source: .on, trigger: .after(.milliseconds(1500)), guard: "else", target: .off, actions: []),
            TransitionDescriptor(source: .broken, trigger: .always, guard: nil, target: nil, actions: []),
            TransitionDescriptor(source: nil, trigger: .event("smash"), guard: nil, target: .broken, actions: ["raise alarm(level: 3)"]),
        ])
    }

    @Test func actionsSplitOnlyAtCommasOutsideCallsAndStrings() {
        let table = TransitionDescriptor<Light>.table(#"off: on flip / emit a("x\", y", (1, 2)), b, emit c("(", z: 1)"#)
        #expect(table.first?.actions == [#"emit a("x\", y", (1, 2))"#, "b", #"emit c("(", z: 1)"#])
    }

    @Test func readsEveryDurationUnit() {
        let delays = ["1ns", "2us", "3ms", "4s", "5m", "6h"].map { text in
            TransitionDescriptor<Light>.table("off: after \(text) -> on").first?.trigger
        }
        #expect(delays == [
            .after(.nanoseconds(1)), .after(.microseconds(2)), .after(.milliseconds(3)),
            .after(.seconds(4)), .after(.seconds(300)), .after(.seconds(21_600)),
        ])
    }

    @Test func nextStateTakesTheFirstRowWhoseGuardHoldsThenTheMachineLevel() {
        let table = TransitionDescriptor<Light>.table("""
            off: on flip [hasPower] -> on
            off: on flip [else] / complain
            on: on flip -> off
            on: on dim / lower
            *: on smash -> broken
            """)
        #expect(table.nextState(from: .off, onEvent: "flip") { _ in true } == .on)
        #expect(table.nextState(from: .off, onEvent: "flip") { _ in false } == .off)
        #expect(table.nextState(from: .on, onEvent: "dim") { _ in true } == .on)
        #expect(table.nextState(from: .on, onEvent: "smash") { _ in true } == .broken)
        #expect(table.nextState(from: .broken, onEvent: "flip") { _ in true } == nil)
    }

    @Test func nextStateAsksOnlyTheGuardsItReaches() {
        let table = TransitionDescriptor<Light>.table("""
            off: on flip [first] -> on
            off: on flip [second] -> broken
            off: on other [third] -> broken
            """)
        var asked: [String] = []
        let next = table.nextState(from: .off, onEvent: "flip") { expression in
            asked.append(expression)
            return expression == "second"
        }
        #expect(next == .broken)
        #expect(asked == ["first", "second"])
    }
}
