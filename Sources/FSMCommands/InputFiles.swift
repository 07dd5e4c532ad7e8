import FSMChecker
import FSMCore
import Foundation

/// The `.fsm` files named on a command line: files as given, directories searched
/// recursively (hidden folders and `.build` skipped), in a stable sorted order.
package struct InputFiles {
    package struct Failure: Error {
        package var message: String
    }

    package static func collect(_ paths: [String]) throws(Failure) -> [String] {
        try collectWithPlaces(paths).map(\.path)
    }

    /// The specs, each with its path below the directory named on the command line (its
    /// file name when it was named itself): the place `fsmc generate` names its output after.
    static func collectWithPlaces(_ paths: [String]) throws(Failure) -> [(path: String, place: String)] {
        var files: [(path: String, place: String)] = []
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(message: "no such file or directory: '\(path)'")
            }
            guard isDirectory.boolValue else {
                files.append((path, (path as NSString).lastPathComponent))
                continue
            }
            let found = specs(in: path)
            guard !found.isEmpty else {
                throw Failure(message: "no .fsm files in directory '\(path)'")
            }
            files.append(contentsOf: found)
        }
        return files
    }

    private static func specs(in directory: String) -> [(path: String, place: String)] {
        // The enumerator lists nothing under a symbolic link to a directory: resolve it first.
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(path: String, place: String)] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent.hasPrefix(".build") {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension == "fsm" {
                let relative = String(url.path.dropFirst(root.path.count).drop { $0 == "/" })
                found.append((directory.hasSuffix("/") ? directory + relative : directory + "/" + relative, relative))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The largest spec fsmc reads (see ``Compiler/maximumSpecSize``).
    package static let maximumSpecSize = Compiler.maximumSpecSize

    /// What a command reads, for its messages: a spec (`.fsm`), for `fsmc import` a chart,
    /// a machine's interface that `interface` wrote, or for `fsmc replay` a recorded run.
    package enum Kind {
        case spec, chart, interface, trace

        var file: String {
            switch self {
            case .spec: "a .fsm file"
            case .chart: "an .scxml file"
            case .interface: "a machine interface file"
            case .trace: "a recorded run (.jsonl)"
            }
        }

        var noun: String {
            switch self {
            case .spec: "spec"
            case .chart: "chart"
            case .interface: "machine interface"
            case .trace: "recorded run"
            }
        }

        /// The largest file of this kind fsmc reads: a recorded run of a long session is far
        /// larger than any spec.
        var maximumSize: Int {
            self == .trace ? 64 * maximumSpecSize : maximumSpecSize
        }
    }

    /// Reads a spec's (or a chart's, …) bytes: a file of at most ``maximumSpecSize`` bytes (64
    /// times that for a recorded run).
    package static func read(_ path: String, kind: Kind = .spec) throws(Failure) -> SourceTextBytes {
        let maximumSize = kind.maximumSize
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(message: "no such file or directory: '\(path)'")
        }
        guard !isDirectory.boolValue else {
            throw Failure(message: "'\(path)' is a directory; name \(kind.file)")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            // One byte more than allowed tells a file that is too large without reading it
            // whole (it may be a device or a pipe that never ends).
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw Failure(message: "cannot read '\(path)': \(FileErrorReason.describe(error))")
        }
        guard data.count <= maximumSize else {
            // A device or a pipe has no size to tell.
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let actual = size > maximumSize ? " (it is \(megabytes(size)) MB)" : ""
            throw Failure(message: "'\(path)' is larger than \(megabytes(maximumSize)) MB, the most fsmc reads in a \(kind.noun)\(actual)")
        }
        return data
    }

    /// A size in megabytes (2^20 bytes), with one decimal below 10.
    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 || value == value.rounded() ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

package typealias SourceTextBytes = Data
