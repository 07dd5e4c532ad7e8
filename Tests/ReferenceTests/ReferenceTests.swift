import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Reference tests: each spec's generated Swift must equal the reviewed file checked in under
/// `Expected/`. Set `FSMC_RECORD_REFERENCES=1` to write the current output there instead,
/// then review the change with `git diff`.
@Suite("Generated Swift matches the reviewed reference files")
struct ReferenceTests {
    @Test(arguments: ReferenceSpecs.all)
    func generatedSwiftMatchesReference(_ spec: ReferenceSpec) throws {
        let generated = try spec.generate()
        let expectedURL = ReferenceSpecs.expectedDirectory.appendingPathComponent(spec.outputName)
        if ProcessInfo.processInfo.environment["FSMC_RECORD_REFERENCES"] == "1" {
            try Data(generated.utf8).write(to: expectedURL)
            return
        }
        let expected = try #require(
            try? String(contentsOf: expectedURL, encoding: .utf8),
            "No reference file \(spec.outputName); record it with FSMC_RECORD_REFERENCES=1 swift test --filter ReferenceTests")
        #expect(generated == expected, "\(spec.outputName) differs from its reference:\n\(LineDiff(expected: expected, actual: generated))")
    }

    /// Generating twice gives the same bytes: output never depends on hashing order.
    @Test(arguments: ReferenceSpecs.all)
    func generationIsDeterministic(_ spec: ReferenceSpec) throws {
        #expect(try spec.generate() == spec.generate())
    }

    /// Every reference file compiles under Swift 6 with warnings as errors, against FSMRuntime,
    /// with and without `-D FSMC_RECORDING`.
    /// Through SIL (`-emit-sil`), not `-typecheck`: code that will never be executed is a
    /// warning only the SIL diagnostic passes give (issue 26).
    ///
    /// Two modules, as two targets would build them: the example machines with the Swift of
    /// `machines/` that implements their actions and declares their payload types (the Machines
    /// target), and the other specs alone; DESIGN's `Profile` is in both.
    @Test func referenceFilesCompileWithoutWarnings() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let modules = build.appendingPathComponent("Modules")
        func references(_ specs: [ReferenceSpec]) -> [String] {
            specs.map { ReferenceSpecs.expectedDirectory.appendingPathComponent($0.outputName).path }
        }
        let machinesSwift = try FileManager.default.contentsOfDirectory(atPath: ReferenceSpecs.machinesDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { ReferenceSpecs.machinesDirectory.appendingPathComponent($0).path }
        let modulesToBuild = [
            ("Machines", references(ReferenceSpecs.all.filter(\.isExampleMachine)) + machinesSwift),
            ("ReferenceTests", references(ReferenceSpecs.all.filter { !$0.isExampleMachine })),
        ]
        // Without and with the recording support, which only `FSMC_RECORDING` compiles.
        for (name, files) in modulesToBuild {
            for defines in [[], ["-D", "FSMC_RECORDING"]] {
                let result = try await Subprocess.run(
                    "swiftc",
                    ["-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                     "-module-name", name, "-package-name", name, "-I", modules.path] + defines + files)
                #expect(result.status == 0, "swiftc \(defines.joined(separator: " ")) failed on module \(name):\n\(result.output)")
            }
        }
    }
}
