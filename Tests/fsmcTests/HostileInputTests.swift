import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc` given what it cannot use: missing, unreadable, empty, binary and huge files,
/// output places that do not exist or cannot be written, two specs for one output. Each gets
/// one clear message and a non-zero exit, and no output file is left behind, whole, partial
/// or temporary.
@Suite struct HostileInputTests {
    let cli = CommandLineTests()

    /// Every command that reads one spec, writing its output (if any) into `out/`.
    static let commandsReadingASpec: [@Sendable (_ spec: String) -> [String]] = [
        { ["check", $0] },
        { ["generate", $0, "--output", "out"] },
        { ["generate", $0, "--output-file", "out/Spec.swift"] },
        { ["graph", $0, "--output", "out/Spec.dot"] },
        { ["paths", $0, "--output", "out/Spec.txt"] },
    ]

    /// Runs every command on `spec` in a folder with `files` and an empty `out/`: each must
    /// fail with `message` on stderr and leave `out/` empty. Returns how long the commands took
    /// together.
    @discardableResult
    func expectEveryCommandFails(
        on spec: String, with files: [String: [UInt8]] = [:], message: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Duration {
        var total = Duration.zero
        try await cli.withFiles(files.merging(["out/.keep": []]) { $1 }) { directory in
            for command in Self.commandsReadingASpec {
                let arguments = command(spec)
                let run = try await cli.fsmc(arguments, in: directory)
                total += run.duration
                #expect(run.status == 1, "\(arguments)", sourceLocation: sourceLocation)
                #expect(run.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
                #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
                #expect(try leftovers(in: directory.appendingPathComponent("out")) == [], "\(arguments)", sourceLocation: sourceLocation)
            }
        }
        return total
    }

    /// The files in `folder` other than `.keep`.
    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".keep" }.sorted()
    }

    /// Runs `fsmc` as the user `nobody` when the tests run as root, for whom no permission
    /// bit means anything; as the current user otherwise.
    func fsmcAsNobody(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        guard getuid() == 0 else { return try await cli.fsmc(arguments, in: directory) }
        let setpriv = try #require(ProcessRunner.executable(named: "setpriv"), "running as root needs setpriv to drop privileges")
        let fsmc = try CommandLineTests.executable().path
        return try await ProcessRunner.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", fsmc] + arguments, in: directory)
    }

    // MARK: - Inputs

    @Test func aMissingFile() async throws {
        try await expectEveryCommandFails(on: "Missing.fsm", message: "fsmc: error: no such file or directory: 'Missing.fsm'\n")
    }

    @Test func aDirectoryWithoutSpecs() async throws {
        let files = ["empty/notes.txt": Array("not a spec".utf8)]
        for arguments in [["check", "empty"], ["generate", "empty", "--output", "."]] {
            try await cli.withFiles(files) { directory in
                let run = try await cli.fsmc(arguments, in: directory)
                #expect(run.status == 1)
                #expect(run.stderr == "fsmc: error: no .fsm files in directory 'empty'\n")
            }
        }
        // graph and paths take one file: a directory is named as such.
        for arguments in [["graph", "empty"], ["paths", "empty"]] {
            try await cli.withFiles(files) { directory in
                let run = try await cli.fsmc(arguments, in: directory)
                #expect(run.status == 1)
                #expect(run.stderr == "fsmc: error: 'empty' is a directory; name a .fsm file\n")
            }
        }
    }

    @Test func anUnreadableFile() async throws {
        try await cli.withFiles(["Locked.fsm": Array(CommandLineTests.valid.utf8)]) { directory in
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: directory.appendingPathComponent("Locked.fsm").path)
            // The folder must let the unprivileged user in.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
            for arguments in [["check", "Locked.fsm"], ["graph", "Locked.fsm"], ["paths", "Locked.fsm"]] {
                let run = try await fsmcAsNobody(arguments, in: directory)
                #expect(run.status == 1)
                #expect(run.stderr.hasPrefix("fsmc: error: cannot read 'Locked.fsm': Permission denied\n"), "\(run.stderr)")
            }
        }
    }

    @Test func anEmptyFile() async throws {
        try await expectEveryCommandFails(
            on: "Empty.fsm", with: ["Empty.fsm": []],
            message: "Empty.fsm:1:1: error: the file declares no machine; write 'machine Name { … }'\n")
    }

    @Test func invalidUTF8() async throws {
        let bytes = Array("machine M {\n    event go\n    initial state a { on go -> a }\n}\n// \u{FF}".utf8) + [0xFF, 0xFE, 0x80]
        try await expectEveryCommandFails(
            on: "Binary.fsm", with: ["Binary.fsm": bytes], message: "Binary.fsm:5:6: error: the file is not valid UTF-8 (byte 0xFF)\n")
    }

    /// A 50 MB spec (a valid machine under a mountain of comments) is refused at once, with
    /// its size; so is a file that never ends.
    @Test func aFiftyMegabyteSpec() async throws {
        let line = Array("// \(String(repeating: "x", count: 76))\n".utf8)
        var bytes = Array(CommandLineTests.valid.utf8)
        bytes.reserveCapacity(50 << 20)
        while bytes.count < 50 << 20 { bytes += line }
        // Refused by its size, before it is read: no time is asserted (a loaded machine may take
        // any time to launch fsmc five times); that fsmc does not read to the end is shown by
        // the file that never ends, below.
        try await expectEveryCommandFails(
            on: "Huge.fsm", with: ["Huge.fsm": bytes],
            message: "fsmc: error: 'Huge.fsm' is larger than 1 MB, the most fsmc reads in a spec (it is 50 MB)\n")
        let endless = try await cli.fsmc(["check", "/dev/zero"], in: ExampleMachines.packageRoot)
        #expect(endless.status == 1)
        #expect(endless.stderr.hasPrefix("fsmc: error: '/dev/zero' is larger than 1 MB, the most fsmc reads in a spec\n"))
    }

    @Test func aSpecJustUnderTheLimitIsRead() async throws {
        var text = CommandLineTests.valid
        text += String(repeating: "// padding\n", count: ((1 << 20) - text.utf8.count) / 11)
        try await cli.withFiles(["Big.fsm": text]) { directory in
            let run = try await cli.fsmc(["generate", "Big.fsm", "--output-file", "Big.swift"], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Big.swift").path))
        }
    }

    // MARK: - Outputs

    @Test func generateCreatesAnOutputDirectoryThatDoesNotExist() async throws {
        for (arguments, written) in [
            (["generate", "Valid.fsm", "--output", "missing/deeper"], "missing/deeper/Valid.fsm.swift"),
            (["generate", "Valid.fsm", "--output-file", "missing/Valid.swift"], "missing/Valid.swift"),
        ] {
            try await cli.withFiles(["Valid.fsm": CommandLineTests.valid]) { directory in
                let run = try await cli.fsmc(arguments, in: directory)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.output == "")
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(written).path))
            }
        }
    }

    @Test func anOutputDirectoryThatDoesNotExist() async throws {
        for arguments in [
            ["graph", "Valid.fsm", "--output", "missing/Valid.dot"], ["paths", "Valid.fsm", "--output", "missing/Valid.txt"],
        ] {
            try await cli.withFiles(["Valid.fsm": CommandLineTests.valid]) { directory in
                let run = try await cli.fsmc(arguments, in: directory)
                #expect(run.status == 1)
                #expect(run.stderr.hasPrefix("fsmc: error: output directory '"), "\(run.stderr)")
                #expect(run.stderr.hasSuffix("/missing' does not exist\n"), "\(run.stderr)")
                #expect(try leftovers(in: directory) == ["Valid.fsm"])
            }
        }
    }

    @Test func anOutputDirectoryThatCannotBeWritten() async throws {
        try await cli.withFiles(["Valid.fsm": CommandLineTests.valid, "out/.keep": ""]) { directory in
            let out = directory.appendingPathComponent("out")
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: out.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path) }
            for arguments in [["generate", "Valid.fsm", "--output", "out"], ["graph", "Valid.fsm", "--output", "out/Valid.dot"]] {
                let run = try await fsmcAsNobody(arguments, in: directory)
                #expect(run.status == 1)
                #expect(run.stderr.hasPrefix("fsmc: error: cannot write to '"), "\(run.stderr)")
                #expect(run.stderr.hasSuffix("/out': Permission denied\n"), "\(run.stderr)")
                #expect(try leftovers(in: out) == [])
            }
        }
    }

    @Test func anOutputFileThatIsADirectoryOrUnderAFile() async throws {
        try await cli.withFiles(["Valid.fsm": CommandLineTests.valid, "out/Valid.fsm.swift/.keep": ""]) { directory in
            let run = try await cli.fsmc(["generate", "Valid.fsm", "--output", "out"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("fsmc: error: cannot write 'out/Valid.fsm.swift': Is a directory\n"), "\(run.stderr)")
            #expect(try leftovers(in: directory.appendingPathComponent("out")) == ["Valid.fsm.swift"])

            let under = try await cli.fsmc(["generate", "Valid.fsm", "--output-file", "Valid.fsm/Valid.swift"], in: directory)
            #expect(under.status == 1)
            #expect(under.stderr.hasSuffix("Valid.fsm' is not a directory\n"), "\(under.stderr)")
        }
    }

    @Test func twoSpecsThatWouldWriteTheSameFile() async throws {
        try await cli.withFiles([
            "a/Valid.fsm": CommandLineTests.valid, "b/Valid.fsm": CommandLineTests.valid, "out/.keep": "",
        ]) { directory in
            let run = try await cli.fsmc(["generate", "a", "b", "--output", "out"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "fsmc: error: 'b/Valid.fsm' and 'a/Valid.fsm' would both write 'out/Valid.fsm.swift'; rename one of them\n")
            #expect(try leftovers(in: directory.appendingPathComponent("out")) == [])
        }
    }

    @Test func generateNamesFilesAsTheBuildPluginDoes() async throws {
        try await cli.withFiles([
            "Sources/App/Player.fsm": CommandLineTests.valid, "Sources/App/Video/Player.fsm": CommandLineTests.valid,
            "Sources/App/Video/Deep/Clip.fsm": CommandLineTests.valid, "Door.fsm": CommandLineTests.valid,
        ]) { directory in
            let run = try await cli.fsmc(["generate", "Sources/App", "Door.fsm", "--output", "out"], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try leftovers(in: directory.appendingPathComponent("out")) == [
                "Door.fsm.swift", "Player.fsm.swift", "Video.Deep.Clip.fsm.swift", "Video.Player.fsm.swift",
            ])
        }
    }

    /// One broken spec among good ones writes nothing at all, and leaves what an earlier
    /// run wrote as it was.
    @Test func aBrokenSpecAmongGoodOnesWritesNothing() async throws {
        try await cli.withFiles([
            "specs/Valid.fsm": CommandLineTests.valid, "specs/Warned.fsm": CommandLineTests.warned, "out/.keep": "",
        ]) { directory in
            let first = try await cli.fsmc(["generate", "specs", "--output", "out"], in: directory)
            #expect(first.status == 0)
            let out = directory.appendingPathComponent("out")
            #expect(try leftovers(in: out) == ["Valid.fsm.swift", "Warned.fsm.swift"])
            let before = try Data(contentsOf: out.appendingPathComponent("Valid.fsm.swift"))

            try Data(CommandLineTests.broken.utf8).write(to: directory.appendingPathComponent("specs/Broken.fsm"))
            let changed = CommandLineTests.valid.replacingOccurrences(of: "event go", with: "event go\n    event stop")
            try Data(changed.utf8).write(to: directory.appendingPathComponent("specs/Valid.fsm"))
            let second = try await cli.fsmc(["generate", "specs", "--output", "out"], in: directory)
            #expect(second.status == 1)
            #expect(try leftovers(in: out) == ["Valid.fsm.swift", "Warned.fsm.swift"])
            #expect(try Data(contentsOf: out.appendingPathComponent("Valid.fsm.swift")) == before)
        }
    }
}
