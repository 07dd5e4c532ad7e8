import Foundation

/// Where SwiftPM put this build's products (the test bundle, `fsmc`, `fsmc-build`, `Modules/`
/// with `FSMRuntime.swiftmodule`), for tests that run `swiftc` against the built runtime and
/// tests that run the package's executables.
public enum BuildProducts {
    /// The folders the products may be in: the test bundle's (on Linux the test runner is the
    /// bundle itself, `fsmcPackageTests.xctest`; on macOS the tests run inside an `.xctest`
    /// bundle in the products directory).
    static let candidates: [URL] = {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories += [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        var seen: Set<String> = []
        return directories.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }()

    /// The products directory: the first candidate with the modules of the build.
    public static let directory: URL? = candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path)
    }

    /// An executable product of this package, such as `fsmc`, which SwiftPM puts next to the
    /// test bundle: the first of `names` found there. A test target that runs one lists it
    /// among its dependencies (or uses the plugin that runs it), so SwiftPM builds it before
    /// the tests; when it is missing all the same, this throws, and the test fails saying
    /// where it looked. It never skips.
    public static func executable(named names: String...) throws -> URL {
        for name in names {
            for directory in candidates {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        throw ExecutableNotFound(names: names, searched: candidates.map(\.path))
    }

    public struct ExecutableNotFound: Error, CustomStringConvertible {
        public var names: [String]
        public var searched: [String]
        public var description: String {
            "no executable named \(names.map { "'\($0)'" }.joined(separator: " or ")) in the build products directory "
                + "(looked in \(searched.joined(separator: ", "))). The test target depends on it, so "
                + "`swift build --build-tests` and `swift test` build it: run the tests through SwiftPM."
        }
    }
}
