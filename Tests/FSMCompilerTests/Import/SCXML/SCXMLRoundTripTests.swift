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
/// state data (the export's `<!-- state data … -->` note), the arguments of `emit` and
/// `raise`, access level, isolation, `import`s and properties (the `<!-- fsmc: assert … -->`
/// comments).
@Suite(.offThePool) struct SCXMLRoundTripTests {
    /// The specs the export writes (``SCXMLExportTests/specs``) but those with invocations:
    /// the import refuses the `<invoke>` of a call or a stream (SCXMLInvocationExportTests);
    /// child machines round-trip in SCXMLImportChildMachineTests.
    static var specs: [String] {
        SCXMLExportTests.specs.filter { spec in (try? SCXMLExportTests.model(of: spec).invocations.isEmpty) ?? true }
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
        // The import reads neither the state data notes nor the properties' comments back.
        let notesLeftOut = exported.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("<!-- state data, not exported:") && !$0.contains("<!-- fsmc: assert ") }.joined(separator: "\n")
        #expect(SCXMLEmitter.emit(reimported) == notesLeftOut)
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

    /// Events by name, time moved to the next deadline, and the guards that hold.
    struct Script: CustomStringConvertible {
        enum Step {
            case send(String)
            case advance
        }

        var steps: [Step]
        var answers: Set<String>

        static func random(for model: MachineModel, using generator: inout SeededGenerator) -> Script {
            let names = model.events.map(\.name)
            let steps: [Step] = (0..<25).map { _ in
                names.isEmpty || Int.random(in: 0..<4, using: &generator) == 0 ? .advance : .send(names.randomElement(using: &generator)!)
            }
            let answers = Set(model.guards.map(\.name).filter { _ in Bool.random(using: &generator) })
            return Script(steps: steps, answers: answers)
        }

        var description: String {
            steps.map { if case .send(let name) = $0 { name } else { "advance" } }.joined(separator: " ") + " with \(answers.sorted())"
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
                    _ = interpreter.send(EventID(model.events.firstIndex { $0.name == name }!), answers: answers)
                case .advance:
                    if let next = interpreter.runningTimers.map(\.deadline).min() {
                        _ = interpreter.advance(to: next, answers: answers)
                    }
                }
                recordConfiguration()
            }
            let trace = interpreter.trace.map { entry in
                switch entry {
                case .exited(let state): "exit \(model[state].name)"
                case .entered(let state): "enter \(model[state].name)"
                case .ignored(let event): "ignore \(model[event].name)"
                case .tookHistoryDefault(let state): "default of \(model[state].name).history"
                case .took(let id): Self.describe(machine.transitions[id.index].declaration, in: model)
                case .started, .cancelled, .dropped, .ignoredResult, .inChild: "invocation (none imported)"
                case .kept, .released: "deferral (none imported)"
                }
            }
            return trace + configurations
        }

        /// A transition as `source: trigger [guard] -> target / actions`, without payloads.
        static func describe(_ transition: TransitionModel, in model: MachineModel) -> String {
            let source = transition.source.map { model[$0].name } ?? "machine"
            let actions = transition.actions.map { action in
                switch action {
                case .call(let name): name
                case .emit(let output, _): "emit " + model[output].name
                case .raise(let event, _): "raise " + model[event].name
                }
            }
            let target = SpecText.target(of: transition, in: model) ?? "-"
            // A delay by its length: `1h` may come back as `60m`.
            let trigger = if case .after(let delay) = transition.trigger { "after \(delay.nanoseconds)ns" } else { SpecText.trigger(transition.trigger, in: model) }
            return "\(source): \(trigger) -> \(target) / \(actions.joined(separator: ", "))"
        }
    }
}
