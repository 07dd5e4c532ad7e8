import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc graph` and `fsmc paths` with `--sibling`: the charts of child machines drawn beside
/// their parent's, and paths that step the children, run as a subprocess.
@Suite struct ChildMachineCommandTests {
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

    func fsmc(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory)
    }

    static func models() throws -> (app: ExecutableMachine, signIn: ExecutableMachine) {
        let app = Compiler.compile(SourceText(Self.app), machines: MachineCatalog(specs: [SourceText(signIn)]))
        let signIn = Compiler.compile(SourceText(Self.signIn))
        return (try #require(app.executable), try #require(signIn.executable))
    }

    @Test
    func graphDrawsTheChildsChartBesideItsParent() async throws {
        try await CommandLineTests().withFiles(["App.fsm": Self.app, "SignIn.fsm": Self.signIn]) { directory in
            let run = try await fsmc(["graph", "App.fsm", "--sibling", "SignIn.fsm"], in: directory)
            #expect(run.stderr == "")
            #expect(run.status == 0)
            let (app, signIn) = try Self.models()
            #expect(run.stdout == DotEmitter.emit(app.model, children: ["SignIn": signIn.model]))
        }
    }

    @Test
    func pathsStepTheChildAndSwiftTestingDrivesIt() async throws {
        try await CommandLineTests().withFiles(["App.fsm": Self.app, "SignIn.fsm": Self.signIn]) { directory in
            let run = try await fsmc(["paths", "App.fsm", "--sibling", "SignIn.fsm", "--format", "json"], in: directory)
            #expect(run.stderr == "")
            #expect(run.status == 0)
            let (app, signIn) = try Self.models()
            let plan = PathPlanner.plan(app, children: ["SignIn": signIn])
            #expect(run.stdout == PathsJSONEmitter.emit(plan, sourceFileName: "App.fsm"))
            let swift = try await fsmc(["paths", "App.fsm", "--sibling", "SignIn.fsm", "--format", "swift-testing"], in: directory)
            #expect(swift.stderr == "")
            #expect(swift.status == 0)
            #expect(swift.stdout == PathsSwiftTestingEmitter.emit(
                plan, sourceFileName: "App.fsm", module: nil, specPath: "App.fsm", siblingPaths: ["SignIn.fsm"]))
            #expect(swift.stdout.contains("// regenerate with `fsmc paths App.fsm --sibling SignIn.fsm --format swift-testing`."))
            #expect(swift.stdout.contains("try #require(script.runningSignIn).send("))
        }
    }

    @Test
    func exportWritesTheChildInsideItsParentsDocumentAndRefusesItWithoutTheSibling() async throws {
        try await CommandLineTests().withFiles(["App.fsm": Self.app, "SignIn.fsm": Self.signIn]) { directory in
            let run = try await fsmc(["export", "App.fsm", "--sibling", "SignIn.fsm", "--format", "scxml"], in: directory)
            #expect(run.stderr == "")
            #expect(run.status == 0)
            let (app, signIn) = try Self.models()
            #expect(run.stdout == SCXMLEmitter.emit(app.model, children: ["SignIn": signIn.model]))
            #expect(run.stdout.contains("<invoke"))
            let alone = try await fsmc(["export", "App.fsm", "--format", "scxml"], in: directory)
            #expect(alone.status == 1)
            #expect(alone.stdout == "")
            #expect(alone.stderr.contains("App.fsm:4:16: error: unknown machine 'SignIn'"), "\(alone.stderr)")
        }
    }

    @Test func aSiblingThatCannotBeReadIsAnError() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid]) { directory in
            for command in ["graph", "paths", "export"] {
                let run = try await fsmc([command, "Valid.fsm", "--sibling", "Missing.fsm"], in: directory)
                #expect(run.status == 1)
                #expect(run.stdout == "")
                #expect(run.stderr.hasPrefix("fsmc: error: "), "\(command): \(run.stderr)")
            }
        }
    }

    @Test func siblingsChangeNothingForASpecWithoutChildren() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid, "SignIn.fsm": Self.signIn]) { directory in
            for command in ["graph", "paths", "export"] {
                let alone = try await fsmc([command, "Valid.fsm"], in: directory)
                let withSibling = try await fsmc([command, "Valid.fsm", "--sibling", "SignIn.fsm"], in: directory)
                #expect(alone.status == 0)
                #expect(withSibling.stdout == alone.stdout)
                #expect(withSibling.stderr == alone.stderr)
            }
        }
    }
}
