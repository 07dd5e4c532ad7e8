import Foundation

/// Runs a tool and captures what it prints.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var output: String
        var description: String { "\(command.prefix(200)) exited with \(status):\n\(output.prefix(4000))" }
    }

    /// Runs `executable` with `arguments` and returns its standard output; throws with its
    /// output (standard error included) when it exits with a failure.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], input: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        try process.run()
        // Read both pipes while the tool runs: a full pipe would block it forever.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(
                command: ([executable.lastPathComponent] + arguments).joined(separator: " "), status: process.terminationStatus,
                output: text + String(decoding: errorData, as: UTF8.self))
        }
        return text
    }

    /// The first executable called `name` on the `PATH`.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
