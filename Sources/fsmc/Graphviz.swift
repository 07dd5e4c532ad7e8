import FSMCommands
import Foundation

/// Graphviz's `dot`, found on the PATH, rendering DOT source to SVG.
enum Graphviz {
    struct Failure: Error {
        var message: String
    }

    /// What `dot` made: the SVG, and whatever it printed on stderr while succeeding.
    struct Rendering {
        var svg: String
        var warnings: String
    }

    /// How to get `dot` on the usual systems.
    static let installHint = "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or use --format dot"

    /// Runs `dot -Tsvg` on `source`. Input and output go through files in a temporary folder
    /// and only stderr through a pipe, so no pipe can fill up and block either side.
    static func svg(fromDOT source: String) throws(Failure) -> Rendering {
        guard let executable = executable(named: "dot") else {
            throw Failure(message: "--format svg needs Graphviz's 'dot' on the PATH; \(installHint)")
        }
        let fileManager = FileManager.default
        let folder = fileManager.temporaryDirectory.appendingPathComponent("fsmc-graph-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: folder) }
        let input = folder.appendingPathComponent("graph.dot")
        let output = folder.appendingPathComponent("graph.svg")
        let process = Process()
        let errors = Pipe()
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: input)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-Tsvg", "-o", output.path, input.path]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
        } catch {
            throw Failure(message: "cannot run '\(executable)': \(error.localizedDescription)")
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let svg = try? Data(contentsOf: output)
        else {
            throw Failure(message: "'\(executable) -Tsvg' failed with status \(process.terminationStatus)\(stderr.isEmpty ? "" : ":\n" + stderr)")
        }
        return Rendering(svg: String(decoding: svg, as: UTF8.self), warnings: stderr)
    }

    /// The first executable file called `name` in the folders of `PATH`.
    static func executable(named name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }
}
