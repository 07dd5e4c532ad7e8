import Foundation
import TestSupport

/// Programs built from generated files and FSMRuntime's objects, and run: what the tests that
/// run generated machines (children, counterexamples) share.
extension SwiftCompiler {
    /// How a program built from generated files went: swiftc's output, and the run's status and
    /// output when it compiled.
    struct ProgramRun {
        var compiled: Bool
        var compilerOutput: String
        var status: Int32?
        var output: String
        var succeeded: Bool { compiled && status == 0 }
    }

    /// The build's products directory (``modules`` is its `Modules/`).
    var products: URL { modules.deletingLastPathComponent() }

    /// Compiles the files with FSMRuntime's objects into a program, Swift 6, warnings as
    /// errors, in a scratch directory, and runs it with `arguments` (a file named `main` is the
    /// program's top-level code).
    func run(_ files: [(name: String, swift: String)], moduleName: String, arguments: [String] = []) throws -> ProgramRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, swift) in files {
            let url = directory.appendingPathComponent(name + ".swift")
            try Data(swift.utf8).write(to: url)
            paths.append(url.path)
        }
        let objects = products.appendingPathComponent("FSMRuntime.build")
        // One object per source file (a whole-module build may make one for the module).
        let runtime = try FileManager.default.contentsOfDirectory(atPath: objects.path)
            .filter { $0.hasSuffix(".o") && !$0.hasSuffix(".swiftmodule.o") }
            .map { objects.appendingPathComponent($0).path }
        guard !runtime.isEmpty else {
            return ProgramRun(compiled: false, compilerOutput: "no FSMRuntime objects in \(objects.path)", output: "")
        }
        let program = directory.appendingPathComponent("program").path
        let compiled = try Subprocess.runBlocking(
            "swiftc",
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName, "-package-name", moduleName, "-I", modules.path, "-o", program]
                + paths + runtime)
        guard compiled.status == 0 else {
            return ProgramRun(compiled: false, compilerOutput: compiled.output, output: "")
        }
        let run = try Subprocess.runBlocking(program, arguments)
        return ProgramRun(compiled: true, compilerOutput: compiled.output, status: run.status, output: run.output)
    }
}
