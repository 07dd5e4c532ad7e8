import FSMRuntime
import Foundation
import Testing

/// The till's guards, actions and value functions, each writing what it received to a journal.
final class TillScript: Till.Actions {
    let journal: Journal
    /// The sum at and above which the till takes no more items.
    var limit = 10

    init(journal: Journal) {
        self.journal = journal
    }

    func isFull(cashier: String, sum: Int) -> Bool {
        journal.append("isFull(cashier: \(cashier), sum: \(sum))")
        return sum >= limit
    }

    func isAccepted(price: Int, cashier: String, sum: Int) -> Bool {
        journal.append("isAccepted(price: \(price), cashier: \(cashier), sum: \(sum))")
        return price > 0
    }

    func covers(amount: Int, cashier: String, due: Int) -> Bool {
        journal.append("covers(amount: \(amount), cashier: \(cashier), due: \(due))")
        return amount >= due
    }

    func welcome(cashier: String, sum: Int) { journal.append("welcome(cashier: \(cashier), sum: \(sum))") }
    func leave(cashier: String, sum: Int) { journal.append("leave(cashier: \(cashier), sum: \(sum))") }
    func thank(total: Int, returned: Int, cashier: String, change: Int) {
        journal.append("thank(total: \(total), returned: \(returned), cashier: \(cashier), change: \(change))")
    }

    func added(price: Int, cashier: String, sum: Int) -> Int {
        journal.append("added(price: \(price), cashier: \(cashier), sum: \(sum))")
        return sum + price
    }

    func priceText(price: Int, cashier: String, sum: Int) -> String {
        journal.append("priceText(price: \(price), cashier: \(cashier), sum: \(sum))")
        return "\(cashier): \(sum) + \(price)"
    }

    func changeDue(amount: Int, cashier: String, due: Int) -> Int {
        journal.append("changeDue(amount: \(amount), cashier: \(cashier), due: \(due))")
        return amount - due
    }

    func remaining(amount: Int, cashier: String, due: Int) -> Int {
        journal.append("remaining(amount: \(amount), cashier: \(cashier), due: \(due))")
        return due - amount
    }
}

/// A till whose script and notifications write to one journal.
private final class TillBench {
    let journal = Journal()
    let script: TillScript
    let till: Till
    var transitions: [Till.Transition] = []

    init(restoring state: Till.State? = nil) {
        script = TillScript(journal: journal)
        till = Till(actions: script, restoring: state)
        till.observe { [unowned self] notification in
            switch notification {
            case .exited(let state): journal.append("exited \(state)")
            case .entered(let state): journal.append("entered \(state)")
            case .emitted(.shown(let text)): journal.append("shown \(text)")
            case .emitted(.owed(let amount)): journal.append("owed \(amount)")
            case .emitted(.receipt(let cashier, let change)): journal.append("receipt \(cashier) \(change)")
            case .transitioned(let transition):
                transitions.append(transition)
                journal.append("transitioned to \(transition.target)")
            case .ignored(let event, _): journal.append("ignored \(event.name)")
            }
        }
    }

    /// Sends `event` and returns what the journal saw, clearing it.
    func send(_ event: Till.Event) -> [String] {
        journal.clear()
        till.send(event)
        return journal.lines
    }

    /// Opens the till for ada and scans `prices`.
    func scanning(_ prices: Int...) {
        till.send(.open(cashier: "ada"))
        for price in prices { till.send(.scan(price: price)) }
        journal.clear()
    }
}

@Suite("State data in a flat machine: from payloads, data and functions into states, guards, actions, emit and raise")
struct TillTests {
    @Test func aPayloadAndALiteralGiveTheTargetItsDataBeforeItsEntryActionsRun() {
        let bench = TillBench()
        #expect(bench.send(.open(cashier: "ada")) == [
            "exited closed", "welcome(cashier: ada, sum: 0)", "entered scanning", "transitioned to scanning",
        ])
        #expect(bench.till.state == .scanning(cashier: "ada", sum: 0))
        #expect(bench.till.isIn(.scanning) && !bench.till.isIn(.closed))
    }

    @Test func aSelfTransitionReplacesItsOwnDataComputedAfterTheActionsAndBeforeEntry() {
        let bench = TillBench()
        bench.scanning()
        // Exit actions see the old data; the emitted text is computed when its action runs, the
        // target's data after the actions, and the entry actions see the new data.
        #expect(bench.send(.scan(price: 3)) == [
            "isFull(cashier: ada, sum: 0)", "isAccepted(price: 3, cashier: ada, sum: 0)",
            "leave(cashier: ada, sum: 0)", "exited scanning",
            "priceText(price: 3, cashier: ada, sum: 0)", "shown ada: 0 + 3",
            "added(price: 3, cashier: ada, sum: 0)",
            "welcome(cashier: ada, sum: 3)", "entered scanning", "transitioned to scanning",
        ])
        #expect(bench.till.state == .scanning(cashier: "ada", sum: 3))
        _ = bench.send(.scan(price: 4))
        #expect(bench.till.state == .scanning(cashier: "ada", sum: 7))
        #expect(bench.transitions.suffix(2) == [
            Till.Transition(source: .scanning(cashier: "ada", sum: 0), event: .scan(price: 3), target: .scanning(cashier: "ada", sum: 3)),
            Till.Transition(source: .scanning(cashier: "ada", sum: 3), event: .scan(price: 4), target: .scanning(cashier: "ada", sum: 7)),
        ])
    }

    @Test func aGuardReadsTheStatesDataAndANameWithParenthesesLeavesThePayloadOut() {
        let bench = TillBench()
        bench.scanning(6, 5)
        #expect(bench.till.state == .scanning(cashier: "ada", sum: 11))
        // isFull() takes the data but not the price: the till is full, whatever is scanned.
        #expect(bench.send(.scan(price: 1)) == ["isFull(cashier: ada, sum: 11)", "shown Full."])
        bench.script.limit = 20
        #expect(bench.send(.scan(price: -2)) == [
            "isFull(cashier: ada, sum: 11)", "isAccepted(price: -2, cashier: ada, sum: 11)", "shown Rejected.",
        ])
        #expect(bench.till.state == .scanning(cashier: "ada", sum: 11))
    }

    @Test func anEntryActionEmitsTheDataTheTransitionGaveAndAPartialPaymentReentersWithLess() {
        let bench = TillBench()
        bench.scanning(3, 5)
        #expect(bench.send(.total) == [
            "leave(cashier: ada, sum: 8)", "exited scanning", "owed 8", "entered paying", "transitioned to paying",
        ])
        #expect(bench.till.state == .paying(cashier: "ada", due: 8))
        #expect(bench.send(.pay(amount: 5)) == [
            "covers(amount: 5, cashier: ada, due: 8)", "exited paying",
            "remaining(amount: 5, cashier: ada, due: 8)", "owed 3", "entered paying", "transitioned to paying",
        ])
        #expect(bench.till.state == .paying(cashier: "ada", due: 3))
    }

    @Test func emitAndRaiseTakeArgumentsFromDataAndFromFunctionsCalledOncePerUse() {
        let bench = TillBench()
        bench.scanning(3, 5)
        bench.till.send(.total)
        // `changeDue` is named three times: the receipt, the raised event and the target's data.
        // The raised event is handled after the step, in the new state, with its data.
        #expect(bench.send(.pay(amount: 10)) == [
            "covers(amount: 10, cashier: ada, due: 8)", "exited paying",
            "changeDue(amount: 10, cashier: ada, due: 8)", "receipt ada 2",
            "changeDue(amount: 10, cashier: ada, due: 8)",
            "changeDue(amount: 10, cashier: ada, due: 8)",
            "entered handing", "transitioned to handing",
            "thank(total: 8, returned: 2, cashier: ada, change: 2)",
        ])
        #expect(bench.till.state == .handing(cashier: "ada", change: 2))
        #expect(bench.send(.close) == ["exited handing", "entered closed", "transitioned to closed"])
        #expect(bench.till.state == .closed)
    }

    @Test func theTransitionFunctionComputesDataThroughTheSameFunctionsAndRunsNoAction() {
        let journal = Journal()
        let script = TillScript(journal: journal)
        #expect(Till.nextState(from: .scanning(cashier: "ada", sum: 5), on: .scan(price: 3), guards: script)
            == .scanning(cashier: "ada", sum: 8))
        #expect(journal.lines == [
            "isFull(cashier: ada, sum: 5)", "isAccepted(price: 3, cashier: ada, sum: 5)", "added(price: 3, cashier: ada, sum: 5)",
        ])
        journal.clear()
        #expect(Till.nextState(from: .paying(cashier: "ada", due: 8), on: .pay(amount: 10), guards: script)
            == .handing(cashier: "ada", change: 2))
        #expect(journal.lines == ["covers(amount: 10, cashier: ada, due: 8)", "changeDue(amount: 10, cashier: ada, due: 8)"])
        journal.clear()
        #expect(Till.nextState(from: .paying(cashier: "ada", due: 8), on: .pay(amount: 5), guards: script)
            == .paying(cashier: "ada", due: 3))
        #expect(Till.nextState(from: .closed, on: .open(cashier: "bo"), guards: script) == .scanning(cashier: "bo", sum: 0))
        // An internal transition leads to the state itself, data and all; an ignored event to nil.
        #expect(Till.nextState(from: .handing(cashier: "ada", change: 2), on: .settled(total: 8, returned: 2), guards: script)
            == .handing(cashier: "ada", change: 2))
        #expect(Till.nextState(from: .closed, on: .total, guards: script) == nil)
        #expect(!journal.lines.contains { $0.hasPrefix("thank") || $0.hasPrefix("welcome") || $0.hasPrefix("leave") })
    }

    @Test func theStateKeepsItsDataThroughJSONAndAMachineRestoredFromItGoesOnWithIt() throws {
        let state = Till.State.paying(cashier: "ada", due: 8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(state)
        #expect(String(decoding: json, as: UTF8.self) == #"{"paying":{"cashier":"ada","due":8}}"#)
        let decoded = try JSONDecoder().decode(Till.State.self, from: json)
        #expect(decoded == state)
        #expect(Set<Till.State>([.paying(cashier: "ada", due: 8), .paying(cashier: "ada", due: 9), decoded]).count == 2)

        let bench = TillBench(restoring: decoded)
        #expect(bench.journal.lines == [])                     // no entry actions when restoring
        #expect(bench.send(.pay(amount: 10)).last == "thank(total: 8, returned: 2, cashier: ada, change: 2)")
    }
}
