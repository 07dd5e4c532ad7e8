import Foundation

/// Where and how the figures were taken, printed first and stored in the JSON.
struct BenchEnvironment: Codable {
    var date: String
    var host: String
    var processor: String
    var logicalCores: Int
    var operatingSystem: String
    var swift: String
    var configuration: String
    /// The 1-, 5- and 15-minute load averages when the run started: other work skews timings.
    var loadAverage: String

    /// Whether this is a release build; a debug build's timings and allocations mean little.
    static var isOptimizedBuild: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    static func current() -> BenchEnvironment {
        let swiftVersion = Subprocess.find("swift").flatMap { try? Subprocess.run($0, ["--version"]).output }
        return BenchEnvironment(
            date: ISO8601DateFormatter().string(from: Date()),
            host: ProcessInfo.processInfo.hostName,
            processor: field("model name", inFile: "/proc/cpuinfo") ?? "unknown",
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            operatingSystem: field("PRETTY_NAME", inFile: "/etc/os-release")?.trimmingCharacters(in: ["\""])
                ?? ProcessInfo.processInfo.operatingSystemVersionString,
            swift: swiftVersion?.split(separator: "\n").first.map(String.init) ?? "unknown",
            configuration: isOptimizedBuild ? "release" : "debug",
            loadAverage: readSystemFile("/proc/loadavg")?
                .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown")
    }

    /// The value of the first `name: value` or `name=value` line of a text file.
    private static func field(_ name: String, inFile path: String) -> String? {
        guard let text = readSystemFile(path) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let rest = line.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            guard let separator = rest.first, separator == ":" || separator == "=" else { continue }
            return rest.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    var text: String {
        """
        \(date) on \(host): \(processor), \(logicalCores) logical cores, \(operatingSystem)
        \(swift), \(configuration) build; load average \(loadAverage)
        """
    }
}
