import FSMCommands
import Foundation
import Testing
import TestSupport

/// `fsmc-build generate --cache-directory`, as the build plugin runs it: a run whose spec, sibling
/// interfaces, arguments and tool are unchanged reuses the kept result (the build log counts no
/// check), prints the same diagnostics and exits the same; anything else that decides the result
/// is checked again, and so is a spec with errors, every time.
@Suite struct GenerateCacheTests {
    /// What one run did: its exit, its output, and the lines it added to `FSMC_BUILD_LOG`.
    struct Outcome {
        var run: ProcessRun
        var log: [String]
    }

    /// Runs `tool` (the plugin's `fsmc-build` by default) with `arguments` in `directory`, with
    /// `FSMC_BUILD_LOG` set to a fresh file.
    func generate(_ arguments: [String], in directory: URL, tool: URL? = nil) async throws -> Outcome {
        let log = directory.appendingPathComponent("build-\(UUID().uuidString).log")
        var environment = ProcessInfo.processInfo.environment
        environment["FSMC_BUILD_LOG"] = log.path
        let run = try await ProcessRunner.run(
            (tool ?? FSMCBuildTests.executable()).path, arguments, in: directory, environment: environment)
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        try? FileManager.default.removeItem(at: log)
        return Outcome(run: run, log: lines)
    }

    func entries(in directory: URL) throws -> [String] {
        let cache = directory.appendingPathComponent("cache")
        guard FileManager.default.fileExists(atPath: cache.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".entry") }.sorted()
    }

    static let arguments = ["generate", "Warned.fsm", "--output-file", "out/Warned.fsm.swift", "--cache-directory", "cache"]

    @Test func anUnchangedSpecIsReusedWithItsWarnings() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": SampleSpecs.warned]) { directory in
            let first = try await generate(Self.arguments, in: directory)
            #expect(first.run.status == 0, "\(first.run.output)")
            #expect(first.log == ["checked Warned.fsm"])
            #expect(first.run.stderr == "Warned.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'\n")
            let output = directory.appendingPathComponent("out/Warned.fsm.swift")
            let swift = try Data(contentsOf: output)
            #expect(try entries(in: directory).count == 1)

            // The file is left alone (its date too), and the warnings are printed again.
            let past = Date(timeIntervalSince1970: 1_000_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output.path)
            let second = try await generate(Self.arguments, in: directory)
            #expect(second.log == ["reused Warned.fsm"])
            #expect(second.run.status == first.run.status)
            #expect(second.run.stdout == first.run.stdout)
            #expect(second.run.stderr == first.run.stderr)
            #expect(try CommandLineTests().modificationDate(output) == past)

            // A missing or changed output is written again from the kept result.
            try FileManager.default.removeItem(at: output)
            let third = try await generate(Self.arguments, in: directory)
            #expect(third.log == ["reused Warned.fsm"])
            #expect(try Data(contentsOf: output) == swift)

            // The same run without the cache checks, and writes the same Swift.
            let uncached = try await generate(Array(Self.arguments.dropLast(2)), in: directory)
            #expect(uncached.log == ["checked Warned.fsm"])
            #expect(uncached.run.stderr == first.run.stderr)
            #expect(try Data(contentsOf: output) == swift)
        }
    }

    @Test func aChangedSpecOrOptionIsCheckedAgain() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": SampleSpecs.warned]) { directory in
            #expect(try await generate(Self.arguments, in: directory).log == ["checked Warned.fsm"])
            let edited = SampleSpecs.warned.replacingOccurrences(of: "state orphan", with: "state stray")
            try Data(edited.utf8).write(to: directory.appendingPathComponent("Warned.fsm"))
            let changed = try await generate(Self.arguments, in: directory)
            #expect(changed.log == ["checked Warned.fsm"])
            #expect(changed.run.stderr.contains("'stray'"), "\(changed.run.stderr)")
            #expect(try await generate(Self.arguments, in: directory).log == ["reused Warned.fsm"])
            // An option that may change the result is part of the key.
            let bounded = try await generate(Self.arguments + ["--kept-events", "5"], in: directory)
            #expect(bounded.log == ["checked Warned.fsm"])
            // Back to the first text: its entry is still kept (a few per command line).
            try Data(SampleSpecs.warned.utf8).write(to: directory.appendingPathComponent("Warned.fsm"))
            #expect(try await generate(Self.arguments, in: directory).log == ["reused Warned.fsm"])
        }
    }

    @Test func aChangedSiblingInterfaceIsCheckedAgain() async throws {
        let files = ["App.fsm": CommandLineTests.app, "SignIn.fsm": CommandLineTests.signIn]
        try await CommandLineTests().withFiles(files) { directory in
            let interface = ["interface", "SignIn.fsm", "--output", "interfaces/SignIn.fsm.interface.swift"]
            #expect(try await CommandLineTests().fsmc(interface, in: directory).status == 0)
            let arguments = [
                "generate", "App.fsm", "--output-file", "out/App.fsm.swift", "--cache-directory", "cache",
                "--sibling-interface", "interfaces/SignIn.fsm.interface.swift",
            ]
            #expect(try await generate(arguments, in: directory).log == ["checked App.fsm"])
            #expect(try await generate(arguments, in: directory).log == ["reused App.fsm"])
            let swift = try Data(contentsOf: directory.appendingPathComponent("out/App.fsm.swift"))
            // SignIn's output gains a parameter: App's Swift changes, so App is checked again.
            let changed = CommandLineTests.signIn
                .replacingOccurrences(of: "signedIn(user: String)", with: "signedIn(user: String, admin: Bool)")
                .replacingOccurrences(of: "signedIn(user: name)", with: "signedIn(user: name, admin: false)")
            try Data(changed.utf8).write(to: directory.appendingPathComponent("SignIn.fsm"))
            #expect(try await CommandLineTests().fsmc(interface, in: directory).status == 0)
            let again = try await generate(arguments, in: directory)
            #expect(again.run.status == 0, "\(again.run.output)")
            #expect(again.log == ["checked App.fsm"])
            #expect(try Data(contentsOf: directory.appendingPathComponent("out/App.fsm.swift")) != swift)
        }
    }

    /// The tool is known by its bytes: the same executable elsewhere, or touched, reuses the
    /// result; one byte more (a tool built from other sources at the same version) does not.
    @Test func anotherToolIsCheckedAgain() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": SampleSpecs.warned]) { directory in
            #expect(try await generate(Self.arguments, in: directory).log == ["checked Warned.fsm"])
            let copy = directory.appendingPathComponent("bin/fsmc-build")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try FSMCBuildTests.executable(), to: copy)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: copy.path)
            #expect(try await generate(Self.arguments, in: directory, tool: copy).log == ["reused Warned.fsm"])
            #if os(Linux)
            // (An ELF executable runs with bytes appended; a signed Mach-O would not.)
            let handle = try FileHandle(forWritingTo: copy)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([0]))
            try handle.close()
            let changed = try await generate(Self.arguments, in: directory, tool: copy)
            #expect(changed.run.status == 0, "\(changed.run.output)")
            #expect(changed.log == ["checked Warned.fsm"])
            #expect(try await generate(Self.arguments, in: directory).log == ["reused Warned.fsm"])
            #endif
        }
    }

    @Test(arguments: ["garbage", "truncated", "altered", "empty", "directory"])
    func aDamagedEntryIsAMiss(_ damage: String) async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": SampleSpecs.warned]) { directory in
            let first = try await generate(Self.arguments, in: directory)
            let output = directory.appendingPathComponent("out/Warned.fsm.swift")
            let swift = try Data(contentsOf: output)
            let entry = directory.appendingPathComponent("cache").appendingPathComponent(try #require(try entries(in: directory).first))
            let bytes = try Data(contentsOf: entry)
            switch damage {
            case "garbage": try Data("not an entry\n".utf8).write(to: entry)
            case "truncated": try bytes.prefix(bytes.count - 40).write(to: entry)
            case "altered":
                // One byte of the kept Swift changed, the rest intact.
                var altered = bytes
                let index = try #require(altered.lastRange(of: Data("final class".utf8))).lowerBound
                altered[index] = UInt8(ascii: "F")
                try altered.write(to: entry)
            case "empty": try Data().write(to: entry)
            default:
                try FileManager.default.removeItem(at: entry)
                try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: false)
            }
            try FileManager.default.removeItem(at: output)
            let second = try await generate(Self.arguments, in: directory)
            #expect(second.run.status == 0, "\(second.run.output)")
            #expect(second.log == ["checked Warned.fsm"])
            #expect(second.run.stderr == first.run.stderr)
            #expect(try Data(contentsOf: output) == swift)
            if damage != "directory" {
                // The entry was written again.
                #expect(try await generate(Self.arguments, in: directory).log == ["reused Warned.fsm"])
            }
        }
    }

    @Test func errorsAreReportedEveryTime() async throws {
        try await CommandLineTests().withFiles(["Broken.fsm": SampleSpecs.broken, "Warned.fsm": SampleSpecs.warned]) { directory in
            let arguments = ["generate", "Broken.fsm", "--output-file", "out/Broken.fsm.swift", "--cache-directory", "cache"]
            let first = try await generate(arguments, in: directory)
            let second = try await generate(arguments, in: directory)
            for run in [first, second] {
                #expect(run.run.status == 1)
                #expect(run.run.stderr == """
                    Broken.fsm:3:32: error: unknown state 'nowhere'
                    Broken.fsm:4:18: error: unknown event 'stop'

                    """)
                #expect(run.log == ["checked Broken.fsm"])
            }
            // Warnings made errors: the same.
            for _ in 0..<2 {
                let strict = try await generate(Self.arguments + ["--warnings-as-errors"], in: directory)
                #expect(strict.run.status == 1)
                #expect(strict.log == ["checked Warned.fsm"])
            }
            #expect(try entries(in: directory).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        }
    }

    /// At most three entries per command line: the newest.
    @Test func theCacheKeepsAFewEntriesPerCommand() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": SampleSpecs.warned, "Valid.fsm": SampleSpecs.valid]) { directory in
            #expect(try await generate(
                ["generate", "Valid.fsm", "--output-file", "out/Valid.fsm.swift", "--cache-directory", "cache"], in: directory
            ).log == ["checked Valid.fsm"])
            for name in ["one", "two", "three", "four", "five"] {
                let text = SampleSpecs.warned.replacingOccurrences(of: "orphan", with: name)
                try Data(text.utf8).write(to: directory.appendingPathComponent("Warned.fsm"))
                #expect(try await generate(Self.arguments, in: directory).log == ["checked Warned.fsm"])
            }
            // Three of Warned's, and Valid's.
            #expect(try entries(in: directory).count == 4)
            try Data(SampleSpecs.warned.replacingOccurrences(of: "orphan", with: "three").utf8)
                .write(to: directory.appendingPathComponent("Warned.fsm"))
            #expect(try await generate(Self.arguments, in: directory).log == ["reused Warned.fsm"])
            try Data(SampleSpecs.warned.replacingOccurrences(of: "orphan", with: "one").utf8)
                .write(to: directory.appendingPathComponent("Warned.fsm"))
            #expect(try await generate(Self.arguments, in: directory).log == ["checked Warned.fsm"])
        }
    }

    /// XXH64's published values, short and long (the stripes of 32 bytes), and the same digest
    /// whatever the pieces the input comes in.
    @Test func xxHash64GivesThePublishedDigests() {
        #expect(XXHash64.digest([]) == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.digest(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXHash64.digest(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(XXHash64.digest(Array("Hello, World!".utf8), seed: 42) == 0xC2E0_FE28_B251_2846)
        let long = Array(String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 3).utf8)
        #expect(XXHash64.digest(long) == 0x873A_F01D_71BD_0C23)
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for piece in [1, 5, 31, 32, 33, 100] {
            var hash = XXHash64()
            for start in stride(from: 0, to: bytes.count, by: piece) {
                hash.update(Array(bytes[start..<min(start + piece, bytes.count)]))
            }
            #expect(hash.digest == XXHash64.digest(bytes), "pieces of \(piece)")
        }
    }
}
