import Foundation

/// What a program run by a test printed, and how it ended.
struct ProcessRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// stdout and stderr, for messages.
    var output: String { stdout + stderr }
}

/// Runs programs for tests: `fsmc` itself, Graphviz, PlantUML.
enum ProcessRunner {
    /// The first executable called `name` in the folders of `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to its end. stdin, stdout and stderr are files in a temporary folder, so
    /// that no pipe can fill up and block the program.
    static func run(
        _ executable: String, _ arguments: [String], input: String = "", in directory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> ProcessRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["stdin", "stdout", "stderr"].map { folder.appendingPathComponent($0) }
        try Data(input.utf8).write(to: files[0])
        try Data().write(to: files[1])
        try Data().write(to: files[2])
        let handles = [
            try FileHandle(forReadingFrom: files[0]), try FileHandle(forWritingTo: files[1]), try FileHandle(forWritingTo: files[2]),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = handles[0]
        process.standardOutput = handles[1]
        process.standardError = handles[2]
        try process.run()
        process.waitUntilExit()
        for handle in handles { try handle.close() }
        return ProcessRun(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self))
    }
}
