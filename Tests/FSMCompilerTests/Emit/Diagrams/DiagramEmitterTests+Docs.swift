import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The diagrams in `docs/` are drawn from the current specs: the Mermaid blocks of
/// `docs/Machines.md`, and the README's pictures `docs/CallTracker.svg` and
/// `docs/Navigator.svg` through the DOT they were rendered from (SVG bytes depend on the
/// Graphviz version, so the DOT is compared, and the SVG checked for every state and label). `FSMC_RECORD_DIAGRAMS=1` rewrites them,
/// rendering the SVG again when Graphviz is installed.
extension DiagramEmitterTests {
    static let docsFolder = ExampleMachines.packageRoot.appendingPathComponent("docs")

    @Test(arguments: ["CallTracker", "Navigator"])
    func theReadmePicturesAreDrawnFromTheCurrentSpecs(_ name: String) async throws {
        let model = try DiagramGoldens.model(of: "machines/\(name).fsm")
        let dotFile = Self.docsFolder.appendingPathComponent("\(name).dot")
        let svgFile = Self.docsFolder.appendingPathComponent("\(name).svg")
        let dot = DotEmitter.emit(model)
        let isOutOfDate = FileManager.default.contents(atPath: dotFile.path) != Data(dot.utf8)
            || !FileManager.default.fileExists(atPath: svgFile.path)
        try DiagramGoldens.expect(dot, matches: dotFile)
        // Rendered again only when its DOT changed: another Graphviz version gives other bytes.
        if DiagramGoldens.isRecording, isOutOfDate {
            guard let graphviz = DiagramTools.dot else {
                Issue.record("Install Graphviz, then run: fsmc graph machines/\(name).fsm --format svg --output docs/\(name).svg")
                return
            }
            let run = try await ProcessRunner.run(graphviz, ["-Tsvg", "-o", svgFile.path, dotFile.path])
            #expect(run.status == 0, "\(run.output)")
        }

        let svg = try String(contentsOf: svgFile, encoding: .utf8)
        #expect(svg.contains("<title>\(name)</title>"))
        for state in model.states {
            // A compound or parallel state is a cluster.
            let title = state.isAtomic ? state.name : "cluster \(state.name)"
            #expect(svg.contains("<title>\(title)</title>"), "docs/\(name).svg has no state '\(state.name)'")
        }
        for transition in model.allTransitions {
            let label = SpecText.transitionLabel(transition, in: model)
            #expect(svg.contains(">\(label.replacing("<", with: "&lt;").replacing(">", with: "&gt;"))</text>"), "docs/\(name).svg has no label '\(label)'")
        }
    }

    @Test func theMermaidDiagramsInMachinesMDAreDrawnFromTheCurrentSpecs() throws {
        let file = Self.docsFolder.appendingPathComponent("Machines.md")
        var markdown = try String(contentsOf: file, encoding: .utf8)
        let specs = DiagramGoldens.specs.filter { $0.hasPrefix("machines/") }
        #expect(specs.count >= 3)
        for spec in specs {
            let marker = "<!-- fsmc graph \(spec) --format mermaid -->\n```mermaid\n"
            guard let start = markdown.range(of: marker)?.upperBound,
                  let end = markdown.range(of: "```\n", range: start..<markdown.endIndex)?.lowerBound
            else {
                Issue.record("docs/Machines.md has no block after '<!-- fsmc graph \(spec) --format mermaid -->'")
                continue
            }
            let actual = MermaidEmitter.emit(try DiagramGoldens.model(of: spec))
            let expected = String(markdown[start..<end])
            if DiagramGoldens.isRecording {
                markdown.replaceSubrange(start..<end, with: actual)
                continue
            }
            #expect(
                actual == expected,
                "docs/Machines.md is out of date for \(spec) (FSMC_RECORD_DIAGRAMS=1 rewrites it):\n\(Corpus.lineDiff(expected: expected, actual: actual))")
        }
        if DiagramGoldens.isRecording {
            try DiagramGoldens.expect(markdown, matches: file)
        }
    }
}
