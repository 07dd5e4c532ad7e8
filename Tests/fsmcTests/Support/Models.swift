import FSMCompiler
import Foundation
import Testing
import TestSupport

/// What the command-line tests compare `fsmc`'s output with: the compiler's own models and
/// emitters, called in process.
enum Models {
    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    /// The model of a valid spec; warnings are fine.
    static func compile(_ text: String) throws -> MachineModel {
        let compilation = Compiler.compile(SourceText(text))
        guard let model = compilation.model, !compilation.hasErrors else {
            throw CompileError(description: DiagnosticRenderer(path: "spec.fsm").render(compilation.diagnostics))
        }
        return model
    }

    /// The model of a spec of the repository, by its path from the package root.
    static func model(of relativePath: String) throws -> MachineModel {
        let url = ExampleMachines.packageRoot.appendingPathComponent(relativePath)
        return try compile(String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }
}

/// A diagram notation `fsmc graph` writes.
enum DiagramFormat: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case dot, mermaid, plantuml

    func emit(_ model: MachineModel) -> String {
        switch self {
        case .dot: DotEmitter.emit(model)
        case .mermaid: MermaidEmitter.emit(model)
        case .plantuml: PlantUMLEmitter.emit(model)
        }
    }

    var testDescription: String { rawValue }
}

/// Graphviz's `dot`, when it is on the PATH.
enum Graphviz {
    static let dot = ProcessRunner.executable(named: "dot")
}
