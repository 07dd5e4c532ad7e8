/// The real driver: each invocation is a `Task` that runs its work on the machine's actor and
/// delivers its outcomes there. Cancelling the invocation cancels the task (Swift's
/// cooperative cancellation); the machine drops whatever the work delivers afterwards.
///
/// A machine outside any actor has no actor to run the work on: give it a
/// ``SynchronousInvocationDriver`` such as ``ManualInvocationDriver``.
public final class TaskInvocationDriver: InvocationDriver, Sendable {
    public init() {}

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
        let run = carried.run
        do {
            switch run.routine.body {
            case .call(let call):
                let value = try await call(run.arguments)
                guard !Task.isCancelled else { return }
                run.deliver(.returned(value))
            case .stream(let elements):
                let next = elements(run.arguments).makeNext()
                while let element = try await next() {
                    guard !Task.isCancelled else { return }
                    run.deliver(.element(element))
                }
                guard !Task.isCancelled else { return }
                run.deliver(.finished)
            }
        } catch {
            guard !Task.isCancelled else { return }
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
