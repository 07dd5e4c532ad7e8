import FSMCompiler
import Foundation
import Testing

/// A spec of `Specs/` run by fsmc's interpreter, the one semantics, beside its generated
/// machine: what each step should leave active and running.
struct InterpreterRun {
    let machine: ExecutableMachine
    var interpreter: MachineInterpreter

    init(spec name: String) throws {
        machine = try Self.executable(spec: name)
        // The child machines it invokes run as nested interpreters of their own specs.
        var children: [String: ExecutableMachine] = [:]
        for case .machine(let child) in machine.model.invocations.map(\.kind) {
            children[child] = try Self.executable(spec: child)
        }
        interpreter = MachineInterpreter(machine: machine, machines: children)
    }

    /// The executable machine of `Specs/<name>.fsm`, the other specs of `Specs/` its siblings
    /// (the machines it may invoke), as the plugin gives them.
    static func executable(spec name: String) throws -> ExecutableMachine {
        let folder = GeneratedFilesTests.directory.appendingPathComponent("Specs")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".fsm") && $0 != "\(name).fsm" }.sorted()
            .map { SourceText(bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
        let url = folder.appendingPathComponent("\(name).fsm")
        let compilation = Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url))), machines: MachineCatalog(specs: siblings))
        return try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
    }

    /// The active states' names, in document order.
    var configuration: [String] { interpreter.configuration.map { machine.model[$0].name } }

    /// The running invocations' names, in the order they started.
    var running: [String] { interpreter.runningInvocations.map { machine.model[$0.invocation].name } }

    mutating func start(_ answers: Set<String> = []) {
        _ = interpreter.start(answers: answers)
    }

    mutating func send(_ event: String, _ answers: Set<String> = []) {
        let id = machine.model.events.firstIndex { $0.name == event }!
        _ = interpreter.send(EventID(id), answers: answers)
    }

    mutating func advance(bySeconds seconds: Int64, _ answers: Set<String> = []) {
        _ = interpreter.advance(to: interpreter.now + seconds * 1_000_000_000, answers: answers)
    }

    /// Delivers `result` from the running run of `invocation`.
    mutating func deliver(_ result: InvocationResult, from invocation: String, _ answers: Set<String> = []) {
        _ = interpreter.deliver(result, from: run(of: invocation), answers: answers)
    }

    /// The running run of `invocation`, kept by a test to deliver from it once it no longer runs.
    func run(of invocation: String) -> MachineInterpreter.InvocationRun {
        interpreter.runningInvocations.first { machine.model[$0.invocation].name == invocation }!
    }

    /// Delivers `result` from `run`, which may have been cancelled; returns whether the
    /// interpreter dropped it (its trace's `.dropped`).
    mutating func deliver(_ result: InvocationResult, fromRun run: MachineInterpreter.InvocationRun) -> Bool {
        _ = interpreter.deliver(result, from: run, answers: [])
        return interpreter.trace.last == .dropped(run, result)
    }
}
