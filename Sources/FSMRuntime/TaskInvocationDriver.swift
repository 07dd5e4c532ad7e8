/// The real driver: each invocation is a `Task` that runs its work on the machine's actor and
/// delivers its outcomes there. Cancelling the invocation cancels the task (Swift's
/// cooperative cancellation); the machine drops whatever the work delivers afterwards.
///
/// A machine outside any actor has no actor to run the work on: give it a
/// ``SynchronousInvocationDriver`` such as ``ManualInvocationDriver``.
public final class TaskInvocationDriver: InvocationDriver, Sendable {
    public init() {}

    public func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        // The work only ever runs on `isolation`, the machine's actor, where it was created.
        let carried = UncheckedSendableWork(work)
        let isolation = work.isolation
        let task: Task<Void, Never>
        if isolation === MainActor.shared {
            // A task isolated to the main actor is enqueued on it directly, as a `Task` in a
            // `@MainActor` class is; a nonisolated one would start on the global executor and
            // hop back, a thread wake-up per invocation. Either way the work runs in a later
            // turn of the actor, never inside the step that started it.
            task = Task { @MainActor in
                await Self.perform(carried, on: MainActor.shared)
            }
        } else {
            task = Task {
                await Self.perform(carried, on: isolation)
            }
        }
        return RunningInvocation(task: task)
    }

    private static func perform<Value>(_ carried: UncheckedSendableWork<Value>, on isolation: isolated (any Actor)?) async {
        let work = carried.work
        do {
            switch work.body {
            case .call(let call):
                let value = try await call()
                guard !Task.isCancelled else { return }
                work.deliver(.returned(value))
            case .stream(let elements):
                let next = elements().makeNext()
                while let element = try await next() {
                    guard !Task.isCancelled else { return }
                    work.deliver(.element(element))
                }
                guard !Task.isCancelled else { return }
                work.deliver(.finished)
            }
        } catch {
            guard !Task.isCancelled else { return }
            work.deliver(.failed(error))
        }
    }
}

/// Carries an invocation's work to the actor it belongs to.
private struct UncheckedSendableWork<Value>: @unchecked Sendable {
    let work: InvocationWork<Value>

    init(_ work: InvocationWork<Value>) {
        self.work = work
    }
}
