import FSMRuntime
import Machines

/// A server that answers at once: one user, and the changes it streams to whoever asks.
private struct StubService: UserService {
    let user: User
    let streamed: [Change]

    func user(id: Int) async throws -> User {
        guard id == user.id else { throw ServiceError.status(404) }
        return user
    }

    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> {
        AsyncThrowingStream { continuation in
            for change in streamed {
                continuation.yield(change)
            }
            continuation.finish()
        }
    }
}

/// `  loading(id: 4) --done fetchUser--> showing(…)`: a result of an invocation carries no
/// event; the transition's `result` names it.
private func printTransition(_ transition: Profile.Transition) {
    let trigger = transition.event?.name ?? transition.result.map { "\($0)" } ?? "after 10s"
    print(transitionLine(from: "\(transition.source)", on: trigger, to: "\(transition.target)"))
}

/// The app's `ProfileScreen`, printing each change as the machine applies it.
private final class PrintingScreen: Profile.Actions {
    let screen: ProfileScreen

    init(_ screen: ProfileScreen) {
        self.screen = screen
    }

    nonisolated(nonsending) func fetchUser(id: Int) async throws -> User {
        let user = try await screen.fetchUser(id: id)
        print("  fetchUser(id: \(id)) returned \(user.name)")
        return user
    }

    func changes(user: User) -> InvocationElements<Change> { screen.changes(user: user) }
    func isOffline(error: any Error, id: Int) -> Bool { screen.isOffline(error: error, id: id) }
    func report(error: any Error, id: Int) { screen.report(error: error, id: id) }

    func apply(change: Change, user: User) {
        screen.apply(change: change, user: user)
        if let updated = screen.updatedUser {
            print("  applied \(change): the screen shows \(updated.name), \"\(updated.bio)\"")
        }
    }
}

/// DESIGN's profile screen with the real driver on the main actor: opening fetches the user,
/// whose changes then stream in, in order, until the server ends them. Every task runs on the
/// main actor, one after the other, so the output is the same on every run.
@MainActor func profileFetchesTheUserThenItsChanges() async {
    heading("Profile: fetch the user, then apply its changes as they stream in")
    let service = StubService(user: User(id: 4, name: "Ada"), streamed: [.bio("Writes programs."), .renamed("Ada L.")])
    let screen = ProfileScreen(service: service)
    let profile = Profile(actions: PrintingScreen(screen))
    profile.observe { notification in
        switch notification {
        case .transitioned(let transition): printTransition(transition)
        case .started(let invocation): print("  ⇒ \(invocation) started")
        case .cancelled(let invocation): print("  ⇒ \(invocation) cancelled")
        case .dropped(let invocation): print("  ⇒ \(invocation)'s late result dropped")
        default: break
        }
    }
    let transitions = profile.transitions
    profile.send(.open(id: 4))
    // The stream of changes ends, which takes `done changes` back to idle.
    for await transition in transitions where transition.target == .idle {
        break
    }
    print("  final state: \(profile.state); shown at the end: \(screen.updatedUser.map(\.name) ?? "nothing")")
}

/// A driver whose work ignores cancellation, as a hand-written `Task` that never checks
/// `Task.isCancelled` does: it keeps every run's way back to the machine and answers whenever
/// the scenario says, cancelled or not. (``ManualInvocationDriver`` forgets a run it cancels,
/// so it cannot send a late result; ``TaskInvocationDriver`` hands one to the machine when the work
/// comes back, at a time the scenario does not choose.) It delivers
/// only inside the scenario's calls, so the run is deterministic.
private final class CarelessDriver: SynchronousInvocationDriver {
    private var answers: [(name: String, answer: (Any) -> Void)] = []

    func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        answers.append((work.name, { value in
            guard let value = value as? Value else { preconditionFailure("\(work.name) returns \(Value.self)") }
            work.deliver(.returned(value))
        }))
        // Cancelling changes nothing here: the work goes on, and answers later.
        return RunningInvocation {}
    }

    /// Run `index` (counting every start) returns `value`, however late.
    func answer(run index: Int, with value: Any) {
        answers[index].answer(value)
    }
}

/// The guarantee hand-written code gets wrong: the screen closes while `fetchUser` runs, the
/// work ignores its cancellation and returns late, and the machine drops the result: it stays
/// idle, and an observer hears `dropped`. Reopened, the new fetch's result is the one shown.
func profileDropsALateResult() {
    heading("Profile: a late result after close is dropped")
    let driver = CarelessDriver()
    let clock = ManualClock()
    let screen = ProfileScreen(service: StubService(user: User(id: 4, name: "Ada"), streamed: []))
    let profile = Profile(actions: screen, clock: clock, invocations: driver)
    profile.observe { notification in
        switch notification {
        case .transitioned(let transition): printTransition(transition)
        case .started(let invocation): print("  ⇒ \(invocation) started")
        case .cancelled(let invocation): print("  ⇒ \(invocation) cancelled")
        case .dropped(let invocation): print("  ⇒ \(invocation)'s late result dropped")
        default: break
        }
    }
    print("> open(id: 4)")
    profile.send(.open(id: 4))
    print("> close, while fetchUser runs")
    profile.send(.close)
    print("> fetchUser of the first visit returns Ada, late")
    driver.answer(run: 0, with: User(id: 4, name: "Ada"))
    print("  state: \(profile.state)")
    print("> open(id: 4) again")
    profile.send(.open(id: 4))
    print("> the new fetchUser returns Ada")
    driver.answer(run: 1, with: User(id: 4, name: "Ada"))
    print("  state: \(profile.state)")
}
