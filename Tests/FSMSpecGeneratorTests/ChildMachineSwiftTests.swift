import FSMCompiler
import Foundation
import Testing
import TestSupport

/// DESIGN's `SignIn` and `App`, generated, compiled
/// with `-warnings-as-errors` into a program that runs them against FSMRuntime, step by step
/// beside the interpreter: the child starts at the end of the macrostep that entered its state,
/// an output that leaves the state means the child's completion is dropped, a cancelled child
/// exits its states and is heard no more, and a child's completion takes `done`.
@Suite(.serialized) struct ChildMachineSwiftTests {
    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form { on submit -> finished / emit signedIn(user: name) }
            final state finished
        }
        """

    /// DESIGN's `App`, with a way out of `onboarding` that the child does not give.
    static let app = """
        machine App {
            event logOut
            event skip
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
                on skip -> home(user: "nobody")
            }
            state home(user: String) { on logOut -> onboarding }
        }
        """

    /// The program: each stimulus after a `#` line naming it; each line after it what the
    /// machines did, as `trace(_:)` spells the interpreter's.
    static let program = """
        import FSMRuntime

        final class Watcher: App.Observer, SignIn.Observer {
            func machine(_ machine: App, didEnter state: App.StateID) { print("enter \\(state.rawValue)") }
            func machine(_ machine: App, didExit state: App.StateID) { print("exit \\(state.rawValue)") }
            func machine(_ machine: App, didStart invocation: App.Invocation) { print("start \\(invocation.rawValue)") }
            func machine(_ machine: App, didCancel invocation: App.Invocation) { print("cancel \\(invocation.rawValue)") }
            func machine(_ machine: App, didDropResultOf invocation: App.Invocation) { print("drop \\(invocation.rawValue)") }
            func machine(_ machine: SignIn, didEnter state: SignIn.State) { print("signIn: enter \\(state)") }
            func machine(_ machine: SignIn, didExit state: SignIn.State) {
                print("signIn: exit \\(state)")
                let whenChildExits = self.whenChildExits
                self.whenChildExits = nil
                whenChildExits?()
            }
            /// Called once, inside the step of the child that exits a state next.
            var whenChildExits: (() -> Void)?
        }

        final class AppActions: App.Actions {
            let watcher: Watcher
            weak var child: SignIn?

            init(watcher: Watcher) { self.watcher = watcher }

            func signIn(observers: [any SignIn.Observer]) -> SignIn {
                let child = SignIn(observers: observers + [watcher])
                self.child = child
                return child
            }
        }

        let watcher = Watcher()
        let actions = AppActions(watcher: watcher)
        print("# start")
        let app = App(actions: actions, invocations: ManualInvocationDriver(), observers: [watcher])
        var restored: App?
        for stimulus in CommandLine.arguments.dropFirst() {
            print("# \\(stimulus)")
            switch stimulus {
            case "submit": actions.child?.send(.submit(name: "ann"))
            case "logOut": app.send(.logOut)
            case "skip": app.send(.skip)
            // A second parent, restored in `onboarding`, then released.
            case "restore": restored = App(actions: actions, invocations: ManualInvocationDriver(), observers: [watcher], restoring: .onboarding)
            case "release": restored = nil
            // The restored parent released by an observer of its child, inside the child's step.
            case "submitReleasing":
                watcher.whenChildExits = { restored = nil }
                actions.child?.send(.submit(name: "bob"))
            default: fatalError(stimulus)
            }
            if case .home(let user) = app.state { print("# user \\(user)") }
        }
        // The slot let go of the last child: cancelled or finished, nothing holds it.
        print("# child released \\(actions.child == nil)")
        """

    /// What a run of the program printed, by stimulus.
    struct Printed {
        var steps: [String: [String]] = [:]
        var order: [String] = []
    }

    @Test(arguments: [
        // The output leaves `onboarding`: the completion queued behind it is dropped.
        ("", ["submit", "logOut", "skip", "logOut", "submit"], ["ann", "", "nobody", "", "ann"], ""),
        // Without a transition on the output, the completion takes `done`.
        ("on signIn.signedIn -> home(user: user)", ["submit", "logOut", "submit"], ["guest", "", "guest"], ""),
        // Both on the main actor.
        ("", ["submit", "logOut", "skip", "logOut", "submit"], ["ann", "", "nobody", "", "ann"], "@MainActor "),
    ])
    func theGeneratedPairAgreesWithTheInterpreter(_ removed: String, _ script: [String], _ users: [String], _ attribute: String) async throws {
        let appSpec = attribute + (removed.isEmpty ? Self.app : Self.app.replacingOccurrences(of: removed, with: ""))
        let signInSpec = attribute + Self.signIn
        let catalog = MachineCatalog(specs: [SourceText(signInSpec)])
        let signIn = try #require(Compiler.compile(SourceText(signInSpec)).executable)
        let appCompilation = Compiler.compile(SourceText(appSpec), machines: catalog)
        let app = try #require(appCompilation.executable, "\(appCompilation.diagnostics.map(\.message))")
        let files = [
            ("SignIn", SwiftEmitter.emit(signIn, sourceFileName: "SignIn.fsm")),
            ("App", SwiftEmitter.emit(app, sourceFileName: "App.fsm")),
            ("main", Self.program),
        ]
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let output = try await onOwnThread { try Self.compileAndRun(files, build: build, arguments: script) }
        // To read what was compiled and printed: FSMC_CHILD_MACHINE_SWIFT=<folder>.
        if let folder = ProcessInfo.processInfo.environment["FSMC_CHILD_MACHINE_SWIFT"] {
            for (name, swift) in files + [("output-\(script.count)\(attribute.isEmpty ? "" : "-main")", output)] {
                try Data(swift.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".swift"))
            }
        }
        let printed = Self.parse(output)
        #expect(printed.order == ["start"] + script + ["child released true"])

        var interpreter = MachineInterpreter(machine: app, machines: ["SignIn": signIn])
        var mark = 0
        func expected() -> [String] {
            defer { mark = interpreter.trace.count }
            return Self.trace(interpreter.trace[mark...], app: app.model, child: signIn.model)
        }
        _ = interpreter.start(answers: [])
        Self.expectAgreement(printed.steps["start"] ?? [], expected(), "start")
        for (index, stimulus) in script.enumerated() {
            switch stimulus {
            case "submit":
                let run = try #require(interpreter.runningInvocations.first)
                _ = interpreter.send(EventID(0), toChild: run, answers: [])
            default:
                _ = interpreter.send(EventID(app.model.events.firstIndex { $0.name == stimulus }!), answers: [])
            }
            let printedStep = printed.steps["\(index) \(stimulus)"] ?? []
            Self.expectAgreement(printedStep, expected(), "\(stimulus) (#\(index))")
            // The payload of the output, or the data the transition gives, reached `home`.
            #expect(printedStep.filter { $0.hasPrefix("user ") } == (users[index].isEmpty ? [] : ["user \(users[index])"]), "after \(stimulus) (#\(index))")
        }
    }

    /// A restored parent starts the child of its state afresh; releasing the parent stops the
    /// child (its exit actions run) and lets go of it.
    @Test func aRestoredParentStartsItsChildAndReleasingItStopsTheChild() async throws {
        let signIn = try #require(Compiler.compile(SourceText(Self.signIn)).executable)
        let app = try #require(
            Compiler.compile(SourceText(Self.app), machines: MachineCatalog(specs: [SourceText(Self.signIn)])).executable)
        let files = [
            ("SignIn", SwiftEmitter.emit(signIn, sourceFileName: "SignIn.fsm")),
            ("App", SwiftEmitter.emit(app, sourceFileName: "App.fsm")),
            ("main", Self.program),
        ]
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let script = ["skip", "restore", "release"]
        let printed = Self.parse(try await onOwnThread { try Self.compileAndRun(files, build: build, arguments: script) })
        #expect(printed.order == ["start"] + script + ["child released true"])
        // (The first parent, which `skip` took home, stays there.)
        #expect(printed.steps["1 restore"] == ["signIn: enter form", "start signIn", "user nobody"])
        #expect(printed.steps["2 release"] == ["signIn: exit form", "user nobody"])
    }

    /// A parent released inside a step of its child (by an observer of the child) stops the
    /// child when that step ends, rather than in the middle of it: the step completes, and
    /// nothing of it reaches the parent, which is gone.
    @Test func releasingTheParentDuringAStepOfTheChildStopsTheChildWhenTheStepEnds() async throws {
        let signIn = try #require(Compiler.compile(SourceText(Self.signIn)).executable)
        let app = try #require(
            Compiler.compile(SourceText(Self.app), machines: MachineCatalog(specs: [SourceText(Self.signIn)])).executable)
        let files = [
            ("SignIn", SwiftEmitter.emit(signIn, sourceFileName: "SignIn.fsm")),
            ("App", SwiftEmitter.emit(app, sourceFileName: "App.fsm")),
            ("main", Self.program),
        ]
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let script = ["skip", "restore", "submitReleasing"]
        let printed = Self.parse(try await onOwnThread { try Self.compileAndRun(files, build: build, arguments: script) })
        #expect(printed.order == ["start"] + script + ["child released true"])
        #expect(printed.steps["2 submitReleasing"] == ["signIn: exit form", "signIn: enter finished", "user nobody"])
    }

    /// Children of every shape compile with `-warnings-as-errors`: outputs with several,
    /// unlabeled or no parameters, one nobody takes, a child without outputs, a parent with state
    /// data, guards and actions reading an output's payload, eventless transitions; outside any
    /// actor and on the main actor (a `@MainActor` child with it).
    @Test(arguments: ["", "@MainActor "])
    func childrenOfEveryShapeCompile(_ attribute: String) async throws {
        let wizard = """
            machine Wizard {
                event next
                output stepped(count: Int, title: String)
                output noted(String)
                output tick
                output unheard(Int)
                initial state first { on next -> second / emit stepped(count: 1, title: "one") }
                state second { on next -> first / emit noted("two"), emit tick, emit unheard(3) }
            }
            """
        let quiet = """
            \(attribute)machine Quiet {
                event go
                initial state idle { on go -> over }
                final state over
            }
            """
        let host = """
            \(attribute)machine Host {
                event start(id: Int)
                event halt
                initial state idle { on start -> running(id: id) }
                state running(id: Int) {
                    invoke Wizard as wizard
                    invoke Quiet as quiet
                    on wizard.stepped [isLast] -> idle / record
                    on wizard.noted / note
                    on wizard.tick -> checking
                    done quiet -> idle
                    on halt -> idle
                }
                state checking { always [isDone] -> idle }
            }
            """
        let catalog = MachineCatalog(specs: [SourceText(wizard), SourceText(quiet)])
        var files: [(name: String, swift: String)] = []
        for text in [wizard, quiet] {
            let machine = try #require(Compiler.compile(SourceText(text)).executable)
            files.append((machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm")))
        }
        let compilation = Compiler.compile(SourceText(host), machines: catalog)
        let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
        files.append(("Host", SwiftEmitter.emit(machine, sourceFileName: "Host.fsm")))
        if let folder = ProcessInfo.processInfo.environment["FSMC_CHILD_MACHINE_SWIFT"] {
            for (name, swift) in files { try Data(swift.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".swift")) }
        }
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let compiled = files
        let result = try await onOwnThread { try compiler.typecheck(compiled) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }

    /// Each kind of line in order: the parent's states, the child's, the invocations'. (Within a
    /// step, the generated machine tells `cancelled` before `exited` and `started` once the
    /// child has started, the interpreter the other way round: the order of what each machine
    /// did is what agrees.)
    static func expectAgreement(_ generated: [String], _ interpreted: [String], _ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let kinds: [(String) -> Bool] = [
            { $0.hasPrefix("enter ") || $0.hasPrefix("exit ") },
            { $0.hasPrefix("signIn: ") },
            { $0.hasPrefix("start ") || $0.hasPrefix("cancel ") || $0.hasPrefix("drop ") },
        ]
        for kind in kinds {
            #expect(generated.filter(kind) == interpreted.filter(kind), "after \(step)", sourceLocation: sourceLocation)
        }
    }

    /// The interpreter's trace as the program prints what the machines did.
    static func trace(_ entries: ArraySlice<MachineInterpreter.TraceEntry>, app: MachineModel, child: MachineModel) -> [String] {
        entries.compactMap { entry in
            switch entry {
            case .entered(let state): "enter \(app[state].name)"
            case .exited(let state): "exit \(app[state].name)"
            case .started(let run): "start \(app[run.invocation].name)"
            case .cancelled(let run): "cancel \(app[run.invocation].name)"
            case .dropped(let run, _): "drop \(app[run.invocation].name)"
            case .inChild(_, .entered(let state)): "signIn: enter \(child[state].name)"
            case .inChild(_, .exited(let state)): "signIn: exit \(child[state].name)"
            default: nil
            }
        }
    }

    static func parse(_ output: String) -> Printed {
        var printed = Printed()
        var current = ""
        for line in output.split(separator: "\n").map(String.init) {
            if line.hasPrefix("# user ") {
                printed.steps[current, default: []].append(String(line.dropFirst(2)))
            } else if line.hasPrefix("# ") {
                let name = String(line.dropFirst(2))
                printed.order.append(name)
                current = name == "start" ? name : "\(printed.order.count - 2) \(name)"
            } else {
                printed.steps[current, default: []].append(line)
            }
        }
        return printed
    }

    /// Compiles the files with FSMRuntime's objects into a program, Swift 6, warnings as
    /// errors, and runs it with `arguments`; returns what it printed.
    static func compileAndRun(_ files: [(String, String)], build: URL, arguments: [String]) throws -> String {
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let run = try compiler.run(files.map { (name: $0.0, swift: $0.1) }, moduleName: "Children", arguments: arguments)
        #expect(run.compiled, "swiftc failed:\n\(run.compilerOutput)")
        guard run.compiled else { return "" }
        #expect(run.status == 0, "the program failed:\n\(run.output)")
        return run.output
    }
}
