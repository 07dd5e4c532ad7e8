import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs command-line tools (the Swift compiler, `swift build`) and captures what they print.
enum Subprocess {
    struct Result {
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String
        /// Wall-clock time.
        var seconds: Double
        /// CPU time of the process and of the processes it waited for (a compiler driver's
        /// frontend), user and system: unlike wall-clock time, it leaves out the time other
        /// processes had the cores.
        var cpuSeconds: Double
    }

    /// Runs `executable` with `arguments` in `directory` (this process's by default) and waits
    /// for it to finish.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let cpuBefore = childrenCPUSeconds()
        let (data, seconds) = try Stopwatch.measure {
            try process.run()
            // Read before waiting: a full pipe would block the child forever.
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return Result(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), seconds: seconds,
            cpuSeconds: childrenCPUSeconds() - cpuBefore)
    }

    /// The CPU time of every child process waited for so far; runs are one at a time, so the
    /// difference over one run is that run's.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The first executable called `name` on the `PATH`.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
