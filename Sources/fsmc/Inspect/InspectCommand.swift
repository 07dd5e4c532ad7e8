import FSMCompiler
import FSMCommands
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsmc inspect`: the live inspector (docs/Inspector.md). Serves, on one port, the apps'
/// runs of the machines of the specs it is given (each replayed on its spec as it arrives)
/// and the pages that show them: an index of the instances connected and each machine's
/// simulator page in live mode. Prints the page's address with the token, then the token;
/// serves until SIGINT or SIGTERM, then exits with 0.
struct InspectCommand {
    var console: Console

    /// The port the inspector listens on unless told otherwise.
    static let defaultPort = 7300

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "inspect",
            summary: "Serves a live inspector: apps send their machines' runs as they happen, a page shows them on the spec.",
            arguments: "<spec>... [--sibling <spec>]... [--port <n>] [--listen <address>] [--module <name>] [--sample <Type=expression>]...",
            options: [
                TargetMachines.option,
                OptionSpec(
                    name: "--port", valueName: "<n>",
                    help: "The port apps and pages connect to (default \(defaultPort)); 0 for one the system chooses."),
                OptionSpec(
                    name: "--listen", valueName: "<address>",
                    help: "The address to listen on (default 127.0.0.1). Anyone who reaches another one and has the token can feed and read the session."),
                OptionSpec(name: "--module", valueName: "<name>", help: "For the Swift tests of runs: the module the machines are in."),
                SampleOption.option,
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { InspectCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            console.error("fsmc inspect: error: name the .fsm file of each machine to inspect\n")
            return .usage
        }
        var port = Self.defaultPort
        if let text = arguments.value("--port") {
            guard let value = Int(text), (0...65_535).contains(value) else {
                console.error("fsmc inspect: error: --port takes a port number from 0 to 65535 (0: any free port), not '\(text)'\n")
                return .usage
            }
            port = value
        }
        let address = arguments.value("--listen") ?? "127.0.0.1"
        guard let samples = SampleOption.samples(in: arguments, command: "inspect", console: console) else { return .usage }
        guard let machines = compile(arguments, samples: samples) else { return .failure }
        guard Graphviz.executable(named: "dot") != nil else {
            console.error("fsmc inspect: error: \(SimulatorPages.missingDot)\n")
            return .failure
        }
        let token = Self.token()
        let session = LiveSession(token: token, machines: machines.map(\.session))
        let listening: (socket: Socket, port: Int, isLoopback: Bool)
        do {
            listening = try Socket.listen(on: address, port: port)
        } catch {
            let hint = port == 0 ? "" : " (another program may be using port \(port): choose another with --port, or --port 0 for any free one)"
            console.error("fsmc inspect: error: \(error.message)\(hint)\n")
            return .failure
        }
        var pages: [String: String] = [:]
        let live = #"{"updates":"/updates"}"#
        for machine in machines {
            let json = SimulationGraphJSONEmitter.emit(machine.session.graph, samples: samples)
            do {
                let page = try SimulatorPages.page(of: machine.model, children: machine.childModels, graphJSON: json, live: live)
                if !page.warnings.isEmpty { console.error(page.warnings) }
                pages[machine.model.name] = page.html
            } catch {
                console.error("fsmc inspect: error: the page draws the diagram with Graphviz: \(error.message)\n")
                return .failure
            }
        }
        let host = Self.urlHost(address)
        let server = InspectorServer(
            session: session, token: token, pages: pages,
            index: InspectorIndexPage.html(machines: session.machineNames, address: "\(host):\(listening.port)"),
            listener: listening.socket, port: listening.port, module: arguments.value("--module"))
        if !listening.isLoopback {
            console.error(
                "fsmc inspect: warning: listening on \(address), not a loopback address: anyone who can reach it and has the token "
                    + "can feed runs to this session and read them\n")
        }
        Self.exitOnSignals()
        console.error("fsmc inspect: serving \(session.machineNames.joined(separator: ", ")) on port \(listening.port); apps connect with the token below; Ctrl-C stops\n")
        // stdout is written unbuffered: whoever reads it (a test, a script) has both lines now.
        console.output("http://\(host):\(listening.port)/?token=\(token)\n\(token)\n")
        server.serve()
    }

    /// A spec given, compiled, with what its page and the session need.
    private struct Machine {
        var model: MachineModel
        var childModels: [String: MachineModel]
        var session: LiveSession.Machine
    }

    /// Compiles every spec given, each with the others and `--sibling`'s as its siblings;
    /// `nil` after printing the diagnostics when one has errors or two declare one machine.
    private func compile(_ arguments: ParsedArguments, samples: SampleValues) -> [Machine]? {
        var machines: [Machine] = []
        var failed = false
        for path in arguments.positionals {
            let others = arguments.positionals.filter { $0 != path }
            // The specs' properties were proved where they were built: the inspector needs their meaning only.
            guard case let (compilation, children)? = ChildMachineSpecs.compile(
                    path, siblings: arguments.repeatedValues("--sibling") + others, warningsAsErrors: false, console: console,
                    propertyBounds: nil),
                  let model = compilation.model, let executable = compilation.executable
            else {
                failed = true
                continue
            }
            if let twin = machines.first(where: { $0.model.name == model.name }) {
                console.error("fsmc inspect: error: \(path) and \(twin.session.specPath) both declare machine '\(model.name)': give one\n")
                failed = true
                continue
            }
            let graph = SimulatorPages.graph(of: executable, compilation: compilation)
            machines.append(Machine(
                model: model, childModels: children.models,
                session: LiveSession.Machine(graph: graph, children: children.executables, specPath: path, samples: samples)))
        }
        return failed ? nil : machines
    }

    /// 128 random bits, in hexadecimal.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// The host part of the page's address: a wildcard address is reached on the loopback one,
    /// an IPv6 address is bracketed.
    static func urlHost(_ address: String) -> String {
        switch address {
        case "0.0.0.0", "": return "127.0.0.1"
        case "::", "[::]": return "[::1]"
        default: return address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
        }
    }

    /// SIGINT and SIGTERM end the process with status 0; a write to a closed connection does
    /// not end it (SIGPIPE ignored).
    private static func exitOnSignals() {
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { exit(0) }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Kept alive for the process's life.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
}
