import Foundation
@testable import FSMCompiler
import Testing

/// An outside reference for the import: SCION's SCXML test suite (`Tests/FSMCompilerTests/SCION`,
/// see its README), each chart imported as `fsmc import` does and run by the interpreter, its
/// configuration checked after the start and after every event of the suite's script.
@Suite(.offThePool) struct SCIONSuiteTests {
    /// A suite's script: the expected active atomic states, by SCXML id, after the start and
    /// after each event.
    struct Script: Decodable {
        struct Step: Decodable {
            struct Event: Decodable { var name: String }
            var event: Event
            /// Milliseconds to wait before sending the event.
            var after: Int?
            var nextConfiguration: [String]
        }
        var initialConfiguration: [String]
        var events: [Step]
    }

    /// What running one chart found.
    enum Outcome: Equatable {
        /// The import refused the chart, for the first error's message.
        case refused(String)
        /// The imported chart ended in the expected configuration after every step.
        case agreed
        /// A step ended elsewhere.
        case disagreed(String)
    }

    static let folder = FixtureFolders.root.appendingPathComponent("SCION")

    static var charts: [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        // A chart without a script is a part of another test (an invoked session's chart).
        return files.filter { file in
            file.pathExtension == "scxml"
                && FileManager.default.fileExists(atPath: file.deletingPathExtension().appendingPathExtension("json").path)
        }.sorted { $0.path < $1.path }
    }

    /// Every chart that imports means what it meant; the figures say how many import.
    @Test func everyImportedChartEndsInTheSuitesConfigurations() throws {
        let charts = Self.charts
        #expect(charts.count > 300, "the suite's charts were not found")
        var agreed: [String] = []
        var disagreements: [String] = []
        var refusals: [String: Int] = [:]
        for chart in charts {
            let name = chart.path.replacingOccurrences(of: Self.folder.path + "/", with: "")
            switch try Self.run(chart) {
            case .agreed: agreed.append(name)
            case .disagreed(let why): disagreements.append("\(name): \(why)")
            case .refused(let why): refusals[why.replacing(/'[^'\s]*'/, with: "'…'"), default: 0] += 1
            }
        }
        #expect(disagreements == [], "imported charts that changed meaning")
        // Issue 26 found 47 charts importing and 6 of them changing meaning; with SCXML's
        // whole control language 83 import, every one meaning what it meant; with logs as
        // comments, the delayed sends that are timers and compound top-level states in lower
        // case (issue 37), 100.
        #expect(agreed.count >= 100, "only \(agreed.count) charts import")
        print("SCION suite: \(charts.count) charts, \(agreed.count) imported and agreed, \(disagreements.count) disagreed, \(refusals.values.reduce(0, +)) refused")
        for (reason, count) in refusals.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(12) {
            print("  \(count) refused: \(reason)")
        }
    }

    /// Imports `chart`, runs its script through the interpreter and compares configurations.
    static func run(_ chart: URL) throws -> Outcome {
        let source = SourceText(bytes: Array(try Data(contentsOf: chart)))
        let imported = SCXMLImport.run(source, fallbackName: "Chart", chartName: chart.lastPathComponent)
        guard let text = imported.text else {
            let error = (imported.chartDiagnostics + imported.specDiagnostics).first { $0.severity == .error }
            return .refused(error?.message ?? "no spec")
        }
        guard let machine = Compiler.compile(SourceText(text)).executable else { return .disagreed("the spec does not compile") }
        let scriptURL = chart.deletingPathExtension().appendingPathExtension("json")
        let script = try JSONDecoder().decode(Script.self, from: Data(contentsOf: scriptURL))
        let model = machine.model
        var interpreter = MachineInterpreter(machine: machine)
        _ = interpreter.start(answers: [])
        func configuration() -> [String] { interpreter.atomicStates.map { model[$0].name }.sorted() }
        func expected(_ ids: [String]) -> [String] { ids.map { imported.stateNames[$0] ?? "no state '\($0)'" }.sorted() }
        if configuration() != expected(script.initialConfiguration) {
            return .disagreed("after the start: \(configuration()), expected \(expected(script.initialConfiguration))")
        }
        for (index, step) in script.events.enumerated() {
            if let after = step.after {
                _ = interpreter.advance(to: interpreter.now + Int64(after) * 1_000_000, answers: [])
            }
            if let eventName = imported.eventNames[step.event.name], let event = model.events.firstIndex(where: { $0.name == eventName }) {
                _ = interpreter.send(EventID(event), answers: [])
            } else if let descriptor = descriptors(in: source).first(where: { matches($0, step.event.name) }) {
                // The import declares the events the chart names; SCXML matches an event it
                // does not name by prefix, which a spec's closed set of events cannot express.
                return .refused("the script sends '\(step.event.name)', which the chart does not name and '\(descriptor)' matches")
            }
            // An event no transition names changes nothing, as in SCXML.
            if configuration() != expected(step.nextConfiguration) {
                return .disagreed("after event \(index + 1) '\(step.event.name)': \(configuration()), expected \(expected(step.nextConfiguration))")
            }
        }
        return .agreed
    }

    /// The event descriptors of the chart's transitions (`foo`, `foo.bar`), without `.*`.
    static func descriptors(in source: SourceText) -> [String] {
        let text = String(decoding: source.bytes, as: UTF8.self)
        return text.matches(of: /event="([^"]*)"/).flatMap { match in
            match.output.1.split(whereSeparator: \.isWhitespace).map { descriptor in
                var name = String(descriptor)
                if name.hasSuffix(".*") { name.removeLast(2) }
                return name
            }
        }
    }

    /// Whether SCXML's descriptor `descriptor` matches the event `name` (3.12.1: a prefix of
    /// its tokens, `*` any event).
    static func matches(_ descriptor: String, _ name: String) -> Bool {
        descriptor == "*" || name == descriptor || name.hasPrefix(descriptor + ".")
    }
}
