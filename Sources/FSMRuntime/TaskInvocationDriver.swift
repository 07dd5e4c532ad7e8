/// The real driver: each invocation is a `Task` that runs its work on the machine's actor and
/// delivers its outcomes there. Cancelling the invocation cancels the task (Swift's
/// cooperative cancellation).
///
/// What cancelled work comes back with is handed to the machine all the same, which drops it
/// (its run is stale) and tells its observers `dropped`: the value a call returns, the error it
/// throws (the `CancellationError` of work that heeds cancellation too), a stream's next element
/// or its end. That first outcome is the last: a stream is not iterated further, so one
/// cancelled run is heard as dropped at most once, and work that never comes back is not heard.
///
/// A machine outside any actor has no actor to run the work on: give it a
/// ``SynchronousInvocationDriver`` such as ``ManualInvocationDriver``.
public final class TaskInvocationDriver: InvocationDriver, Sendable {
    /// The driver; it keeps no state, so machines may share one.
    public init() {}

    /// Starts a `Task` that runs `work` on `work.isolation` and delivers each of its outcomes
    /// there: a call's value or error, a stream's elements, then its end or error.
    ///
    /// - Returns: the task, which cancelling the invocation cancels.
    @inlinable
    public func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        start(work.asRoutineRun, isolation: work.isolation)
    }

    /// Runs one run of a machine's routine: what a generated machine's start comes to, with
    /// nothing allocated but the task and what it captures, as a hand-written `Task` would.
    @inlinable
    func run<Arguments, Value>(
        _ routine: InvocationRoutine<Arguments, Value>, arguments: Arguments, run: UInt64, isolation: (any Actor)?
    ) -> RunningInvocation {
        start(RoutineRun(routine: routine, arguments: arguments, run: run), isolation: isolation)
    }

    @inlinable
    func start<Arguments, Value>(_ run: RoutineRun<Arguments, Value>, isolation: (any Actor)?) -> RunningInvocation {
        // The run only ever runs on `isolation`, the machine's actor, where it was created.
        let carried = UncheckedSendableRun(run)
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

    /// Inlined into the task's closure: one async frame fewer, so that a run's frames fit the
    /// task's first slab as a hand-written `Task`'s do, instead of allocating a second.
    @inlinable @inline(__always)
    static func perform<Arguments, Value>(_ carried: UncheckedSendableRun<Arguments, Value>, on isolation: isolated (any Actor)?) async {
        // Every outcome is delivered, cancelled or not: the machine, not the driver, decides
        // what is stale, so that its observers hear `dropped` for what came back too late (the
        // task is cancelled only once its run is stale).
        let run = carried.run
        do {
            switch run.routine.body {
            case .call(let call):
                run.deliver(.returned(try await call(run.arguments)))
            case .stream(let elements):
                let next = elements(run.arguments).makeNext()
                while let element = try await next() {
                    run.deliver(.element(element))
                    // A sequence that ignores cancellation is not iterated further: the element
                    // just dropped was the last the machine hears of it.
                    guard !Task.isCancelled else { return }
                }
                run.deliver(.finished)
            }
        } catch {
            run.deliver(.failed(error))
        }
    }
}

@usableFromInline
struct UncheckedSendableRun<Arguments, Value>: @unchecked Sendable {
    @usableFromInline let run: RoutineRun<Arguments, Value>

    @inlinable
    init(_ run: RoutineRun<Arguments, Value>) {
        self.run = run
    }
}
