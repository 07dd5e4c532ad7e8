import Foundation

/// What a program run by a test printed, and how it ended.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// From the launch to the end of the process, as its termination handler saw it: how long
    /// the program took, not how long the test waited for a thread to go on afterwards.
    public var duration: Duration
    /// stdout and stderr, for messages.
    public var output: String { stdout + stderr }

    public init(status: Int32, stdout: String, stderr: String, duration: Duration = .zero) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.duration = duration
    }
}

/// Runs programs for tests: `fsmc` itself, `fsmc-build`, `swiftc`, Graphviz, PlantUML, xmllint.
///
/// Swift Testing runs every test as a task on the cooperative pool, which has one thread per
/// core (two here) and serves its jobs first come, first served, and `swift test` runs every
/// test target in one process. A test that waits for a child with `waitUntilExit()` holds one
/// of those threads for the child's whole run, and every job queued behind it waits too: the
/// tests of real-time timers, whose actors need a pool thread to run the timer's action,
/// failed after a minute on a busy machine. So ``run(_:_:input:in:environment:combiningOutput:)``
/// is `async`: it suspends until the child's termination handler (called on a Foundation
/// thread, not the pool's) resumes it, and no thread waits.
/// ``runBlocking(_:_:input:in:environment:combiningOutput:)`` is for callers already on a thread
/// of their own (``onOwnThread(_:)``).
public enum ProcessRunner {
    /// The first executable called `name` in the folders of `PATH`.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to its end without holding a thread while it runs. stdin, stdout and
    /// stderr are files in a temporary folder, so that no pipe can fill up and block the
    /// program, and nobody has to read a pipe while waiting. With `combiningOutput`, stderr
    /// goes to stdout's file, interleaved as the program wrote them (``ProcessRun/stderr`` is
    /// then empty).
    public static func run(
        _ executable: String, _ arguments: [String], input: String = "", in directory: URL? = nil,
        environment: [String: String]? = nil, combiningOutput: Bool = false
    ) async throws -> ProcessRun {
        await slots.acquire()
        do {
            let run = try await runNow(executable, arguments, input: input, in: directory, environment: environment, combiningOutput: combiningOutput)
            await slots.release()
            return run
        } catch {
            await slots.release()
            throw error
        }
    }

    /// How many children ``run(_:_:input:in:environment:combiningOutput:)`` lets run at once:
    /// two per core. Hundreds of tests start together (the determinism test alone runs `fsmc`
    /// for over two hundred specs); launched all at once, their children would only fight for
    /// the cores and the memory, this machine's builds' and the timer tests' included. The
    /// others wait for a slot without holding a thread.
    public static let concurrentChildren = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)

    private static let slots = Slots(concurrentChildren)

    private static func runNow(
        _ executable: String, _ arguments: [String], input: String, in directory: URL?,
        environment: [String: String]?, combiningOutput: Bool
    ) async throws -> ProcessRun {
        let launch = try Launch(executable, arguments, input: input, in: directory, environment: environment, combiningOutput: combiningOutput)
        defer { launch.cleanUp() }
        let (status, duration): (Int32, Duration) = try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            let start = ContinuousClock.now
            launch.process.terminationHandler = { process in
                once.resume(with: .success((process.terminationStatus, ContinuousClock.now - start)))
            }
            do {
                try launch.process.run()
            } catch {
                launch.process.terminationHandler = nil
                once.resume(with: .failure(error))
            }
        }
        return try launch.collect(status: status, duration: duration)
    }

    /// Runs a program to its end, blocking the calling thread: only for callers that are not
    /// on the cooperative pool, such as work inside ``onOwnThread(_:)``.
    public static func runBlocking(
        _ executable: String, _ arguments: [String], input: String = "", in directory: URL? = nil,
        environment: [String: String]? = nil, combiningOutput: Bool = false
    ) throws -> ProcessRun {
        let launch = try Launch(executable, arguments, input: input, in: directory, environment: environment, combiningOutput: combiningOutput)
        defer { launch.cleanUp() }
        let start = ContinuousClock.now
        try launch.process.run()
        launch.process.waitUntilExit()
        return try launch.collect(status: launch.process.terminationStatus, duration: ContinuousClock.now - start)
    }

    /// A process set up to read and write files in a temporary folder of its own.
    private final class Launch: @unchecked Sendable {
        let process = Process()
        let folder: URL
        let files: [URL]
        let handles: [FileHandle]
        let combiningOutput: Bool

        init(
            _ executable: String, _ arguments: [String], input: String, in directory: URL?, environment: [String: String]?,
            combiningOutput: Bool
        ) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-tool-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.folder = folder
            let files = ["stdin", "stdout", "stderr"].map { folder.appendingPathComponent($0) }
            self.files = files
            try Data(input.utf8).write(to: files[0])
            try Data().write(to: files[1])
            try Data().write(to: files[2])
            handles = [
                try FileHandle(forReadingFrom: files[0]), try FileHandle(forWritingTo: files[1]), try FileHandle(forWritingTo: files[2]),
            ]
            self.combiningOutput = combiningOutput
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            if let environment { process.environment = environment }
            process.standardInput = handles[0]
            process.standardOutput = handles[1]
            process.standardError = combiningOutput ? handles[1] : handles[2]
        }

        /// What the ended process wrote.
        func collect(status: Int32, duration: Duration) throws -> ProcessRun {
            for handle in handles { try? handle.close() }
            return ProcessRun(
                status: status,
                stdout: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self),
                duration: duration)
        }

        func cleanUp() {
            for handle in handles { try? handle.close() }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A counting semaphore whose waiters suspend instead of blocking a thread.
    private actor Slots {
        private var available: Int
        private var waiters: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) {
            available = count
        }

        func acquire() async {
            if available > 0 {
                available -= 1
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        func release() {
            if waiters.isEmpty {
                available += 1
            } else {
                waiters.removeFirst().resume()
            }
        }
    }

    /// Resumes a continuation at most once: the termination handler and a failed launch each
    /// try.
    private final class ResumeOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<(Int32, Duration), any Error>?

        init(_ continuation: CheckedContinuation<(Int32, Duration), any Error>) {
            self.continuation = continuation
        }

        func resume(with result: Result<(Int32, Duration), any Error>) {
            lock.lock()
            let continuation = self.continuation
            self.continuation = nil
            lock.unlock()
            continuation?.resume(with: result)
        }
    }
}

/// Runs a program found on the `PATH` (`swiftc`) and collects its combined output.
public enum Subprocess {
    /// Runs the program without holding a thread while it runs (see ``ProcessRunner``).
    public static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await ProcessRunner.run("/usr/bin/env", [program] + arguments, combiningOutput: true)
        return (run.status, run.stdout)
    }

    /// Runs the program, blocking the calling thread: only off the cooperative pool, inside
    /// ``onOwnThread(_:)``.
    public static func runBlocking(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ProcessRunner.runBlocking("/usr/bin/env", [program] + arguments, combiningOutput: true)
        return (run.status, run.stdout)
    }
}
