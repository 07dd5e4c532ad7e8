import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc paths` with payloads fsmc has no sample of: the exit status, the message, and
/// `--sample`.
extension CommandLineTests {
    static let shop = """
        machine Shop {
            event open(url: URL)
            event pay(Money, tip: Money?)
            event close
            initial state idle { on open -> browsing }
            state browsing { on pay -> paid; on close -> idle }
            state paid { on close -> idle }
        }

        """

    static let missingMoney = """
        fsmc paths: error: Shop.fsm: no sample value of type 'Money' (a payload of event 'pay'): 2 transitions are not covered and 1 state is not reached for lack of one
        fsmc paths: note: give a sample as a Swift expression of the type: --sample 'Money=<expression>' (repeat --sample for more types)

        """

    @Test func pathsExitWith1WhenCoverageFellShortForLackOfASample() async throws {
        try await withFiles(["Shop.fsm": Self.shop]) { directory in
            for format in ["text", "json", "swift-testing"] {
                let run = try await fsmc(["paths", "Shop.fsm", "--format", format], in: directory)
                #expect(run.status == 1, "\(format)")
                #expect(run.stderr == Self.missingMoney, "\(format)")
                // The paths that need no sample are printed all the same.
                #expect(run.stdout.contains("close"), "\(format)")
            }
            let text = try await fsmc(["paths", "Shop.fsm"], in: directory)
            #expect(text.stdout.contains("  line 6: browsing --pay--> paid (for lack of a sample of `Money`)\n"))

            // Written to a file, the output is there too.
            let written = try await fsmc(["paths", "Shop.fsm", "--format", "swift-testing", "--output", "ShopPaths.swift"], in: directory)
            #expect(written.status == 1)
            #expect(written.stdout == "")
            #expect(written.stderr == Self.missingMoney)
            let file = try String(contentsOf: directory.appendingPathComponent("ShopPaths.swift"), encoding: .utf8)
            #expect(file.contains("/// 2 are not covered for lack of a sample of `Money`: give one with `fsmc paths --sample`.\n"))
        }
    }

    @Test func aSampleOnTheCommandLineCoversThePathsAndExits0() async throws {
        try await withFiles(["Shop.fsm": Self.shop]) { directory in
            let run = try await fsmc(["paths", "Shop.fsm", "--sample", "Money=Money(cents: 100)"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "")
            #expect(run.stdout.contains("pay(Money(cents: 100), tip: Money(cents: 100)) -> paid"))
            #expect(run.stdout.hasSuffix("Not reached: none\nNot covered: none\n"))

            let tests = try await fsmc(
                ["paths", "Shop.fsm", "--format=swift-testing", "--sample= Money = .init(cents: 1) ", "--sample", "Card=Card()"],
                in: directory)
            #expect(tests.status == 0)
            #expect(tests.stderr == "")
            #expect(tests.stdout.contains("// regenerate with `fsmc paths Shop.fsm --format swift-testing --sample 'Money=.init(cents: 1)' --sample 'Card=Card()'`.\n"))
            #expect(tests.stdout.contains("import FSMRuntime\nimport Foundation\nimport Testing\n"))
            #expect(tests.stdout.contains("machine.send(.pay(.init(cents: 1), tip: .init(cents: 1)))"))
            #expect(tests.stdout.contains("machine.send(.open(url: URL(string: \"https://example.com\")!))"))
        }
    }

    @Test func aMissingSampleThatCostsNoCoverageExits0() async throws {
        let spec = """
            machine Quiet {
                event go
                event unused(Money)
                initial state a { on go -> b }
                state b { on go -> a }
            }
            """
        try await withFiles(["Quiet.fsm": spec]) { directory in
            let run = try await fsmc(["paths", "Quiet.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "Quiet.fsm:3:11: warning: event 'unused' is never handled\n")
            #expect(run.stdout.hasSuffix("Never sent (no sample value for the payload): unused (`Money`)\n"))
        }
    }

    @Test(arguments: [
        (["--sample", "Money"], "fsmc paths: error: --sample: expected Type=expression in 'Money'; write it as --sample 'Money=Money(cents: 100)'\n"),
        (["--sample", "=1"], "fsmc paths: error: --sample: no type before '=' in '=1'; write it as --sample 'Money=Money(cents: 100)'\n"),
        (["--sample", "Money="], "fsmc paths: error: --sample: no expression after '=' in 'Money='; write it as --sample 'Money=Money(cents: 100)'\n"),
        (["--sample", "Money=a", "--sample", " Money =b"], "fsmc paths: error: --sample gives 'Money' twice\n"),
        (["--sample", "[String:Int]=a", "--sample", "[String: Int]=b"], "fsmc paths: error: --sample gives '[String: Int]' twice\n"),
    ])
    func aBadSampleIsAUsageError(_ options: [String], _ message: String) async throws {
        try await withFiles(["Shop.fsm": Self.shop]) { directory in
            let run = try await fsmc(["paths", "Shop.fsm"] + options, in: directory)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == message)
        }
    }

    @Test func pathsHelpDescribesSamplesAndTheExitStatus() async throws {
        let run = try await fsmc(["paths", "--help"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stdout.contains("[--sample <Type=expression>]..."))
        #expect(run.stdout.contains("  --sample <Type=expression>  A payload sample fsmc has none of, as Swift: 'Money=Money(cents: 100)'. Repeatable.\n"))
        let usage = try await fsmc(["--help"], in: ExampleMachines.packageRoot)
        #expect(usage.stdout.contains("'fsmc paths' also exits with 1 when coverage fell short for lack of a payload sample.\n"))
    }

    /// The command in the committed file's header makes the committed file.
    @Test func theCommittedUploaderPathTestsAreWhatTheCommandMakes() async throws {
        let root = ExampleMachines.packageRoot
        let committed = try String(contentsOf: root.appendingPathComponent("Tests/MachinesTests/Paths/UploaderPaths.swift"), encoding: .utf8)
        #expect(committed.contains("// regenerate with `fsmc paths Tests/MachinesTests/Specs/Uploader.fsm --format swift-testing --sample 'Money=Money(cents: 100)'`.\n"))
        let run = try await fsmc(
            ["paths", "Tests/MachinesTests/Specs/Uploader.fsm", "--format", "swift-testing", "--sample", "Money=Money(cents: 100)"], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == committed)
        let without = try await fsmc(["paths", "Tests/MachinesTests/Specs/Uploader.fsm", "--format", "swift-testing"], in: root)
        #expect(without.status == 1)
        #expect(without.stderr.hasPrefix("fsmc paths: error: Uploader.fsm: no sample value of type 'Money' (a payload of event 'pay'): "))
    }

    // MARK: - Parallel states

    static let panel = """
        machine Panel {
            event open
            event toggleBold
            event toggleItalic
            initial state idle { on open -> editor }
            parallel state editor {
                state bold {
                    initial state boldOff { on toggleBold -> boldOn }
                    state boldOn { on toggleBold -> boldOff }
                }
                state italic {
                    initial state italicOff { on toggleItalic [in(boldOn)] -> italicOn }
                    state italicOn { on toggleItalic -> italicOff }
                }
            }
        }

        """

    @Test func pathsOfAParallelSpecNameWholeConfigurations() async throws {
        try await withFiles(["Panel.fsm": Self.panel]) { directory in
            let text = try await fsmc(["paths", "Panel.fsm"], in: directory)
            #expect(text.status == 0)
            #expect(text.stderr == "")
            #expect(text.stdout.contains("""
                  path 1: start in idle
                    1. open -> editor(boldOff, italicOff)
                    2. toggleBold -> editor(boldOn, italicOff)
                    3. toggleBold -> editor(boldOff, italicOff)
                    4. toggleBold -> editor(boldOn, italicOff)
                    5. toggleItalic -> editor(boldOn, italicOn)
                    6. toggleItalic -> editor(boldOn, italicOff)

                """))
            #expect(text.stdout.hasSuffix("Not reached: none\nNot covered: none\n"))

            let json = try await fsmc(["paths", "Panel.fsm", "--format", "json"], in: directory)
            #expect(json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let paths = try #require(object["paths"] as? [[String: Any]])
            let coverage = try #require(paths.first { $0["kind"] as? String == "coverage" })
            let step = try #require((coverage["steps"] as? [[String: Any]])?.dropFirst().first)
            #expect(step["stateAfter"] as? String == "editor(boldOn, italicOff)")
            #expect(step["atomicStatesAfter"] as? [String] == ["boldOn", "italicOff"])
            #expect(step["activeStatesAfter"] as? [String] == ["editor", "bold", "boldOn", "italic", "italicOff"])

            let tests = try await fsmc(["paths", "Panel.fsm", "--format", "swift-testing"], in: directory)
            #expect(tests.status == 0)
            #expect(tests.stdout.contains("""
                        machine.send(.toggleBold)
                        #expect(machine.state == .editor(.init(bold: .boldOn, italic: .italicOff)))

                """))
        }
    }

    /// Four dials of eleven states: 14,641 configurations, more than the 10,000 situations a
    /// search visits (this takes seconds in a debug build).
    @Test func pathsWarnWhenTheSearchStopsAtItsBound() async throws {
        let spec = SampleSpecs.dials(["a", "b", "c", "d"]).replacingOccurrences(of: "    state prize", with: "    final state prize")
        try await withFiles(["Dials.fsm": spec]) { directory in
            let run = try await fsmc(["paths", "Dials.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr.hasSuffix("""
                fsmc paths: warning: Dials.fsm: the search stopped at its bound of 10000 situations (16 per configuration): 1 transition is not covered and 1 state is not reached within it

                """))
            #expect(run.stdout.contains("Not reached: state prize (beyond the search bound), state island (no transition enters it, whatever the guards)\n"))
            #expect(run.stdout.hasSuffix("so what is marked beyond the search bound may be reachable past it.\n"))
        }
    }

    /// The Swift Testing paths of the parallel specs of MachinesTests (regions taking events
    /// together, history, timers and completion in regions, data inside a region), which that
    /// target compiles and runs against the generated machines, are what the command makes.
    @Test(arguments: ["Toolbar", "Panes", "Workbench"])
    func theCommittedParallelPathTestsAreWhatTheCommandMakes(_ name: String) async throws {
        let root = ExampleMachines.packageRoot
        let committed = try String(contentsOf: root.appendingPathComponent("Tests/MachinesTests/Paths/\(name)Paths.swift"), encoding: .utf8)
        let run = try await fsmc(["paths", "Tests/MachinesTests/Specs/\(name).fsm", "--format", "swift-testing"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout == committed, """
            Tests/MachinesTests/Paths/\(name)Paths.swift is out of date; regenerate it with
            swift run fsmc paths Tests/MachinesTests/Specs/\(name).fsm --format swift-testing --output Tests/MachinesTests/Paths/\(name)Paths.swift
            """)
    }

    // MARK: - The committed path tests

    /// Every committed file of path tests says in its header the whole command that makes it
    /// (the spec's path, `--module`, samples), and that command makes it.
    @Test(arguments: [
        "Tests/PathTests/AppFlowPaths.swift", "Tests/PathTests/CallTrackerPaths.swift", "Tests/PathTests/CheckoutPaths.swift",
        "Tests/PathTests/DownloadPaths.swift",
        "Tests/PathTests/LottoPaths.swift", "Tests/PathTests/NavigatorPaths.swift", "Tests/PathTests/PlayerPaths.swift",
        "Tests/PathTests/ProfilePaths.swift", "Tests/PathTests/ReaderFlowPaths.swift", "Tests/PathTests/StopwatchPaths.swift", "Tests/MachinesTests/Paths/PanesPaths.swift",
        "Tests/MachinesTests/Paths/ToolbarPaths.swift", "Tests/MachinesTests/Paths/UploaderPaths.swift",
        "Tests/MachinesTests/Paths/WorkbenchPaths.swift", "Tests/InvocationMachinesTests/Generated/ProfilePaths.swift",
        "Tests/InvocationMachinesTests/Generated/SyncPaths.swift",
    ])
    func theHeaderCommandMakesTheCommittedFile(_ file: String) async throws {
        let root = ExampleMachines.packageRoot
        let committed = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let header = try #require(committed.split(separator: "\n").dropFirst().first)
        let command = try #require(header.firstRange(of: "`fsmc ").map { header[$0.upperBound...].prefix { $0 != "`" } })
        let run = try await fsmc(Self.shellWords(String(command)), in: root)
        #expect(run.status == 0)
        #expect(run.stdout == committed, "\(file) is not what `fsmc \(command)` makes")
    }

    /// The words of a command as a shell reads them: split at spaces, '…' quoted as one.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in command {
            switch character {
            case "'": quoted.toggle()
            case " " where !quoted:
                if !word.isEmpty { words.append(word) }
                word = ""
            default: word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
