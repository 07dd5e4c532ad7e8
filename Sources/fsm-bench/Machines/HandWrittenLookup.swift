/// The lookup of `Lookup.fsm` written by hand, as a careful developer ties work to a state on
/// the main actor: a `switch` over the state and the event, a `Task` started on entering
/// `loading` and kept in a handle, cancelled on leaving it, and a generation counter, so that a
/// result that arrives after the state was left (cancellation is cooperative: `fetch` may
/// return anyway) is dropped rather than taken by a later visit.
///
/// The `Task` inherits the main actor from the class, so the work runs there and its result
/// comes back there, as the generated machine's do. It has none of the generated machine's
/// other guarantees (observers, run to completion, snapshots): it is the floor the generated
/// invocation is measured against.
@MainActor final class HandWrittenLookup {
    enum State: Hashable {
        case idle
        case loading(id: Int)
    }

    enum Event: Hashable {
        case open(id: Int)
        case close
    }

    @MainActor protocol Actions: AnyObject {
        func fetch(id: Int) async throws -> Int
        func record(value: Int, id: Int)
    }

    private(set) var state = State.idle
    private let actions: any Actions
    /// The running fetch, cancelled when `loading` is left.
    private var fetchTask: Task<Void, Never>?
    /// Which visit of `loading` a fetch belongs to: a result from an earlier visit is dropped.
    private var fetchGeneration: UInt64 = 0

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch (state, event) {
        case (.idle, .open(let id)):
            state = .loading(id: id)
            startFetch(id: id)
        case (.loading, .close):
            cancelFetch()
            state = .idle
        default:
            break
        }
    }

    private func startFetch(id: Int) {
        fetchGeneration &+= 1
        let generation = fetchGeneration
        fetchTask = Task { [weak self, actions] in
            do {
                let value = try await actions.fetch(id: id)
                self?.fetchReturned(value, generation: generation)
            } catch {
                self?.fetchFailed(generation: generation)
            }
        }
    }

    /// Takes the fetch's result, unless `loading` was left (or left and entered again) since
    /// it started.
    private func fetchReturned(_ value: Int, generation: UInt64) {
        guard generation == fetchGeneration, case .loading(let id) = state else { return }
        fetchTask = nil
        state = .idle
        actions.record(value: value, id: id)
    }

    /// The fetch threw: back to `idle`, unless `loading` was left since it started.
    private func fetchFailed(generation: UInt64) {
        guard generation == fetchGeneration, case .loading = state else { return }
        fetchTask = nil
        state = .idle
    }

    private func cancelFetch() {
        fetchTask?.cancel()
        fetchTask = nil
        fetchGeneration &+= 1
    }
}
