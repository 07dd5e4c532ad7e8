import FSMCompiler
import Foundation

/// `fsmc paths`: model-based test paths for a spec, as text, JSON or Swift Testing code.
struct PathsCommand {
    var console: Console

    static let formats = ["text", "json", "swift-testing"]

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard arguments.positionals.count == 1, Self.formats.contains(format) else {
            console.error("fsmc paths: error: name one spec, and a --format of \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        let path = arguments.positionals[0]
        guard let compilation = CheckCommand(console: console).compile(path, warningsAsErrors: false) else {
            return .failure
        }
        guard let machine = compilation.executable, !compilation.hasErrors else { return .failure }
        let plan = PathPlanner.plan(machine)
        let fileName = (path as NSString).lastPathComponent
        let text = switch format {
        case "json": PathsJSONEmitter.emit(plan, sourceFileName: fileName)
        case "swift-testing": PathsSwiftTestingEmitter.emit(plan, sourceFileName: fileName, module: arguments.value("--module"))
        default: PathsTextEmitter.emit(plan, sourceFileName: fileName)
        }
        guard let output = arguments.value("--output") else {
            console.output(text)
            return .success
        }
        do {
            try OutputFile.write(text, to: output)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }
}
