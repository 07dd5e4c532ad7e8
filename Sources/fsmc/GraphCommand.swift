import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc graph`: draws a spec as a diagram, in Graphviz DOT, Mermaid or PlantUML source, or
/// as SVG rendered by Graphviz's `dot`. With `--sibling`, the charts of the machines the spec
/// invokes as children are drawn beside the states that invoke them.
struct GraphCommand {
    var console: Console

    /// The formats `--format` takes; the first is the default.
    static let formats = ["dot", "mermaid", "plantuml", "svg"]

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? Self.formats[0]
        guard Self.formats.contains(format) else {
            console.error("fsmc graph: error: unknown format '\(format)'; use one of \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        guard arguments.positionals.count == 1 else {
            console.error("fsmc graph: error: name exactly one .fsm file\n")
            return .usage
        }
        let path = arguments.positionals[0]
        guard case let (compilation, specs)? = ChildMachineSpecs.compile(
                path, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: arguments.has("--warnings-as-errors"),
                console: console),
              let model = compilation.model
        else {
            return .failure
        }
        let children = specs.models
        let diagram: String
        switch format {
        case "mermaid": diagram = MermaidEmitter.emit(model, children: children)
        case "plantuml": diagram = PlantUMLEmitter.emit(model, children: children)
        case "svg":
            do {
                let rendering = try Graphviz.svg(fromDOT: DotEmitter.emit(model, children: children))
                if !rendering.warnings.isEmpty { console.error(rendering.warnings) }
                diagram = rendering.svg
            } catch {
                console.error("fsmc graph: error: \(error.message)\n")
                return .failure
            }
        default: diagram = DotEmitter.emit(model, children: children)
        }
        return console.write(diagram, toFileOrStandardOutput: arguments.value("--output")) ? .success : .failure
    }
}
