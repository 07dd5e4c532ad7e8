import Foundation
import Testing

/// `--sibling`: the other specs of a target, read for the machines they declare.
extension CommandLineTests {
    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form { on submit -> finished / emit signedIn(user: name) }
            final state finished
        }

        """

    static let app = """
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
            }
            state home(user: String) { on logOut -> onboarding }
        }

        """

    /// A sibling is not checked: its errors are reported where it is checked itself, once.
    @Test func aSiblingIsReadButNotChecked() async throws {
        try await withFiles(["Valid.fsm": Self.valid, "Broken.fsm": "machine Broken {\n    initial state form { on -> form }\n}\n"]) { directory in
            let alone = try await fsmc(["check", "Valid.fsm", "--sibling", "Broken.fsm"], in: directory)
            #expect(alone.status == 0)
            #expect(alone.stdout == "Checked 1 file: no errors, no warnings.\n")
            let both = try await fsmc(["check", "Valid.fsm", "Broken.fsm"], in: directory)
            #expect(both.status == 1)
        }
    }

    @Test func aMissingSiblingIsAnError() async throws {
        try await withFiles(["Valid.fsm": Self.valid]) { directory in
            for command in [["check"], ["generate", "--output", "out"]] {
                let run = try await fsmc(command + ["Valid.fsm", "--sibling", "Missing.fsm"], in: directory)
                #expect(run.status == 1)
                #expect(run.stderr == "fsmc: error: no such file or directory: 'Missing.fsm'\n")
            }
        }
    }

    /// A child machine is checked and generated against the specs named with it, or with
    /// `--sibling`; alone, the machine it invokes is unknown.
    @Test func childMachinesAreCheckedAndGeneratedWithTheirSiblings() async throws {
        try await withFiles(["App.fsm": Self.app, "SignIn.fsm": Self.signIn]) { directory in
            let check = try await fsmc(["check", "App.fsm", "--sibling", "SignIn.fsm"], in: directory)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout == "Checked 1 file: no errors, no warnings.\n")
            let generate = try await fsmc(["generate", "App.fsm", "SignIn.fsm", "--output", "out"], in: directory)
            #expect(generate.status == 0, "\(generate.stderr)")
            let app = try String(contentsOf: directory.appendingPathComponent("out/App.fsm.swift"), encoding: .utf8)
            #expect(app.contains("func signIn(observers: [any SignIn.Observer]) -> SignIn"))
            // One spec of a target, its folder the siblings: the spec itself is not its own sibling.
            let one = try await fsmc(["generate", "App.fsm", "--sibling", ".", "--output-file", "out/One.swift"], in: directory)
            #expect(one.status == 0, "\(one.stderr)")
            #expect(try String(contentsOf: directory.appendingPathComponent("out/One.swift"), encoding: .utf8) == app)
            let alone = try await fsmc(["check", "App.fsm"], in: directory)
            #expect(alone.status == 1)
            #expect(alone.stderr.hasPrefix("App.fsm:4:16: error: unknown machine 'SignIn'"), "\(alone.stderr)")
        }
    }
}
