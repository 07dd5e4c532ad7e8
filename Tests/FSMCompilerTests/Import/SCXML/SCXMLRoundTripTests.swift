@testable import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `.fsm → SCXML → .fsm` keeps the meaning, for every example machine and construct spec.
///
/// Two proofs: the imported spec exports to the same SCXML document (the export states the
/// meaning construct by construct), and the interpreter runs both machines alike on random
/// scripts of events, timer deadlines and guard answers (the same states exited and entered,
/// the same transitions by source, trigger and target, the same actions, in the same order).
/// What the export does not carry is left out of both comparisons: payloads and their labels,
/// state data (the export's `<!-- state data … -->` note), a call's or a stream's results (its
/// `<!-- results … -->` note), the arguments of `emit` and `raise`, access level, isolation,
/// `import`s and properties (the `<!-- fsmc: assert … -->` comments). Calls and streams come
/// back as `invoke name` and `invoke stream name`; the scripts complete, fail, yield and finish
/// them. Child machines round-trip in SCXMLImportChildMachineTests.
@Suite(.offThePool) struct SCXMLRoundTripTests {
    /// The specs the export writes (``SCXMLExportTests/specs``), those with calls and streams
    /// (`Profile`, `Checkout`, `Sync`) included.
    static var specs: [String] { SCXMLExportTests.specs }

    /// The lines of an export the import does not read back: the notes on state data and on
    /// results, and the properties' comments.
    static func withoutNotes(_ exported: String) -> String {
        exported.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("<!-- state data, not exported:") && !$0.contains("<!-- results, not exported:") && !$0.contains("<!-- fsmc: assert ") }
            .joined(separator: "\n")
    }

    @Test func theSpecsWithCallsAndStreamsRoundTrip() throws {
        let invoking = try Self.specs.filter { try !SCXMLExportTests.model(of: $0).invocations.isEmpty }
        #expect(invoking.contains("machines/Profile.fsm"))
        #expect(invoking.contains("Tests/InvocationMachinesTests/Specs/Sync.fsm"))
    }

    /// The imported model of a spec's export, compiled from the spec text the import writes.
    static func roundTrip(_ model: MachineModel) throws -> (exported: String, spec: String, compilation: Compilation) {
        let exported = SCXMLEmitter.emit(model)
        let imported = SCXMLImport.run(SourceText(exported), fallbackName: model.name, chartName: "\(model.name).scxml")
        #expect(imported.chartDiagnostics.isEmpty, "\(imported.chartDiagnostics)")
        let spec = try #require(imported.text, "\(imported.specDiagnostics)")
        return (exported, spec, Compiler.compile(SourceText(spec)))
    }

    @Test(arguments: specs)
    func theImportedSpecExportsTheSameDocument(_ path: String) throws {
        let model = try DiagramGoldens.model(of: path)
        let (exported, _, compilation) = try Self.roundTrip(model)
        let reimported = try #require(compilation.model)
        // The import reads neither the notes on state data and results nor the properties'
        // comments back.
        #expect(SCXMLEmitter.emit(reimported) == Self.withoutNotes(exported))
    }

    @Test(arguments: specs)
    func theImportedSpecRunsAsTheOriginal(_ path: String) throws {
        let original = try #require(Compiler.compile(SourceText(String(contentsOf: ExampleMachines.packageRoot.appendingPathComponent(path), encoding: .utf8))).executable)
        let imported = try #require(try Self.roundTrip(original.model).compilation.executable)
        var generator = SeededGenerator(seed: UInt64(path.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for _ in 0..<40 {
            let script = Script.random(for: original.model, using: &generator)
            #expect(script.run(on: original) == script.run(on: imported), "\(path): \(script)")
        }
    }

    /// Events by name, time moved to the next deadline, outcomes of calls and streams by
    /// name, and the guards that hold.
    struct Script: CustomStringConvertible {
        enum Step {
            case send(String)
            case advance
            /// A result of the invocation of that name, when it runs.
            case outcome(InvocationResult, String)
        }

        var steps: [Step]
        var answers: Set<String>

        static func random(for model: MachineModel, using generator: inout SeededGenerator) -> Script {
            let names = model.events.map(\.name)
            let outcomes = model.invocations.flatMap { invocation -> [Step] in
                let results: [InvocationResult] = switch invocation.kind {
                case .call: [.done, .error]
                case .stream: [.element, .element, .done, .error]
                case .machine: []
                }
                return results.map { .outcome($0, invocation.name) }
            }
            let steps: [Step] = (0..<25).map { _ in
                if !outcomes.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 { return outcomes.randomElement(using: &generator)! }
                return names.isEmpty || Int.random(in: 0..<4, using: &generator) == 0 ? .advance : .send(names.randomElement(using: &generator)!)
            }
            let answers = Set(model.guards.map(\.name).filter { _ in Bool.random(using: &generator) })
            return Script(steps: steps, answers: answers)
        }

        var description: String {
            steps.map { step in
                switch step {
                case .send(let name): name
                case .advance: "advance"
                case .outcome(let result, let name): result.trigger(of: name)
                }
            }.joined(separator: " ") + " with \(answers.sorted())"
        }

        /// What the machine does, by name: the trace after each step and the active states.
        func run(on machine: ExecutableMachine) -> [String] {
            let model = machine.model
            var interpreter = MachineInterpreter(machine: machine)
            var configurations: [String] = []
            func recordConfiguration() {
                configurations.append("in " + interpreter.configuration.map { model[$0].name }.sorted().joined(separator: " "))
            }
            _ = interpreter.start(answers: answers)
            recordConfiguration()
            for step in steps {
                switch step {
                case .send(let name):
                    // An event no transition names is not declared by the import: ignored in both.
                    if let event = model.events.firstIndex(where: { $0.name == name }) {
                        _ = interpreter.send(EventID(event), answers: answers)
                    }
                case .advance:
                    if let next = interpreter.runningTimers.map(\.deadline).min() {
                        _ = interpreter.advance(to: next, answers: answers)
                    }
                case .outcome(let result, let name):
                    if let run = interpreter.runningInvocations.first(where: { model[$0.invocation].name == name }) {
                        _ = interpreter.deliver(result, from: run, answers: answers)
                    }
                }
                recordConfiguration()
            }
            let trace = interpreter.trace.map { entry in
                switch entry {
                case .exited(let state): "exit \(model[state].name)"
                case .entered(let state): "enter \(model[state].name)"
                case .ignored(let event): "ignore event \(model[event].name)"
                case .tookHistoryDefault(let state): "default of \(model[state].name).history"
                case .took(let id): Self.describe(machine.transitions[id.index].declaration, in: model)
                case .started(let run): "start \(model[run.invocation].name)"
                case .cancelled(let run): "cancel \(model[run.invocation].name)"
                case .dropped(let run, let result): "drop \(result.trigger(of: model[run.invocation].name))"
                case .ignoredResult(let run, let result): "ignore \(result.trigger(of: model[run.invocation].name))"
                case .inChild: "child machine (none here)"
                case .kept, .released: "deferral (none imported)"
                case .updated: "update (none imported)"
                }
            }
            // An ignored event changes nothing; the import leaves out events no transition names.
            return trace.filter { !$0.hasPrefix("ignore event ") } + configurations
        }

        /// A transition as `source: trigger [guard] -> target / actions`, without payloads.
        static func describe(_ transition: TransitionModel, in model: MachineModel) -> String {
            let source = transition.source.map { model[$0].name } ?? "machine"
            let actions = transition.actions.map { action in
                switch action {
                case .call(let name), .callWithArguments(let name, _): name
                case .emit(let output, _): "emit " + model[output].name
                case .raise(let event, _): "raise " + model[event].name
                case .update: "update"
                }
            }
            let target = SpecText.target(of: transition, in: model) ?? "-"
            // A delay by its length: `1h` may come back as `60m`.
            let trigger = if case .after(let delay) = transition.trigger { "after \(delay.nanoseconds)ns" } else { SpecText.trigger(transition.trigger, in: model) }
            return "\(source): \(trigger) -> \(target) / \(actions.joined(separator: ", "))"
        }
    }
}
