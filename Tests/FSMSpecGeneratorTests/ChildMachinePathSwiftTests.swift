import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Swift Testing paths that drive child machines (`fsmc paths --format swift-testing
/// --sibling …`): the machines' Swift and the paths' tests, as fsmc writes them, compiled with
/// `-warnings-as-errors` into one program whose entry point is Swift Testing's, and run: every
/// path must pass on the generated machines, each child made through the parent's `Actions`,
/// sent its events, its outputs and completion reaching the parent.
@Suite(.serialized) struct ChildMachinePathSwiftTests {
    /// A child with two events the same (empty) guard answers send: one emits, one finishes
    /// silently.
    static let resolver = """
        machine Resolver {
            event keepMine
            event keepTheirs
            output resolved(keepMine: Bool)
            initial state asking {
                on keepMine -> finished / emit resolved(keepMine: true)
                on keepTheirs -> finished
            }
            final state finished
        }
        """

    static let parent = """
        machine Parent {
            event go
            initial state idle { on go -> resolving }
            state resolving {
                invoke Resolver as resolver
                on resolver.resolved -> later
                done resolver -> dirty
            }
            state later { on go -> idle }
            state dirty { on go -> idle }
        }
        """

    /// A child invoked twice, once from a state with data (its factory gets it), with a guard
    /// and a timer (on the path's clock), running a grandchild with a guard of its own.
    static let shop = """
        machine Shop {
            event back
            event enter(user: String)
            initial state account {
                invoke SignIn as signIn
                initial state home { on back -> retry }
                done signIn -> retry
            }
            state retry { on enter -> member(member: user) }
            state member(member: String) {
                invoke SignIn as again
                on again.signedIn [isAdmin] -> account
                on again.expired -> retry
                on back -> retry
            }
        }
        """

    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            output expired
            initial state form {
                on submit [isValid] -> checking
                after 1s -> locked / emit expired
            }
            state locked
            state checking {
                invoke Verify as verify
                on verify.verified -> finished / emit signedIn(user: "x")
            }
            final state finished
        }
        """

    static let verify = """
        machine Verify {
            event code
            output verified
            initial state waiting { on code [codeMatches] -> passed / emit verified }
            final state passed
        }
        """

    /// The machines' Swift and the paths' tests of `parent` with its `siblings`, as
    /// `fsmc generate` and `fsmc paths --format swift-testing --sibling` write them, and how
    /// many tests they hold.
    static func files(_ parent: String, siblings: [String]) throws -> (files: [(name: String, swift: String)], tests: Int, plan: TestPlan) {
        var files: [(name: String, swift: String)] = []
        var children: [String: ExecutableMachine] = [:]
        for sibling in siblings {
            let others = siblings.filter { $0 != sibling }.map { SourceText($0) }
            let compilation = Compiler.compile(SourceText(sibling), machines: MachineCatalog(specs: others))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            children[machine.model.name] = machine
            files.append((machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm")))
        }
        let compilation = Compiler.compile(SourceText(parent), machines: MachineCatalog(specs: siblings.map { SourceText($0) }))
        let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
        #expect(PathsSwiftTestingEmitter.refusals(machine.model, children: children.mapValues(\.model)).isEmpty)
        let plan = PathPlanner.plan(machine, children: children)
        let name = machine.model.name
        files.append((name, SwiftEmitter.emit(machine, sourceFileName: name + ".fsm")))
        let paths = PathsSwiftTestingEmitter.emit(plan, sourceFileName: name + ".fsm", module: nil)
        files.append((name + "Paths", paths))
        if let folder = ProcessInfo.processInfo.environment["FSMC_CHILD_MACHINE_SWIFT"] {
            for (name, swift) in files { try Data(swift.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".swift")) }
        }
        return (files, plan.reachPaths.count + plan.coveragePaths.count, plan)
    }

    static func run(_ files: [(name: String, swift: String)]) async throws -> SwiftCompiler.ProgramRun {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        return try await onOwnThread { try compiler.run(files + [("main", CounterexampleSwiftTests.main)], moduleName: "ChildPaths") }
    }

    @Test func theResolverPairsPathsPassOnTheGeneratedMachines() async throws {
        let (files, tests, plan) = try Self.files(Self.parent, siblings: [Self.resolver])
        #expect(plan.uncoveredTransitions.isEmpty)
        let paths = files.last!.swift
        #expect(paths.contains("try #require(script.runningResolver).send(.keepTheirs)"))
        #expect(paths.contains("weak var runningResolver: Resolver?"))
        let run = try await Self.run(files)
        #expect(run.succeeded, "\(run.compiled ? run.output : run.compilerOutput)")
        #expect(CounterexampleSwiftTests.testsRun(in: run.output) == tests, "\(run.output)")
    }

    @Test func grandchildrenTimersGuardsAndStateDataPassOnTheGeneratedMachines() async throws {
        let (files, tests, plan) = try Self.files(Self.shop, siblings: [Self.signIn, Self.verify])
        #expect(plan.uncoveredTransitions.isEmpty, "\(PathsTextEmitter.emit(plan, sourceFileName: "Shop.fsm"))")
        let paths = files.last!.swift
        // The grandchild, made by the child's script, is kept by the path's.
        #expect(paths.contains("try #require(script.runningSignInVerify).send(.code)"))
        #expect(paths.contains("func again(member: String, observers: [any SignIn.Observer]) -> SignIn {"))
        #expect(paths.contains("let child = SignIn(actions: AgainPathScript(script: self), clock: clock, invocations: invocations, observers: observers)"))
        let run = try await Self.run(files)
        #expect(run.succeeded, "\(run.compiled ? run.output : run.compilerOutput)")
        #expect(CounterexampleSwiftTests.testsRun(in: run.output) == tests, "\(run.output)")
    }
}
