import FSMCompiler
import Foundation
import Testing

/// The regression cases of the differential testing against Qt SCXML (`Differential/`: a spec,
/// a script, the trace the SCXML specification asks for): fsmc's interpreter of the executable
/// model, which the generated Swift follows, must exit and enter the same states and rest in
/// the same configuration after every step. `fsm-differential --replay` checks the generated
/// Swift and Qt against the whole trace, actions included (docs/SCXML.md).
@Suite(.offThePool) struct DifferentialCaseTests {
    static let folder = FixtureFolders.differential

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".fsm") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func thereAreCases() {
        #expect(Self.cases.contains("PreemptionByALaterRegion"))
    }

    @Test(arguments: cases)
    func theInterpreterFollowsTheExpectedTrace(_ name: String) throws {
        func read(_ suffix: String) throws -> String {
            try String(contentsOf: Self.folder.appendingPathComponent(name + suffix), encoding: .utf8)
        }
        let machine = try #require(Compiler.compile(SourceText(try read(".fsm"))).executable)
        let model = machine.model
        var trueGuards: Set<String> = []
        var steps: [(text: String, event: String?, milliseconds: Int64, outcome: (InvocationResult, String)?)] = []
        for line in try read(".script").split(separator: "\n").map(String.init) {
            let parts = line.split(separator: " ").map(String.init)
            switch parts.first {
            case "guard" where parts.count == 3 && parts[2] == "1": trueGuards.insert(parts[1])
            case "send": steps.append((line, parts[1], 0, nil))
            case "wait": steps.append((line, nil, Int64(parts[1]) ?? 0, nil))
            // What an invocation's work does: the regression cases use each on its kind only.
            case "complete", "finish": steps.append((line, nil, 0, (.done, parts[1])))
            case "fail": steps.append((line, nil, 0, (.error, parts[1])))
            case "yield": steps.append((line, nil, 0, (.element, parts[1])))
            default: break
            }
        }
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
            // The running invocations follow the states, as `name()`.
            let active = (interpreter.configuration.map { model[$0].name }.sorted()
                + interpreter.runningInvocations.map { model[$0.invocation].name + "()" }.sorted()).joined(separator: " ")
            lines.append("\(step) | \(states.joined(separator: ", ")) | \(active)")
        }
        _ = interpreter.start(answers: trueGuards)
        note("start")
        for step in steps {
            if case let (result, name)? = step.outcome {
                // A step for an invocation that does not run does nothing.
                if let run = interpreter.runningInvocations.first(where: { model[$0.invocation].name == name }) {
                    _ = interpreter.deliver(result, from: run, answers: trueGuards)
                }
            } else if let event = step.event {
                let index = try #require(model.events.firstIndex { $0.name == event })
                _ = interpreter.send(EventID(index), answers: trueGuards)
            } else {
                _ = interpreter.advance(to: interpreter.now + step.milliseconds * 1_000_000, answers: trueGuards)
            }
            note(step.text)
        }
        // The expected trace without its actions column, which the interpreter does not record.
        let expected = try read(".trace").split(separator: "\n").map { line in
            let columns = line.components(separatedBy: " | ")
            return [columns[0], columns[1], columns[3]].joined(separator: " | ")
        }
        #expect(lines == expected)
    }
}
