import Foundation

/// Where SwiftPM put this build's products (the test bundle, `fsmc`, `Modules/` with
/// `FSMRuntime.swiftmodule`), for tests that run `swiftc` against the built runtime.
public enum BuildProducts {
    public static let directory: URL? = {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(), URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path) }
    }()
}

/// Runs a program found on the PATH and collects its combined output.
public enum Subprocess {
    public static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
