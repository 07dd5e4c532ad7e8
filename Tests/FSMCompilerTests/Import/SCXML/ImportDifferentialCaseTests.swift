import FSMCompiler
import Foundation
import Testing

/// The regression cases of the differential check of `fsmc import` (`ImportDifferential/`: an
/// SCXML chart, a script, the trace the SCXML specification asks for, Qt's where Qt follows
/// it): the spec the import writes, run by fsmc's interpreter of the executable model (which
/// the generated Swift follows), must exit and enter the same states and rest in the same
/// configuration after every step. `fsm-differential --import-replay` checks the generated
/// Swift against the whole trace, actions included (docs/SCXML.md).
@Suite(.offThePool) struct ImportDifferentialCaseTests {
    static let folder = FixtureFolders.importDifferential

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".scxml") }.map { String($0.dropLast(6)) }.sorted()
    }

    @Test func thereAreCases() {
        #expect(Self.cases.contains("ExternalTransitionInAParallelState"))
    }

    @Test(arguments: cases)
    func theImportedSpecFollowsTheExpectedTrace(_ name: String) throws {
        func read(_ suffix: String) throws -> String {
            try String(contentsOf: Self.folder.appendingPathComponent(name + suffix), encoding: .utf8)
        }
        let imported = SCXMLImport.run(SourceText(try read(".scxml")), fallbackName: name, chartName: name + ".scxml")
        let text = try #require(imported.text, "the import refuses \(name): \(imported.chartDiagnostics.map(\.message))")
        let machine = try #require(Compiler.compile(SourceText(text)).executable)
        let model = machine.model
        var interpreter = MachineInterpreter(machine: machine)
        var seen = 0
        var lines: [String] = []
        func note(_ step: String) {
            let states = interpreter.trace[seen...].compactMap { entry -> String? in
                switch entry {
                case .exited(let state): "exit \(model[state].name)"
                case .entered(let state): "enter \(model[state].name)"
                case .took, .ignored, .kept, .released, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult, .inChild,
                     .updated: nil
                }
            }
            seen = interpreter.trace.count
            let active = interpreter.configuration.map { model[$0].name }.sorted().joined(separator: " ")
            lines.append("\(step) | \(states.joined(separator: ", ")) | \(active)")
        }
        let script = try read(".script").split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // Every guard's answer is fixed before the machine starts, as the script's first lines say.
        let trueGuards = Set(script.filter { $0.count == 3 && $0[0] == "guard" && $0[2] == "1" }.map { $0[1] })
        _ = interpreter.start(answers: trueGuards)
        note("start")
        for parts in script where parts.count == 2 && parts[0] == "send" {
            let index = try #require(model.events.firstIndex { $0.name == parts[1] })
            _ = interpreter.send(EventID(index), answers: trueGuards)
            note(parts.joined(separator: " "))
        }
        // The expected trace without its actions column, which the interpreter does not record.
        let expected = try read(".trace").split(separator: "\n").map { line in
            let columns = line.components(separatedBy: " | ")
            return [columns[0], columns[1], columns[3]].joined(separator: " | ")
        }
        #expect(lines == expected)
    }
}
