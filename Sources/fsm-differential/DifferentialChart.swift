import FSMCompiler
import FSMSpecGenerator

/// A spec ready for both sides: renamed so that many can share one Swift module, checked to be
/// in the part of the language SCXML exports with the same meaning, with what a script needs.
struct DifferentialChart: Sendable {
    /// A name unique in the campaign: the generated class and the files are called after it.
    var name: String
    /// Where the spec came from (a file, or a generator seed), for reports.
    var origin: String
    /// The spec's text, with `machine <name>`.
    var text: String
    var machine: ExecutableMachine
    var model: MachineModel { machine.model }
    /// The guards, with the data-model booleans the SCXML export declares for them.
    var guards: [(name: String, variable: String)]
    /// The events a script may send: the declared ones without payload.
    var events: [String]
    /// Why Qt's trace is not the specification's on this chart (a known Qt deviation), when
    /// it is not: the generated Swift is then judged against fsmc's interpreter of the
    /// executable model instead, without the actions, which the interpreter does not print.
    var qtDeviation: String?
    /// The distinct `after` delays, in milliseconds, shortest first.
    var timerDelays: [Int]
    /// The generator's tree of the spec, when it was generated: what the minimizer shrinks.
    var document: SpecDocument?

    enum Refusal: Error, CustomStringConvertible {
        case invalid(String)
        case unsupported(String)
        /// The SCXML export refuses the spec: its refusal, located (``ExportRefusals``).
        case exportRefused(String)

        var description: String {
            switch self {
            case .invalid(let message): "the spec has errors: \(message)"
            case .unsupported(let what): "not compared: \(what)"
            case .exportRefused(let refusal): "not compared: the SCXML export refuses it: \(refusal)"
            }
        }
    }

    /// Prepares `text` under the machine name `name`. Refuses what the export cannot carry
    /// over with its meaning: value functions (SCXML has no typed data to compute), what the
    /// export itself refuses (``ExportRefusals/refusal(of:)``: an `update(…)` of a value the
    /// chart does not carry, …), delays that are not whole milliseconds (Qt times in
    /// milliseconds).
    init(name: String, origin: String, text: String, document: SpecDocument? = nil, externalEvents: [String]? = nil) throws {
        let compilation = Compiler.compile(SourceText(bytes: Array(text.utf8)))
        guard let syntax = compilation.syntax?.machines.first, compilation.executable != nil else {
            throw Refusal.invalid(compilation.diagnostics.first.map { "\($0.range.start): \($0.message)" } ?? "no machine")
        }
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(syntax.name.range.start.offset..<syntax.name.range.end.offset, with: Array(name.utf8))
        let renamed = String(decoding: bytes, as: UTF8.self)
        guard let machine = Compiler.compile(SourceText(bytes: bytes)).executable else {
            throw Refusal.invalid("renamed to \(name), it no longer compiles")
        }
        let model = machine.model
        if !model.valueFunctions.isEmpty { throw Refusal.unsupported("value functions") }
        if model.invocations.contains(where: { if case .machine = $0.kind { true } else { false } }) {
            throw Refusal.unsupported("child machines, which the SCXML export refuses")
        }
        if let refusal = ExportRefusals.refusal(of: model) {
            throw Refusal.exportRefused("\(refusal.range.start): \(refusal.message)")
        }
        var delays: Set<Int> = []
        for transition in model.allTransitions {
            if case .after(let duration) = transition.trigger {
                guard duration.nanoseconds % 1_000_000 == 0, duration.nanoseconds > 0 else {
                    throw Refusal.unsupported("a delay of \(duration.nanoseconds) ns, not whole milliseconds")
                }
                delays.insert(Int(duration.nanoseconds / 1_000_000))
            }
        }
        self.name = name
        self.origin = origin
        self.text = renamed
        self.machine = machine
        guards = SCXMLEmitter.guardVariables(of: model)
        let sendable = model.events.filter(\.parameters.isEmpty).map(\.name)
        events = externalEvents.map { external in sendable.filter(external.contains) } ?? sendable
        timerDelays = delays.sorted()
        self.document = document
    }

    /// The outcomes a script may give each invocation: a call completes (when it returns
    /// nothing: a script makes up no results) or fails; a stream yields (elements without
    /// values), finishes or fails.
    var outcomes: [(outcome: SCXMLEmitter.Outcome, invocation: String)] {
        Self.outcomes(of: model)
    }

    /// ``outcomes`` of `model`'s calls and streams (its child machines have none).
    static func outcomes(of model: MachineModel) -> [(outcome: SCXMLEmitter.Outcome, invocation: String)] {
        model.invocations.flatMap { invocation -> [(outcome: SCXMLEmitter.Outcome, invocation: String)] in
            if case .machine = invocation.kind { return [] }
            let valueless = invocation.results.isEmpty
            let outcomes: [SCXMLEmitter.Outcome] = invocation.kind == .stream
                ? (valueless ? [.yield] : []) + [.finish, .fail]
                : (valueless ? [.complete] : []) + [.fail]
            return outcomes.map { ($0, invocation.name) }
        }
    }

    /// The same chart under another machine name.
    func renamed(_ newName: String) throws -> DifferentialChart {
        try DifferentialChart(name: newName, origin: origin, text: text, document: document, externalEvents: events)
    }
}
