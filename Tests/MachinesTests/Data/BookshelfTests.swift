import FSMRuntime
import Foundation
import Testing

/// A bookshelf and the states it entered, in order.
private final class BookshelfBench {
    let shelf: Bookshelf
    var entered: [Bookshelf.StateID] = []

    init(restoring snapshot: Bookshelf.Snapshot? = nil) {
        shelf = Bookshelf(restoring: snapshot)
        shelf.observe { [unowned self] notification in
            if case .entered(let state) = notification { entered.append(state) }
        }
    }

    func send(_ events: Bookshelf.Event...) {
        for event in events { shelf.send(event) }
    }

    /// Ada reading page 12 of Emma.
    func onPage12() {
        send(.signIn(user: "ada"), .read, .open(title: "Emma"), .turn(page: 12))
        entered.removeAll()
    }
}

@Suite("History with state data: restored states keep the data they had")
struct BookshelfTests {
    static let page12 = Bookshelf.State.awake(.session(.reading(.book(.page(number: 12), title: "Emma")), user: "ada"))

    @Test func aDeepHistoryRestoresEveryStateInsideWithItsData() {
        let bench = BookshelfBench()
        bench.onPage12()
        #expect(bench.shelf.state == Self.page12)
        bench.send(.sleep)
        #expect(bench.shelf.state == .asleep)
        bench.entered.removeAll()
        bench.send(.wake)
        #expect(bench.shelf.state == Self.page12)
        #expect(bench.entered == [.awake, .session, .reading, .book, .page])
    }

    @Test func aShallowHistoryRestoresTheChildWithItsDataThenItsInitialState() {
        let bench = BookshelfBench()
        bench.onPage12()
        bench.send(.shelve)
        #expect(bench.shelf.state == .awake(.session(.shelf, user: "ada")))
        bench.entered.removeAll()
        bench.send(.resume)
        #expect(bench.shelf.state == .awake(.session(.reading(.book(.cover, title: "Emma")), user: "ada")))
        #expect(bench.entered == [.reading, .book, .cover])
    }

    @Test func aHistoryNeverLeftEntersTheInitialStateAndADataTargetReplacesWhatWasRemembered() {
        let bench = BookshelfBench()
        bench.send(.signIn(user: "ada"), .resume)
        #expect(bench.shelf.state == .awake(.session(.reading(.choosing), user: "ada")))
        bench.send(.open(title: "Emma"), .shelve, .read, .open(title: "Persuasion"), .turn(page: 3), .shelve, .resume)
        #expect(bench.shelf.state == .awake(.session(.reading(.book(.cover, title: "Persuasion")), user: "ada")))
    }

    @Test func aSnapshotKeepsTheDataOfTheStateAndOfTheHistoryThroughJSON() throws {
        let bench = BookshelfBench()
        bench.onPage12()
        bench.send(.shelve, .sleep)
        let snapshot = bench.shelf.snapshot
        #expect(snapshot.state == .asleep)
        #expect(snapshot.history.awake == .session(.shelf, user: "ada"))
        #expect(snapshot.history.reading == .book(.page(number: 12), title: "Emma"))

        let decoded = try JSONDecoder().decode(Bookshelf.Snapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
        let restored = BookshelfBench(restoring: decoded)
        #expect(restored.shelf.state == .asleep)
        restored.send(.wake)
        #expect(restored.shelf.state == .awake(.session(.shelf, user: "ada")))
        restored.send(.resume)
        #expect(restored.shelf.state == .awake(.session(.reading(.book(.cover, title: "Emma")), user: "ada")))
    }

    @Test func theTransitionFunctionRestoresAHistoryWithItsData() {
        let history = Bookshelf.History(awake: .session(.reading(.book(.page(number: 12), title: "Emma")), user: "ada"))
        #expect(Bookshelf.nextState(from: .asleep, on: .wake, history: history) == Self.page12)
        #expect(Bookshelf.nextState(from: .asleep, on: .wake) == .awake(.lobby))
        #expect(Bookshelf.restoredReading(.book(.page(number: 12), title: "Emma")) == .book(.cover, title: "Emma"))
        #expect(Bookshelf.nextState(from: .awake(.session(.shelf, user: "ada")), on: .resume,
                                    history: Bookshelf.History(reading: .book(.page(number: 4), title: "Emma")))
            == .awake(.session(.reading(.book(.cover, title: "Emma")), user: "ada")))
    }
}
