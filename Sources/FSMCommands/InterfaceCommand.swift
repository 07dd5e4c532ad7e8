import FSMCore
import Foundation

/// `fsmc interface`: writes what the machine of a spec shows the machines that invoke it
/// (``MachineInterfaceText``), for `generate --sibling-interface`.
///
/// The build plugin runs it once per spec. The file is written only when its bytes change,
/// so that a change to the body of a spec leaves the file's timestamp alone and the build
/// reruns no other spec's `generate`. The spec's own errors are not reported here (its
/// `generate` reports them): the interface is read from its syntax, as for `--sibling`.
package struct InterfaceCommand {
    var console: Console

    /// The command's entry in the command table.
    package static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "interface",
            summary: "Writes a spec's machine as the specs that invoke it see it, for generate --sibling-interface.",
            arguments: "<file> --output <file>",
            options: [
                OptionSpec(name: "--output", valueName: "<file>", help: "Write the interface to <file>, only when it changed."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { InterfaceCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard arguments.positionals.count == 1, let output = arguments.value("--output") else {
            console.error("fsmc interface: error: name one spec and --output <file>\n")
            return .usage
        }
        let bytes: SourceTextBytes
        do {
            bytes = try InputFiles.read(arguments.positionals[0])
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        let interface = MachineCatalog.interface(of: SourceText(bytes: Array(bytes)))
        do {
            try OutputFile.createDirectory((output as NSString).deletingLastPathComponent)
            try OutputFile.write(MachineInterfaceText.text(of: interface), to: output)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }
}
