import FSMCommands
import FSMLanguageServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsmc lsp`: a Language Server over stdin and stdout for editors (see editors/).
enum LanguageServerCommand {
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "lsp",
            summary: "Runs a Language Server on stdin and stdout, for editors (see editors/ and the README).",
            arguments: "[--stdio]",
            options: [
                OptionSpec(name: "--stdio", help: "Accepted for clients that pass it; stdin and stdout are the only transport."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { arguments in
                guard arguments.positionals.isEmpty else {
                    console.error("fsmc lsp: error: unexpected argument '\(arguments.positionals[0])'\n")
                    return .usage
                }
                return run()
            })
    }

    static func run() -> ExitCode {
        // A client that goes away must end the server with an error from write(2), not kill
        // it with SIGPIPE half-way through a message.
        signal(SIGPIPE, SIG_IGN)
        return LanguageServerLoop.run(input: STDIN_FILENO, output: STDOUT_FILENO) == 0 ? .success : .failure
    }
}
