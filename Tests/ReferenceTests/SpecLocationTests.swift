import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Swift's errors about what a spec wrote land at the spec's lines and columns: swiftc, run on
/// the generated file and a user's, reports mistyped payload and data types and a missing
/// module at the spec, and a missing action at the spec's first use of it.
@Suite struct SpecLocationTests {
    static let spec = """
        machine Typos {
            event seek(to: Doubel)
            event move(
                x: Int,
                y: Flaot)
            output shown(Strng)

            initial state idle {
                entry / greet
                on seek -> moving(at: spot)
            }
            state moving(at: Intt) {
                on move -> idle / emit shown("here")
            }
        }

        """

    /// The generated file and a user's file, type-checked; the lines of Swift's diagnostics
    /// (LLVM style: one `path:line:column: severity: message` line each) that name `spec`.
    static func diagnostics(of spec: String, named name: String, userCode: String) async throws -> [String] {
        let compilation = Compiler.compile(SourceText(spec))
        let machine = try #require(compilation.executable, "\(compilation.diagnostics)")
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-locations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated.swift")
        let user = folder.appendingPathComponent("User.swift")
        try Data(SwiftEmitter.emit(machine, sourceFileName: name, specPath: name).utf8).write(to: generated)
        try Data(userCode.utf8).write(to: user)
        let result = try await Subprocess.run(
            "swiftc",
            ["-typecheck", "-swift-version", "6", "-parse-as-library", "-diagnostic-style=llvm",
             "-I", build.appendingPathComponent("Modules").path, generated.path, user.path])
        #expect(result.status != 0)
        return result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(name + ":") }
    }

    @Test func mistypedTypesAreReportedAtTheSpec() async throws {
        let lines = try await Self.diagnostics(of: Self.spec, named: "Typos.fsm", userCode: "")
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors == [
            "Typos.fsm:12:22: error: cannot find type 'Intt' in scope",
            "Typos.fsm:2:20: error: cannot find type 'Doubel' in scope",
            "Typos.fsm:5:12: error: cannot find type 'Flaot' in scope",
            "Typos.fsm:6:18: error: cannot find type 'Strng' in scope",
            // The value function `spot` takes the payload and returns the data: its requirement
            // stands where the spec first names it.
            "Typos.fsm:10:51: error: cannot find type 'Intt' in scope",
            "Typos.fsm:10:40: error: cannot find type 'Doubel' in scope",
        ])
    }

    @Test func aMissingActionIsReportedWhereTheSpecFirstUsesIt() async throws {
        let spec = Self.spec.replacingOccurrences(of: "Doubel", with: "Double").replacingOccurrences(of: "Flaot", with: "Float")
            .replacingOccurrences(of: "Strng", with: "String").replacingOccurrences(of: "Intt", with: "Int")
        let lines = try await Self.diagnostics(of: spec, named: "Actions.fsm", userCode: """
            import FSMRuntime

            final class Implementation: Typos.Actions {
                func spot(to: Double) -> Int { 0 }
            }

            """)
        #expect(lines == ["Actions.fsm:9:17: note: protocol requires function 'greet()' with type '() -> ()'"])
    }

    @Test func aMissingModuleIsReportedAtTheSpecsImport() async throws {
        let spec = "import Foundation\n  import   Foundaton\n" + Self.spec.replacingOccurrences(of: "Doubel", with: "Double")
        let lines = try await Self.diagnostics(of: spec, named: "Imports.fsm", userCode: "")
        #expect(lines == ["Imports.fsm:2:12: error: no such module 'Foundaton'"])
    }
}
