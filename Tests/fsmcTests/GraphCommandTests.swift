import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc graph`, run as a subprocess: formats, output files, errors and exit codes.
@Suite struct GraphCommandTests {
    /// Runs the `fsmc` built next to the tests.
    func fsmc(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory, environment: environment)
    }

    @Test(arguments: DiagramFormat.allCases)
    func printsTheDiagramOnStdout(_ format: DiagramFormat) async throws {
        let run = try await fsmc(["graph", "machines/Player.fsm", "--format", format.rawValue], in: ExampleMachines.packageRoot)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == format.emit(try Models.model(of: "machines/Player.fsm")))
    }

    @Test func drawsDOTByDefault() async throws {
        let run = try await fsmc(["graph", "machines/Checkout.fsm"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stdout == DotEmitter.emit(try Models.model(of: "machines/Checkout.fsm")))
    }

    @Test func writesTheOutputFileInsteadOfStdout() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid]) { directory in
            let run = try await fsmc(["graph", "Valid.fsm", "--format", "mermaid", "--output", "Valid.mmd"], in: directory)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            #expect(run.stderr == "")
            let written = try String(contentsOf: directory.appendingPathComponent("Valid.mmd"), encoding: .utf8)
            #expect(written == MermaidEmitter.emit(try Models.compile(CommandLineTests.valid)))
            // Only the diagram is there: it was written through a temporary file and a rename.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["Valid.fsm", "Valid.mmd"])
        }
    }

    @Test func aSpecWithErrorsPrintsThemAsCheckDoesAndWritesNothing() async throws {
        try await CommandLineTests().withFiles(["Broken.fsm": CommandLineTests.broken]) { directory in
            let run = try await fsmc(["graph", "Broken.fsm", "--output", "Broken.dot"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Broken.fsm:3:32: error: unknown state 'nowhere'
                Broken.fsm:4:18: error: unknown event 'stop'

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Broken.dot").path))
        }
    }

    @Test func warningsAreShownAndTheDiagramStillDrawnUnlessTheyAreErrors() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": CommandLineTests.warned]) { directory in
            let run = try await fsmc(["graph", "Warned.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "Warned.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'\n")
            #expect(run.stdout.hasPrefix("digraph \"Warned\" {\n"))

            let strict = try await fsmc(["graph", "Warned.fsm", "--warnings-as-errors"], in: directory)
            #expect(strict.status == 1)
            #expect(strict.stdout == "")
        }
    }

    @Test func aBadFormatOrFileCountIsAUsageError() async throws {
        let root = ExampleMachines.packageRoot
        let badFormat = try await fsmc(["graph", "machines/Player.fsm", "--format", "png"], in: root)
        #expect(badFormat.status == 2)
        #expect(badFormat.stdout == "")
        #expect(badFormat.stderr == "fsmc graph: error: unknown format 'png'; use one of dot, mermaid, plantuml, svg\n")

        let noFile = try await fsmc(["graph"], in: root)
        #expect(noFile.status == 2)
        #expect(noFile.stderr == "fsmc graph: error: name exactly one .fsm file\n")

        let twoFiles = try await fsmc(["graph", "machines/Player.fsm", "machines/Checkout.fsm"], in: root)
        #expect(twoFiles.status == 2)

        let missing = try await fsmc(["graph", "machines/Nowhere.fsm"], in: root)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("machines/Nowhere.fsm"))
    }

    @Test func svgWithoutGraphvizSaysHowToInstallIt() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid, "empty/.keep": ""]) { directory in
            let run = try await fsmc(
                ["graph", "Valid.fsm", "--format", "svg", "--output", "Valid.svg"], in: directory,
                environment: ["PATH": directory.appendingPathComponent("empty").path])
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                fsmc graph: error: --format svg needs Graphviz's 'dot' on the PATH; install Graphviz \
                (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or use --format dot

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Valid.svg").path))
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func svgIsRenderedByGraphviz() async throws {
        let run = try await fsmc(["graph", "machines/CallTracker.fsm", "--format", "svg"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("<?xml"))
        #expect(run.stdout.contains("<title>CallTracker</title>"))
        #expect(run.stdout.hasSuffix("</svg>\n"))
    }

    /// A statechart renders too: clusters, history pseudo-states and `done` arrows, with no
    /// warning from Graphviz (which warns about arrows clipped at the wrong cluster).
    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func aStatechartIsRenderedByGraphvizWithoutWarnings() async throws {
        let run = try await fsmc(["graph", "Tests/ReferenceTests/Specs/History.fsm", "--format", "svg"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("<title>cluster player</title>"))
        #expect(run.stdout.contains(">H*</text>"))
    }

    /// Parallel states render too: their regions are dashed clusters, side by side, a parallel
    /// state inside a region as well.
    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"), arguments: [
        ("machines/Navigator.fsm", ["bold", "italic"]),
        ("Tests/ReferenceTests/Specs/Regions.fsm", ["fetch", "view", "left", "right"]),
    ])
    func parallelStatesAreRenderedByGraphvizWithoutWarnings(_ spec: String, _ regions: [String]) async throws {
        let run = try await fsmc(["graph", spec, "--format", "svg"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        for region in regions {
            #expect(run.stdout.contains("<title>cluster \(region)</title>"), "\(region)")
        }
        #expect(run.stdout.contains("stroke-dasharray"))
    }

    @Test func theHelpNamesTheFormats() async throws {
        let run = try await fsmc(["graph", "--help"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Draws a spec as a state diagram: Graphviz DOT, Mermaid, PlantUML or SVG.\n\nUsage: fsmc graph <file> [--format dot|mermaid|plantuml|svg] [--sibling <spec>]... [--output <file>]\n"))
    }
}
