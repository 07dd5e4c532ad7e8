import FSMCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The build plugin's tool: fsmc's `interface`, `generate` and `check` and nothing else, so that every build
// of a package using the plugin compiles only the compiler's core and its Swift back end.
let console = Console()
let tool = CommandLineTool(
    name: "fsmc-build", summary: "the commands of fsmc that a build runs", console: console,
    commands: [
        InterfaceCommand.spec(console: console), GenerateCommand.spec(console: console), CheckCommand.spec(console: console),
    ])
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
