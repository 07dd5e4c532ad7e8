import FSMCompiler
import Foundation

/// The Qt side: fsmc exports each chart as SCXML with every state's entry and exit logged
/// (`fsmc export --trace`), and the Qt SCXML harness (Tools/QtSCXMLHarness) runs job files.
struct QtSide {
    let fsmc: URL
    let harness: URL
    let workDirectory: URL

    /// Exports `chart` next to its spec and returns the document's path.
    ///
    /// A chart whose export `fsmc export` refuses, because SCXML reads one of its transitions
    /// otherwise (docs/SCXML.md), is written by the emitter all the same: Qt runs it and the
    /// interpreter judges it (``QtDeviations``), so the difference stays in view.
    func export(_ chart: DifferentialChart, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let spec = directory.appendingPathComponent(chart.name + ".fsm")
        let document = directory.appendingPathComponent(chart.name + ".scxml")
        try chart.text.write(to: spec, atomically: true, encoding: .utf8)
        if SCXMLEmitter.refusals(chart.model).isEmpty {
            try Subprocess.run(fsmc, ["export", spec.path, "--format", "scxml", "--trace", "--output", document.path])
        } else {
            try SCXMLEmitter.emit(chart.model, tracingStates: true).write(to: document, atomically: true, encoding: .utf8)
        }
        return document
    }

    /// Runs a job file through the harness and returns its trace output.
    func run(job: URL) throws -> String {
        try Subprocess.run(harness, [job.path])
    }
}
