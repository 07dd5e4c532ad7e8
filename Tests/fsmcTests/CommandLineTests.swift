import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The `fsmc` executable, run as a subprocess: exit codes, stdout and stderr.
@Suite struct CommandLineTests {
    // MARK: - Running fsmc

    typealias Run = ProcessRun

    /// The `fsmc` binary SwiftPM built for this target, which depends on it, in the build
    /// products directory; a test fails with where it looked when it is missing.
    static func executable() throws -> URL {
        try BuildProducts.executable(named: "fsmc")
    }

    /// Runs `fsmc` with arguments in a directory; stdout and stderr go to files, so a large
    /// output cannot block the child on a full pipe, and the test waits for it without holding
    /// a thread of the cooperative pool (see ``ProcessRunner``).
    func fsmc(_ arguments: [String], in directory: URL, input: String = "", environment: [String: String]? = nil) async throws -> Run {
        try await ProcessRunner.run(Self.executable().path, arguments, input: input, in: directory, environment: environment)
    }

    /// A fresh temporary directory with files (relative path → bytes), removed afterwards.
    func withFiles(_ files: [String: [UInt8]], _ body: (URL) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try await body(root)
    }

    func withFiles(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
        try await withFiles(files.mapValues { Array($0.utf8) }, body)
    }

    static let valid = SampleSpecs.valid
    static let broken = SampleSpecs.broken
    static let warned = SampleSpecs.warned

    // MARK: - check

    @Test func theExampleMachinesCheckCleanly() async throws {
        let run = try await fsmc(["check", "machines"], in: ExampleMachines.packageRoot)
        #expect(run.stderr == "")
        #expect(run.stdout == "Checked 12 files: no errors, no warnings.\n")
        #expect(run.status == 0)
    }

    @Test func aBrokenSpecFailsWithLocatedErrors() async throws {
        try await withFiles(["Broken.fsm": Self.broken]) { directory in
            let run = try await fsmc(["check", "Broken.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Broken.fsm:3:32: error: unknown state 'nowhere'
                Broken.fsm:4:18: error: unknown event 'stop'
                Checked 1 file: 2 errors, no warnings.

                """)
        }
    }

    @Test func pathsArePrintedAsGiven() async throws {
        try await withFiles(["sub/Broken.fsm": Self.broken]) { directory in
            let absolute = directory.appendingPathComponent("sub/Broken.fsm").path
            let run = try await fsmc(["check", absolute], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("\(absolute):3:32: error: unknown state 'nowhere'\n"))
        }
    }

    @Test func warningsPassUnlessTreatedAsErrors() async throws {
        try await withFiles(["Warned.fsm": Self.warned]) { directory in
            let run = try await fsmc(["check", "Warned.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "Warned.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'\n")
            #expect(run.stdout == "Checked 1 file: no errors, 1 warning.\n")

            let strict = try await fsmc(["check", "--warnings-as-errors", "Warned.fsm"], in: directory)
            #expect(strict.status == 1)
            #expect(strict.stdout == "")
            #expect(strict.stderr == """
                Warned.fsm:5:11: error: state 'orphan' is unreachable from the initial state 'a'
                Checked 1 file: 1 error, no warnings.

                """)
            // Options may follow the files.
            let after = try await fsmc(["check", "Warned.fsm", "--warnings-as-errors"], in: directory)
            #expect(after.status == 1)
        }
    }

    @Test func severalFilesAreCheckedInTheOrderGiven() async throws {
        try await withFiles(["b/Valid.fsm": Self.valid, "a/Broken.fsm": Self.broken, "Warned.fsm": Self.warned]) { directory in
            let run = try await fsmc(["check", "b/Valid.fsm", "Warned.fsm", "a/Broken.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Warned.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'
                a/Broken.fsm:3:32: error: unknown state 'nowhere'
                a/Broken.fsm:4:18: error: unknown event 'stop'
                Checked 3 files: 2 errors, 1 warning.

                """)
        }
    }

    @Test func directoriesAreSearchedRecursivelyInSortedOrder() async throws {
        try await withFiles([
            "specs/Zeta.fsm": Self.broken,
            "specs/alpha/gamma/Delta.fsm": Self.broken,
            "specs/alpha/Beta.fsm": Self.warned,
            "specs/alpha/Valid.fsm": Self.valid,
            "specs/notes.txt": "not a spec",
            "specs/.hidden/Hidden.fsm": Self.broken,
            "specs/.build/Built.fsm": Self.broken,
        ]) { directory in
            let run = try await fsmc(["check", "specs"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == """
                specs/Zeta.fsm:3:32: error: unknown state 'nowhere'
                specs/Zeta.fsm:4:18: error: unknown event 'stop'
                specs/alpha/Beta.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'
                specs/alpha/gamma/Delta.fsm:3:32: error: unknown state 'nowhere'
                specs/alpha/gamma/Delta.fsm:4:18: error: unknown event 'stop'
                Checked 4 files: 4 errors, 1 warning.

                """)
            let slash = try await fsmc(["check", "specs/alpha/"], in: directory)
            #expect(slash.stderr.hasPrefix("specs/alpha/Beta.fsm:5:11: warning:"))
            #expect(slash.stderr.hasSuffix("Checked 3 files: 2 errors, 1 warning.\n"))
        }
    }

    @Test func aSymbolicLinkToADirectoryIsSearched() async throws {
        try await withFiles(["real/sub/Broken.fsm": Self.broken]) { directory in
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent("linked"), withDestinationURL: directory.appendingPathComponent("real"))
            let run = try await fsmc(["check", "linked"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("linked/sub/Broken.fsm:3:32: error: unknown state 'nowhere'\n"))
        }
    }

    @Test func aDirectoryWithoutSpecsIsAnError() async throws {
        try await withFiles(["empty/readme.txt": "nothing here"]) { directory in
            let run = try await fsmc(["check", "empty"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == "fsmc: error: no .fsm files in directory 'empty'\n")
        }
    }

    @Test func aMissingFileIsAnError() async throws {
        try await withFiles(["Valid.fsm": Self.valid]) { directory in
            let run = try await fsmc(["check", "Valid.fsm", "Missing.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == "fsmc: error: no such file or directory: 'Missing.fsm'\n")
        }
    }

    @Test func anEmptyFileDeclaresNoMachine() async throws {
        try await withFiles(["Empty.fsm": ""]) { directory in
            let run = try await fsmc(["check", "Empty.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == """
                Empty.fsm:1:1: error: the file declares no machine; write 'machine Name { … }'
                Checked 1 file: 1 error, no warnings.

                """)
        }
    }

    @Test func invalidUTF8IsAnErrorNotACrash() async throws {
        let bytes = Array("machine M {\n  event ".utf8) + [0xC3, 0x28] + Array(" go\n}\n".utf8)
        try await withFiles(["Bad.fsm": bytes]) { directory in
            let run = try await fsmc(["check", "Bad.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == """
                Bad.fsm:2:9: error: the file is not valid UTF-8 (byte 0xC3)
                Checked 1 file: 1 error, no warnings.

                """)
        }
    }

    @Test func aDoubleDashEndsTheOptions() async throws {
        try await withFiles(["-odd.fsm": Self.valid]) { directory in
            let run = try await fsmc(["check", "--", "-odd.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stdout == "Checked 1 file: no errors, no warnings.\n")
        }
    }

    // MARK: - Usage

    @Test func noArgumentsPrintsTheUsageAndExits2() async throws {
        let run = try await fsmc([], in: ExampleMachines.packageRoot)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("fsmc \(fsmcVersion) — a state machine compiler for Swift\n\nUsage: fsmc <command> [arguments] [options]\n"))
        #expect(run.stderr.contains("\n  check "))
    }

    @Test(arguments: [
        (["frobnicate"], "fsmc: error: unknown command 'frobnicate'\n\nfsmc \(fsmcVersion) — "),
        (["--frobnicate"], "fsmc: error: unknown option '--frobnicate'\n\nfsmc \(fsmcVersion) — "),
        (["check", "--frobnicate", "x.fsm"], "fsmc check: error: unknown option '--frobnicate' for 'check'\n\nChecks "),
        (["check", "--warnings-as-errors=yes", "x.fsm"], "fsmc check: error: option '--warnings-as-errors' takes no value\n\nChecks "),
        (["check"], "fsmc check: error: name at least one .fsm file or directory\n"),
    ])
    func badUsageExits2(_ arguments: [String], _ message: String) async throws {
        let run = try await fsmc(arguments, in: ExampleMachines.packageRoot)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix(message))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpPrintsTheUsage(_ arguments: [String]) async throws {
        let run = try await fsmc(arguments, in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("fsmc \(fsmcVersion) — a state machine compiler for Swift\n"))
        #expect(run.stdout.contains("\n  check "))
        #expect(run.stdout.contains("Exit status: 0 when all is well, 1 when a spec has errors, 2 on bad usage.\n"))
    }

    @Test func versionPrintsTheVersion() async throws {
        let run = try await fsmc(["--version"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stdout == "fsmc \(fsmcVersion)\n")
        #expect(run.stderr == "")
    }

    @Test func checkHelpDescribesTheCommand() async throws {
        let run = try await fsmc(["check", "--help"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("""
            Checks .fsm specs and reports errors and warnings.

            Usage: fsmc check <file-or-directory>... [options]

            Options:

            """))
        // The options' help is aligned in one column, as wide as the longest option needs.
        let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("  --warnings-as-errors ") }
        #expect(line?.hasSuffix(" Treat warnings as errors (exit 1 on any).") == true, "\(run.stdout)")
        #expect(run.stdout.contains("  --help"))
    }
}
