import FSMRuntime
import Testing

@Suite("Transition tables read from rows of spec text (format 2)")
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
            on: done -> off.history
            """, format: 2)
        #expect(table == [
            TransitionDescriptor(
                source: .off, trigger: .event("flip"), guard: "hasPower && !(isLocked || isBroken)", target: .on,
                actions: ["count", "emit said(\"on, off\", n: 2)"]),
            TransitionDescriptor(source: .on, trigger: .event("flip"), guard: nil, target: .off, actions: []),
            TransitionDescriptor(source: .on, trigger: .after(.milliseconds(1500)), guard: "else", target: .off, actions: []),
            TransitionDescriptor(source: .broken, trigger: .always, guard: nil, target: nil, actions: []),
            TransitionDescriptor(source: nil, trigger: .event("smash"), guard: nil, target: .broken, actions: ["raise alarm(level: 3)"]),
            TransitionDescriptor(source: .on, trigger: .done, guard: nil, target: .off, targetsHistory: true, actions: []),
        ])
    }

    @Test func readsSeveralTargetsAndReenter() {
        let table = TransitionDescriptor<Light>.table("""
            off: on flip -> on, broken / count
            on: on flip [else] reenter -> off, on, broken
            broken: on flip reenter -> off
            """, format: 2)
        #expect(table == [
            TransitionDescriptor(source: .off, trigger: .event("flip"), guard: nil, target: .on, otherTargets: [.broken], actions: ["count"]),
            TransitionDescriptor(
                source: .on, trigger: .event("flip"), guard: "else", target: .off, otherTargets: [.on, .broken], reenters: true, actions: []),
            TransitionDescriptor(source: .broken, trigger: .event("flip"), guard: nil, target: .off, reenters: true, actions: []),
        ])
        #expect(table[1].targets == [.off, .on, .broken])
    }

    @Test func actionsSplitOnlyAtCommasOutsideCallsAndStrings() {
        let table = TransitionDescriptor<Light>.table(#"off: on flip / emit a("x\", y", (1, 2)), b, emit c("(", z: 1)"#, format: 2)
        #expect(table.first?.actions == [#"emit a("x\", y", (1, 2))"#, "b", #"emit c("(", z: 1)"#])
    }

    @Test func readsEveryDurationUnit() {
        let delays = ["1ns", "2us", "3ms", "4s", "5m", "6h"].map { text in
            TransitionDescriptor<Light>.table("off: after \(text) -> on", format: 2).first?.trigger
        }
        #expect(delays == [
            .after(.nanoseconds(1)), .after(.microseconds(2)), .after(.milliseconds(3)),
            .after(.seconds(4)), .after(.seconds(300)), .after(.seconds(21_600)),
        ])
    }

    @Test func acceptedEventNamesAreThoseOfActiveSourcesAndTheMachineLevelInDeclarationOrder() {
        let table = TransitionDescriptor<Light>.table("""
            off: on flip [hasPower] -> on
            on: on dim / lower
            on: always -> off
            *: on smash -> broken
            """, format: 2)
        let names = ["smash", "dim", "flip", "repair"]
        #expect(table.acceptedEventNames(amongst: names) { $0 == .off } == ["smash", "flip"])
        #expect(table.acceptedEventNames(amongst: names) { $0 == .on } == ["smash", "dim"])
        #expect(table.acceptedEventNames(amongst: names) { _ in false } == ["smash"])
    }
}

@Suite("Transition rows of invocations")
struct InvocationTransitionRowsTests {
    struct Name: RawRepresentable, Hashable, Sendable {
        var rawValue: String
    }

    @Test func doneErrorAndElementsReadAsTheInvocationsResults() {
        let table = TransitionDescriptor<Name>.table(
            """
            a: done fetch -> b
            a: done reenter -> a
            a: done [ready] -> b
            a: error fetch [offline] -> b / report
            b: on changes / apply
            b: on close -> a
            """, format: 2, streams: ["changes"])
        #expect(
            table.map(\.trigger) == [
                .invocationDone("fetch"), .done, .done, .invocationError("fetch"), .invocationElement("changes"), .event("close"),
            ])
        #expect(table[1].reenters)
        #expect(table[3].guardExpression == "offline" && table[3].actions == ["report"])
    }

    /// `on signIn.signedIn` is a child machine's output: an event's name has no dot.
    @Test func aDottedNameIsAChildMachinesOutput() {
        let table = TransitionDescriptor<Name>.table(
            """
            a: on signIn.signedIn [known] -> b / greet
            a: done signIn -> b
            """, format: 2)
        #expect(table.map(\.trigger) == [.childOutput("signIn", output: "signedIn"), .invocationDone("signIn")])
        #expect(table[0].guardExpression == "known" && table[0].actions == ["greet"])
    }
}
