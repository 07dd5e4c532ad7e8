import FSMRuntime
import Foundation
import Testing

/// The portal's guard, actions and value function, each writing what it received to a journal.
final class PortalScript: Portal.Actions {
    let journal: Journal
    var blocked: Set<Int> = []

    init(journal: Journal) {
        self.journal = journal
    }

    func isAllowed(id: Int, user: String) -> Bool {
        journal.append("isAllowed(id: \(id), user: \(user))")
        return !blocked.contains(id)
    }

    func enterMain(user: String) { journal.append("enterMain(user: \(user))") }
    func exitMain(user: String) { journal.append("exitMain(user: \(user))") }
    func enterDetail(id: Int, user: String) { journal.append("enterDetail(id: \(id), user: \(user))") }
    func exitDetail(id: Int, user: String) { journal.append("exitDetail(id: \(id), user: \(user))") }

    func nextID(id: Int, user: String) -> Int {
        journal.append("nextID(id: \(id), user: \(user))")
        return id + 1
    }
}

/// A portal whose script and notifications write to one journal.
private final class PortalBench {
    let journal = Journal()
    let script: PortalScript
    let portal: Portal
    var transitions: [Portal.Transition] = []

    init(restoring state: Portal.State? = nil) {
        script = PortalScript(journal: journal)
        portal = Portal(actions: script, restoring: state)
        portal.observe { [unowned self] notification in
            switch notification {
            case .exited(let state): journal.append("exited \(state)")
            case .entered(let state): journal.append("entered \(state)")
            case .emitted(.viewed(let user, let id)): journal.append("viewed \(user) \(id)")
            case .transitioned(let transition):
                transitions.append(transition)
                journal.append("transitioned to \(transition.target)")
            case .ignored(let event, _): journal.append("ignored \(event.name)")
            }
        }
    }

    func send(_ event: Portal.Event) -> [String] {
        journal.clear()
        portal.send(event)
        return journal.lines
    }

    /// Signs ada in and opens document 7.
    func atDetail() {
        portal.send(.signIn(user: "ada"))
        portal.send(.open(id: 7))
        journal.clear()
    }
}

@Suite("State data in nested states: a parent's data stays while its children change theirs")
struct PortalTests {
    @Test func enteringAParentWithDataEntersItsInitialChildAndBothSeeTheData() {
        let bench = PortalBench()
        #expect(bench.send(.signIn(user: "ada")) == [
            "exited login", "enterMain(user: ada)", "entered main", "entered list", "transitioned to main.list",
        ])
        #expect(bench.portal.state == .main(.list, user: "ada"))
    }

    @Test func aChildsTransitionGivesTheChildDataAndKeepsTheParentsData() {
        let bench = PortalBench()
        bench.portal.send(.signIn(user: "ada"))
        #expect(bench.send(.open(id: 7)) == [
            "isAllowed(id: 7, user: ada)", "exited list", "viewed ada 7",
            "enterDetail(id: 7, user: ada)", "entered detail", "transitioned to main.detail",
        ])
        #expect(bench.portal.state == .main(.detail(id: 7), user: "ada"))
        #expect(bench.portal.isIn(.main) && bench.portal.isIn(.detail) && !bench.portal.isIn(.list))
        #expect(bench.portal.state.description == "main.detail")
        #expect(bench.transitions.last == Portal.Transition(
            source: .main(.list, user: "ada"), event: .open(id: 7), target: .main(.detail(id: 7), user: "ada")))
    }

    @Test func aGuardReadingTheParentsDataCanRefuse() {
        let bench = PortalBench()
        bench.script.blocked = [9]
        bench.portal.send(.signIn(user: "ada"))
        #expect(bench.send(.open(id: 9)) == ["isAllowed(id: 9, user: ada)", "ignored open"])
        #expect(bench.portal.state == .main(.list, user: "ada"))
    }

    @Test func aChildsSelfTransitionReplacesItsDataOnlyAndTheParentIsNotLeft() {
        let bench = PortalBench()
        bench.atDetail()
        #expect(bench.send(.next) == [
            "exitDetail(id: 7, user: ada)", "exited detail", "nextID(id: 7, user: ada)",
            "enterDetail(id: 8, user: ada)", "entered detail", "transitioned to main.detail",
        ])
        #expect(bench.portal.state == .main(.detail(id: 8), user: "ada"))
    }

    @Test func aParentsTransitionIntoItsOwnChildKeepsTheParentAndItsData() {
        let bench = PortalBench()
        bench.atDetail()
        #expect(bench.send(.back) == [
            "exitDetail(id: 7, user: ada)", "exited detail", "entered list", "transitioned to main.list",
        ])
        #expect(bench.portal.state == .main(.list, user: "ada"))
    }

    @Test func aParentsTransitionToItselfLeavesItAndEntersItWithNewData() {
        let bench = PortalBench()
        bench.atDetail()
        #expect(bench.send(.rename(to: "grace")) == [
            "exitDetail(id: 7, user: ada)", "exited detail", "exitMain(user: ada)", "exited main",
            "enterMain(user: grace)", "entered main", "entered list", "transitioned to main.list",
        ])
        #expect(bench.portal.state == .main(.list, user: "grace"))
        _ = bench.send(.signOut)
        #expect(bench.portal.state == .login)
    }

    @Test func theTransitionFunctionGivesNestedDataThroughTheSameFunctions() {
        let journal = Journal()
        let script = PortalScript(journal: journal)
        let detail = Portal.State.main(.detail(id: 7), user: "ada")
        #expect(Portal.nextState(from: detail, on: .next, guards: script) == .main(.detail(id: 8), user: "ada"))
        #expect(Portal.nextState(from: detail, on: .back, guards: script) == .main(.list, user: "ada"))
        #expect(Portal.nextState(from: detail, on: .rename(to: "bo"), guards: script) == .main(.list, user: "bo"))
        #expect(Portal.nextState(from: detail, on: .open(id: 1), guards: script) == nil)
        #expect(Portal.nextState(from: .main(.list, user: "ada"), on: .open(id: 3), guards: script) == .main(.detail(id: 3), user: "ada"))
        #expect(journal.lines == ["nextID(id: 7, user: ada)", "isAllowed(id: 3, user: ada)"])
    }

    @Test func aNestedStateWithDataSurvivesJSONAndARestoredMachineGoesOnFromIt() throws {
        let state = Portal.State.main(.detail(id: 7), user: "ada")
        let decoded = try JSONDecoder().decode(Portal.State.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
        #expect(decoded != .main(.detail(id: 7), user: "bo"))
        #expect(decoded != .main(.detail(id: 8), user: "ada"))

        let bench = PortalBench(restoring: decoded)
        #expect(bench.journal.lines == [])
        #expect(bench.portal.state == state)
        #expect(bench.send(.next) == [
            "exitDetail(id: 7, user: ada)", "exited detail", "nextID(id: 7, user: ada)",
            "enterDetail(id: 8, user: ada)", "entered detail", "transitioned to main.detail",
        ])
    }
}
