import Foundation
import Testing

/// `interface` and `--sibling-interface`: what the build plugin runs, one spec's interface in a
/// file that changes only with the interface, read by the other specs' `generate`.
extension CommandLineTests {
    func modificationDate(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func theInterfaceIsWrittenOnlyWhenItChanges() async throws {
        try await withFiles(["SignIn.fsm": Self.signIn]) { directory in
            let file = directory.appendingPathComponent("SignIn.fsm.interface")
            let first = try await fsmc(["interface", "SignIn.fsm", "--output", file.path], in: directory)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.output == "")
            #expect(try String(contentsOf: file, encoding: .utf8) == """
                // fsmc machine interface 2
                // machine SignIn
                // finishes
                // output signedIn
                // parameter user String

                """)
            // A change to the body leaves the file alone, its date too.
            let past = Date(timeIntervalSince1970: 1_000_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
            let body = Self.signIn.replacingOccurrences(of: "final state finished", with: "final state finished\n    state spare")
            try Data(body.utf8).write(to: directory.appendingPathComponent("SignIn.fsm"))
            let again = try await fsmc(["interface", "SignIn.fsm", "--output", file.path], in: directory)
            #expect(again.status == 0)
            #expect(try modificationDate(file) == past)
            // A new output is a new interface.
            let output = body.replacingOccurrences(of: "output signedIn(user: String)", with: "output signedIn(user: String)\n    output cancelled")
            try Data(output.utf8).write(to: directory.appendingPathComponent("SignIn.fsm"))
            let changed = try await fsmc(["interface", "SignIn.fsm", "--output", file.path], in: directory)
            #expect(changed.status == 0)
            #expect(try modificationDate(file) != past)
            #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("// output cancelled\n"))
        }
    }

    /// `--sibling-interface` gives `generate` the machine `--sibling` gives it: the same Swift.
    @Test func anInterfaceFileStandsForItsSpec() async throws {
        try await withFiles(["App.fsm": Self.app, "SignIn.fsm": Self.signIn, "out/.keep": ""]) { directory in
            let interface = try await fsmc(["interface", "SignIn.fsm", "--output", "SignIn.fsm.interface"], in: directory)
            #expect(interface.status == 0)
            let viaInterface = try await fsmc(
                ["generate", "App.fsm", "--sibling-interface", "SignIn.fsm.interface", "--output-file", "out/a.swift"], in: directory)
            #expect(viaInterface.status == 0, "\(viaInterface.stderr)")
            let viaSpec = try await fsmc(["generate", "App.fsm", "--sibling", "SignIn.fsm", "--output-file", "out/b.swift"], in: directory)
            #expect(viaSpec.status == 0, "\(viaSpec.stderr)")
            let a = try Data(contentsOf: directory.appendingPathComponent("out/a.swift"))
            #expect(a == (try Data(contentsOf: directory.appendingPathComponent("out/b.swift"))))
            let check = try await fsmc(["check", "App.fsm", "--sibling-interface", "SignIn.fsm.interface"], in: directory)
            #expect(check.status == 0, "\(check.stderr)")
        }
    }

    /// An `@Observable` child says so in its interface, and a parent generated from the
    /// interface file needs Observation as the child does: its class is marked `@available`.
    @Test func anObservableChildsInterfaceMarksItsParents() async throws {
        let observable = "@Observable " + Self.signIn
        try await withFiles(["App.fsm": Self.app, "SignIn.fsm": observable, "out/.keep": ""]) { directory in
            let interface = try await fsmc(["interface", "SignIn.fsm", "--output", "SignIn.fsm.interface"], in: directory)
            #expect(interface.status == 0)
            let text = try String(contentsOf: directory.appendingPathComponent("SignIn.fsm.interface"), encoding: .utf8)
            #expect(text.contains("\n// observable\n"))
            let generate = try await fsmc(
                ["generate", "App.fsm", "--sibling-interface", "SignIn.fsm.interface", "--output-file", "out/App.swift"], in: directory)
            #expect(generate.status == 0, "\(generate.stderr)")
            let swift = try String(contentsOf: directory.appendingPathComponent("out/App.swift"), encoding: .utf8)
            #expect(swift.contains("\n@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)\nfinal class App {\n"))
            #expect(!swift.contains("import Observation"), "the parent uses no Observation API itself")
        }
    }

    /// A spec without a machine still gets its file (a build declared it); it adds nothing.
    @Test func aSpecWithoutAMachineHasAnEmptyInterface() async throws {
        try await withFiles(["Empty.fsm": "// nothing yet\n", "Valid.fsm": Self.valid]) { directory in
            let run = try await fsmc(["interface", "Empty.fsm", "--output", "Empty.fsm.interface"], in: directory)
            #expect(run.status == 0)
            #expect(try String(contentsOf: directory.appendingPathComponent("Empty.fsm.interface"), encoding: .utf8) == "// fsmc machine interface 2\n")
            let check = try await fsmc(["check", "Valid.fsm", "--sibling-interface", "Empty.fsm.interface"], in: directory)
            #expect(check.status == 0, "\(check.stderr)")
        }
    }

    @Test func aMalformedInterfaceFileIsALocatedError() async throws {
        let files = [
            "Valid.fsm": Self.valid, "Bad.interface": "// fsmc machine interface 2\n// machine Bad\n// finishes soon\n",
            
        ]
        try await withFiles(files) { directory in
            for command in [["check"], ["generate", "--output", "out"]] {
                let run = try await fsmc(command + ["Valid.fsm", "--sibling-interface", "Bad.interface"], in: directory)
                #expect(run.status == 1)
                #expect(run.stderr == "fsmc: error: Bad.interface:3: malformed machine interface: unexpected line 'finishes soon'; 'interface' writes it again from its spec\n")
                let missing = try await fsmc(command + ["Valid.fsm", "--sibling-interface", "Missing.interface"], in: directory)
                #expect(missing.status == 1)
                #expect(missing.stderr == "fsmc: error: no such file or directory: 'Missing.interface'\n")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        }
        try await withFiles(["Valid.fsm": Array(Self.valid.utf8), "Bad.interface": [0x66, 0xFF, 0x0A]]) { directory in
            let run = try await fsmc(["check", "Valid.fsm", "--sibling-interface", "Bad.interface"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "fsmc: error: 'Bad.interface' is not a machine interface: it is not UTF-8\n")
        }
    }

    @Test func interfaceNeedsOneSpecAndAnOutput() async throws {
        try await withFiles(["Valid.fsm": Self.valid]) { directory in
            for arguments in [["interface", "Valid.fsm"], ["interface", "--output", "x"], ["interface", "Valid.fsm", "Valid.fsm", "--output", "x"]] {
                let run = try await fsmc(arguments, in: directory)
                #expect(run.status == 2)
                #expect(run.stderr == "fsmc interface: error: name one spec and --output <file>\n")
            }
            let missing = try await fsmc(["interface", "Missing.fsm", "--output", "x"], in: directory)
            #expect(missing.status == 1)
            #expect(missing.stderr == "fsmc: error: no such file or directory: 'Missing.fsm'\n")
        }
    }
}
