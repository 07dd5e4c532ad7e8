import FSMCompiler
import Foundation
import Testing
import TestSupport

/// A diagram notation under test, with the extension of its golden files.
enum DiagramFormat: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case dot, mermaid, plantuml

    var fileExtension: String {
        switch self {
        case .dot: "dot"
        case .mermaid: "mmd"
        case .plantuml: "puml"
        }
    }

    func emit(_ model: MachineModel, children: [String: MachineModel] = [:]) -> String {
        switch self {
        case .dot: DotEmitter.emit(model, children: children)
        case .mermaid: MermaidEmitter.emit(model, children: children)
        case .plantuml: PlantUMLEmitter.emit(model, children: children)
        }
    }

    var testDescription: String { rawValue }
}

/// The golden diagrams in `Diagrams/`: `<Spec>.dot`, `.mmd` and `.puml` for the machines of
/// `machines/`, the construct specs of `Tests/ReferenceTests/Specs/` and the hand-built
/// ``DiagramModels``.
///
/// To re-record them (and the diagrams in `docs/`) after a deliberate change, run
/// `FSMC_RECORD_DIAGRAMS=1 swift test --filter DiagramEmitterTests` and review the diff.
enum DiagramGoldens {
    /// `Diagrams/`, next to the tests.
    static let folder = FixtureFolders.diagrams

    /// The construct specs of the reference tests.
    static let constructSpecsFolder = ExampleMachines.packageRoot.appendingPathComponent("Tests/ReferenceTests/Specs")

    /// Every spec with golden diagrams, as a path from the package root, sorted by folder.
    static let specs: [String] =
        Corpus.specs(in: ExampleMachines.folder).map { "machines/\($0)" }
        + Corpus.specs(in: constructSpecsFolder).map { "Tests/ReferenceTests/Specs/\($0)" }

    /// The hand-built models, by the name of their golden files.
    static let models = ["Nested", "Escaping", "Studio", "Document", "ChildMachines"]

    /// Everything with golden diagrams: the specs, then the hand-built models.
    static var subjects: [String] { specs + models }

    /// The golden file of a subject in a format: `Player.mmd`.
    static func file(of subject: String, _ format: DiagramFormat) -> URL {
        let name = URL(fileURLWithPath: subject).deletingPathExtension().lastPathComponent
        return folder.appendingPathComponent("\(name).\(format.fileExtension)")
    }

    /// The model of a subject: a spec's, by its path from the package root, or a hand-built one.
    static func model(of subject: String) throws -> MachineModel {
        switch subject {
        case "Nested": return try DiagramModels.nested()
        case "Escaping": return try DiagramModels.escaping()
        case "Studio": return try DiagramModels.studio()
        case "Document": return try DiagramModels.compile(ControlLanguageSpec.text)
        case "ChildMachines": return try DiagramModels.app().model
        default:
            let url = ExampleMachines.packageRoot.appendingPathComponent(subject)
            return try DiagramModels.compile(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        }
    }

    /// The child machines drawn beside a subject's chart: `SignIn` beside DESIGN's `App`.
    static func children(of subject: String) throws -> [String: MachineModel] {
        subject == "ChildMachines" ? try DiagramModels.app().children : [:]
    }

    /// Whether to rewrite the golden files instead of comparing with them.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["FSMC_RECORD_DIAGRAMS"] == "1"
    }

    /// Compares `actual` with the diagram golden file at `url`.
    static func expect(
        _ actual: String, matches url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        GoldenFile.expect(actual, matches: url, recordingVariable: "FSMC_RECORD_DIAGRAMS", sourceLocation: sourceLocation)
    }
}
