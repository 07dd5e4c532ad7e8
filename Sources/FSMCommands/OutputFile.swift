import Foundation

/// Writes generated files so that a build never sees a half-written or needlessly touched one.
package enum OutputFile {
    package struct Failure: Error {
        package var message: String
    }

    /// Creates a folder, and the folders above it, unless it exists (as a folder or not: a
    /// file in the way is reported when something is written under it).
    static func createDirectory(_ path: String) throws(Failure) {
        guard !path.isEmpty, !FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot create the output directory '\(path)': \(FileErrorReason.describe(error))")
        }
    }

    /// Writes `contents` to `path` through a temporary file and a rename, and only when the
    /// bytes differ from what is there (so the build system sees no change to rebuild).
    /// Returns whether the file was written.
    @discardableResult
    package static func write(_ contents: String, to path: String) throws(Failure) -> Bool {
        try write(Data(contents.utf8), to: path)
    }

    /// Writes bytes the way the text form above writes a text.
    @discardableResult
    static func write(_ data: Data, to path: String) throws(Failure) -> Bool {
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing == data {
            return false
        }
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw Failure(message: "output directory '\(directory.path)' does not exist")
        }
        guard isDirectory.boolValue else {
            throw Failure(message: "cannot write '\(path)': '\(directory.path)' is not a directory")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            // A write that failed part way (a full disk) must not leave the partial file.
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(message: "cannot write to '\(directory.path)': \(FileErrorReason.describe(error))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(message: "cannot write '\(path)': \(reason)")
        }
        return true
    }
}
