import FSMCompiler
import Foundation
import Testing

/// A spec with a reference file: the machines of `machines/`, the construct specs of
/// `Tests/ReferenceTests/Specs/` and of its `ControlLanguage/` and `Observation/` folders, and
/// the machines with invocations of `Tests/InvocationMachinesTests/Specs/`.
struct ReferenceSpec: CustomTestStringConvertible, Sendable {
    var url: URL
    /// `Player.fsm` has its reference in `Player.swift`; see ``ReferenceSpecs/all`` for the
    /// one exception.
    var outputName: String

    init(url: URL, outputName: String? = nil) {
        self.url = url
        self.outputName = outputName ?? url.deletingPathExtension().lastPathComponent + ".swift"
    }

    var testDescription: String { outputName }

    /// Whether the spec is one of the example machines of `machines/`, whose Swift needs the
    /// types of the Machines target (`User` in `Profile.fsm`).
    var isExampleMachine: Bool {
        url.deletingLastPathComponent().standardizedFileURL == ReferenceSpecs.machinesDirectory.standardizedFileURL
    }

    /// The spec compiled as the plugin compiles it: the other specs of its folder (its target)
    /// are the machines it may invoke.
    func compile() throws -> Compilation {
        let folder = url.deletingLastPathComponent()
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".fsm") && $0 != url.lastPathComponent }.sorted()
            .map { SourceText(bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
        return Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url))), machines: MachineCatalog(specs: siblings))
    }

    func generate() throws -> String {
        let compilation = try compile()
        guard let machine = compilation.executable, !compilation.hasErrors else {
            throw SpecError(message: DiagnosticRenderer(path: url.path).render(compilation.diagnostics))
        }
        // Mapped to the spec by its path from the package's root, as `fsmc generate` run there
        // writes it: no machine's absolute path in a reference file.
        let relativePath = String(url.standardizedFileURL.path.dropFirst(ReferenceSpecs.packageDirectory.standardizedFileURL.path.count + 1))
        return SwiftEmitter.emit(machine, sourceFileName: url.lastPathComponent, specPath: relativePath)
    }

    struct SpecError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

enum ReferenceSpecs {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let expectedDirectory = testsDirectory.appendingPathComponent("Expected")

    /// The specs of SCXML's control language (atomic regions, several targets, history
    /// defaults, `reenter`, constant guards), apart from the construct specs that the other
    /// back ends' tests read too (diagrams, SCXML export and import, spec text, test paths):
    /// the Swift back end generates them already; move them into `Specs/` as the others
    /// follow.
    static let controlLanguageDirectory = testsDirectory.appendingPathComponent("Specs/ControlLanguage")

    /// An `@Observable` child machine, its parent and its grandparent: the availability every
    /// machine that runs an observable one needs (`AvailabilityTests`).
    static let observationDirectory = testsDirectory.appendingPathComponent("Specs/Observation")

    /// The specs with invocations, which InvocationMachinesTests runs.
    static let invocationsDirectory = packageDirectory.appendingPathComponent("Tests/InvocationMachinesTests/Specs")

    /// The example machines, which the Machines target builds.
    static let machinesDirectory = packageDirectory.appendingPathComponent("machines")

    /// Every spec with a reference file. DESIGN's `Profile` is both an example machine
    /// (`machines/Profile.fsm`, with the app's `User` and `Change`) and InvocationMachinesTests'
    /// spec (`String` and `Int` for them): an example machine whose name a spec of another
    /// folder has too gets its reference under the target's name, `Machines.Profile.swift`, as
    /// the plugin names a spec of a subfolder.
    static let all: [ReferenceSpec] = {
        let folders = [
            machinesDirectory, testsDirectory.appendingPathComponent("Specs"), controlLanguageDirectory, observationDirectory,
            invocationsDirectory,
        ]
        let specs = folders.map { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".fsm") }.sorted()
        }
        let namesElsewhere = Set(specs.dropFirst().joined())
        return zip(folders, specs).flatMap { folder, names in
            names.map { name in
                let url = folder.appendingPathComponent(name)
                let shared = folder == machinesDirectory && namesElsewhere.contains(name)
                return ReferenceSpec(url: url, outputName: shared ? "Machines." + url.deletingPathExtension().lastPathComponent + ".swift" : nil)
            }
        }
    }()
}
