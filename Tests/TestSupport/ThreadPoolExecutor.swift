import Foundation

/// A task executor of a few threads of its own, for tests that compute: their synchronous
/// bodies run here instead of on Swift's cooperative pool.
///
/// `swift test` runs every test target in one process, and Swift Testing starts all the tests
/// at once, as tasks of the cooperative pool: one thread per core, serving its jobs first come,
/// first served, and each synchronous test body runs to its end on one of those threads. A test
/// of a real-time timer (FSMRuntimeTests, MachinesTests) sleeps 50 ms and then waits for a pool
/// thread behind every job queued before it: the thousand cases of FSMCompilerTests, seconds of
/// computation each on a busy machine, made it wait for over a minute and fail. Run on this
/// executor (with `withTaskExecutorPreference`), the computing tests queue here, and the pool
/// stays free for the tasks that only need a moment of it.
public final class ThreadPoolExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor of the computing tests: one thread per core, so they use the cores the pool
    /// leaves idle, and share them with it when both are busy.
    public static let shared = ThreadPoolExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    public init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "ThreadPoolExecutor \(index)"
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
