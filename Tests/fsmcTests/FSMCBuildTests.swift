import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc-build`, the build plugin's tool, run as a subprocess: the Swift it generates is
/// `fsmc generate`'s, byte for byte, and it has `interface`, `generate` and `check` and nothing
/// else.
@Suite struct FSMCBuildTests {
    /// The `fsmc-build` the build plugin runs: SwiftPM builds it for the plugin, which this
    /// target uses, as `fsmc-build-tool` (the tools of plugins are built for the host, under
    /// that name); `fsmc-build` itself, the product, where a SwiftPM builds no separate tool.
    static func executable() throws -> URL {
        try BuildProducts.executable(named: "fsmc-build-tool", "fsmc-build")
    }

    func fsmcBuild(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await ProcessRunner.run(Self.executable().path, arguments, in: directory)
    }

    /// Specs through both tools, with the arguments the plugin gives (`generate <absolute path>
    /// --output-file <file>`).
    @Test(arguments: ["machines/Player.fsm", "machines/Navigator.fsm", "Tests/ReferenceTests/Specs/Regions.fsm"])
    func generateWritesTheSameSwiftAsFsmc(_ spec: String) async throws {
        let cli = CommandLineTests()
        let root = ExampleMachines.packageRoot
        try await cli.withFiles(["out/.keep": ""]) { directory in
            let viaBuild = directory.appendingPathComponent("out/build.swift").path
            let viaFsmc = directory.appendingPathComponent("out/fsmc.swift").path
            let path = root.appendingPathComponent(spec).path
            let build = try await fsmcBuild(["generate", path, "--output-file", viaBuild], in: directory)
            #expect(build.status == 0, "\(build.output)")
            #expect(build.output == "")
            let fsmc = try await cli.fsmc(["generate", path, "--output-file", viaFsmc], in: directory)
            #expect(fsmc.status == 0, "\(fsmc.output)")
            let built = try Data(contentsOf: URL(fileURLWithPath: viaBuild))
            #expect(!built.isEmpty)
            #expect(built == (try Data(contentsOf: URL(fileURLWithPath: viaFsmc))), "fsmc-build and fsmc generate different Swift for \(spec)")
        }
    }

    @Test func generateReportsErrorsAsFsmcDoesAndWritesNothing() async throws {
        let cli = CommandLineTests()
        try await cli.withFiles(["Broken.fsm": SampleSpecs.broken, "Warned.fsm": SampleSpecs.warned]) { directory in
            let broken = try await fsmcBuild(["generate", "Broken.fsm", "--output-file", "Broken.swift"], in: directory)
            #expect(broken.status == 1)
            #expect(broken.stderr == """
                Broken.fsm:3:32: error: unknown state 'nowhere'
                Broken.fsm:4:18: error: unknown event 'stop'

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Broken.swift").path))
            let warned = try await fsmcBuild(["check", "Warned.fsm"], in: directory)
            let warnedByFsmc = try await cli.fsmc(["check", "Warned.fsm"], in: directory)
            #expect(warned.status == 0)
            #expect(warned.stdout == warnedByFsmc.stdout)
            #expect(warned.stderr == warnedByFsmc.stderr)
        }
    }

    /// Language version 4 generates in both tools; the one construct the Swift back end does
    /// not write yet, an update in a step regions share (`SwiftBackEndLimits`), is refused at
    /// its line: never a miscompiled file.
    @Test func generateWritesLanguageVersion4AndRefusesAnUpdateInASharedStep() async throws {
        let cli = CommandLineTests()
        let counter = """
            machine Counter {
                event tick(n: Int)
                event go
                initial state idle { on go -> counting(count: 0) }
                state counting(count: Int) {
                    on tick / update(count: n)
                    on go [isDone(count)] -> idle / log(count: count)
                }
            }

            """
        let regions = """
            machine Regions {
                event tick(n: Int)
                event go
                initial state idle { on go -> counting(count: 0) }
                parallel state counting(count: Int) {
                    state left { initial state l { on tick / update(count: n) } }
                    state right { initial state r { on tick / note(n) } }
                }
            }

            """
        try await cli.withFiles(["Counter.fsm": counter, "Regions.fsm": regions]) { directory in
            for (spec, status) in [("Counter.fsm", 0), ("Regions.fsm", 1)] {
                let check = try await cli.fsmc(["check", spec], in: directory)
                #expect(check.status == 0, "\(check.output)")
                let build = try await fsmcBuild(["generate", spec, "--output-file", "Built.swift"], in: directory)
                let fsmc = try await cli.fsmc(["generate", spec, "--output-file", "Generated.swift"], in: directory)
                #expect(build.status == status && fsmc.status == status, "\(spec): \(build.output) \(fsmc.output)")
                #expect(build.stderr == fsmc.stderr)
                for output in ["Built.swift", "Generated.swift"] {
                    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path) == (status == 0))
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(output))
                }
            }
            let refused = try await fsmcBuild(["generate", "Regions.fsm", "--output-file", "Built.swift"], in: directory)
            #expect(refused.stderr == """
                Regions.fsm:6:36: warning: state 'l' has no way out; mark it 'final' if the machine ends there
                Regions.fsm:6:40: error: the Swift back end does not handle update(…) yet in a transition that other regions of 'counting' may take in the same step; give the data in a target, or take the trigger in one region
                Regions.fsm:7:37: warning: state 'r' has no way out; mark it 'final' if the machine ends there

                """)
        }
    }

    @Test func helpListsOnlyInterfaceGenerateAndCheck() async throws {
        let run = try await fsmcBuild(["--help"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("fsmc-build \(fsmcVersion) — "))
        let commandsSection = try #require(
            run.stdout.components(separatedBy: "Commands:\n").dropFirst().first?.components(separatedBy: "\n\n").first,
            "no commands in:\n\(run.stdout)")
        let commands = commandsSection.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(commands == ["interface", "generate", "check"], "\(run.stdout)")
    }

    @Test(arguments: ["graph", "paths", "format", "export", "import", "lsp"])
    func theOtherCommandsOfFsmcAreUnknown(_ command: String) async throws {
        let run = try await fsmcBuild([command, "machines/Player.fsm"], in: ExampleMachines.packageRoot)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("fsmc-build: error: unknown command '\(command)'"), "\(run.stderr)")
    }
}

extension FSMCBuildTests {
    /// A spec whose deferred event can be sent without end: the plugin's tool answers at once
    /// with "holds within the bound", a warning, and generates; the spec's `// fsmc:` line
    /// raises the bound for the build, which passes no options, and `fsmc check` honours the
    /// same line unless its command line says otherwise.
    @Test func aRepeatableDeferredEventIsProvedWithinTheBound() async throws {
        let cli = CommandLineTests()
        let spec = """
            machine Saver {
                event open
                event save
                initial state idle { on open -> loading }
                state loading { defer save; after 1s -> editing }
                state editing { on save / persist; on open -> loading }
                assert always reachable in(loading)
            }

            """
        try await cli.withFiles(["Saver.fsm": spec, "Raised.fsm": "// fsmc: --kept-events 5\n" + spec]) { directory in
            let build = try await fsmcBuild(["generate", "Saver.fsm", "--output-file", "Saver.swift"], in: directory)
            #expect(build.status == 0, "\(build.output)")
            #expect(build.stderr.contains("Saver.fsm:7:5: warning: property 'always reachable in(loading)' holds within the bound: runs that keep more than 2 'save' events were not followed"))
            #expect(build.stderr.contains("note: 5. event save: kept by 'defer save'; now in loading: 3 'save' kept, past the bound of 2: not followed"))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Saver.swift").path))
            let raised = try await fsmcBuild(["check", "Raised.fsm"], in: directory)
            #expect(raised.stderr.contains("runs that keep more than 5 'save' events were not followed"), "\(raised.output)")
            let overridden = try await cli.fsmc(["check", "Raised.fsm", "--kept-events", "1"], in: directory)
            #expect(overridden.stderr.contains("runs that keep more than 1 'save' events were not followed"), "\(overridden.output)")
            let wrong = try await cli.fsmc(["check", "Saver.fsm", "--kept-events", "0"], in: directory)
            #expect(wrong.status == 2)
            #expect(wrong.stderr == "fsmc check: error: --kept-events takes a positive whole number, not '0'\n")
        }
    }
}
