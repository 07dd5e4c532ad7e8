import FSMRuntime
import Testing

/// Where the work of a machine owned by an actor runs: on that actor, as DESIGN's isolation
/// says, and not on the global executor (a closure literal calling the actions would be
/// nonisolated and leave the actor; the generated routine's function keeps the caller's).
@Suite struct InvocationIsolationTests {
    /// Used on the owner's actor only, where the machine lives and its work starts.
    final class Actions: Profile.Actions {
        let owner: ObjectIdentifier
        let calls: AsyncStream<Bool>.Continuation

        init(owner: ObjectIdentifier, calls: AsyncStream<Bool>.Continuation) {
            (self.owner, self.calls) = (owner, calls)
        }

        nonisolated(nonsending) func fetchUser(id: Int) async throws -> String {
            calls.yield(#isolation.map { ObjectIdentifier($0) } == owner)
            return "user \(id)"
        }

        func changes(user: String) -> InvocationElements<Int> {
            InvocationElements(AsyncStream<Int> { $0.finish() })
        }

        func isOffline(error: any Error, id: Int) -> Bool { false }
        func report(error: any Error, id: Int) {}
        func apply(change: Int, user: String) {}
    }

    actor Owner {
        private var machine: Profile?

        func open(reportingCallsTo calls: AsyncStream<Bool>.Continuation) {
            machine = Profile(actions: Actions(owner: ObjectIdentifier(self), calls: calls))
            machine?.send(.open(id: 1))
        }
    }

    @Test func anActorsMachineCallsItsWorkOnThatActor() async {
        let (calls, continuation) = AsyncStream<Bool>.makeStream()
        let owner = Owner()
        await owner.open(reportingCallsTo: continuation)
        var iterator = calls.makeAsyncIterator()
        #expect(await iterator.next() == true)
    }
}
