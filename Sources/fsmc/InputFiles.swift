import Foundation

/// The `.fsm` files named on a command line: files as given, directories searched
/// recursively (hidden folders and `.build` skipped), in a stable sorted order.
struct InputFiles {
    struct Failure: Error {
        var message: String
    }

    static func collect(_ paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(message: "no such file or directory: '\(path)'")
            }
            guard isDirectory.boolValue else {
                files.append(path)
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

    private static func specs(in directory: String) -> [String] {
        // The enumerator lists nothing under a symbolic link to a directory: resolve it first.
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent.hasPrefix(".build") {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension == "fsm" {
                let relative = url.path.dropFirst(root.path.count).drop { $0 == "/" }
                found.append(directory.hasSuffix("/") ? directory + relative : directory + "/" + relative)
            }
        }
        return found.sorted()
    }

    /// Reads a spec's bytes.
    static func read(_ path: String) throws(Failure) -> SourceTextBytes {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw Failure(message: "cannot read '\(path)': permission denied or unreadable")
            }
            throw Failure(message: "cannot read '\(path)'")
        }
    }
}

typealias SourceTextBytes = Data
