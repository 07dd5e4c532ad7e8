import FSMRuntime
import Testing

@Suite("A history target inside a state with data keeps the state's data")
struct ReadingTests {
    @Test func restoringTheHistoryInsideKeepsTheParentsData() {
        let reading = Reading()
        reading.send(.signIn(user: "ada"))
        reading.send(.open(id: 7))
        reading.send(.signOut)                  // main is left: it remembers detail(id: 7)
        reading.send(.signIn(user: "grace"))
        #expect(reading.state == .main(.list, user: "grace"))
        reading.send(.restore)                  // stays in main, restores detail(id: 7)
        #expect(reading.state == .main(.detail(id: 7), user: "grace"))
        #expect(Reading.nextState(from: .main(.list, user: "x"), on: .restore, history: .init(main: .detail(id: 3)))
            == .main(.detail(id: 3), user: "x"))
    }
}
