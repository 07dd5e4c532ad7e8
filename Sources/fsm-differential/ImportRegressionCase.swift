import Foundation

/// A disagreement of the import found and minimized, kept as a regression case: `<Name>.scxml`
/// (the chart as the import reads it), `<Name>.script` and `<Name>.trace`, the trace Qt printed
/// for the chart with its entries and exits logged (settled from the SCXML specification).
struct ImportRegressionCase {
    var name: String
    var chart: String
    var script: DifferentialScript
    var trace: [String]

    static func load(from directory: URL) throws -> [ImportRegressionCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".scxml") }.sorted().map { String($0.dropLast(6)) }
        return try names.map { name in
            func read(_ suffix: String) throws -> String {
                try String(contentsOf: directory.appendingPathComponent(name + suffix), encoding: .utf8)
            }
            return ImportRegressionCase(
                name: name, chart: try read(".scxml"), script: DifferentialScript(caseText: try read(".script")),
                trace: try read(".trace").split(separator: "\n").map(String.init))
        }
    }

    func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try chart.write(to: directory.appendingPathComponent(name + ".scxml"), atomically: true, encoding: .utf8)
        try script.caseText.write(to: directory.appendingPathComponent(name + ".script"), atomically: true, encoding: .utf8)
        try (trace.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent(name + ".trace"), atomically: true, encoding: .utf8)
    }
}
