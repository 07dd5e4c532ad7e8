import Foundation

/// A disagreement found, minimized and settled, kept as a regression case: `<Name>.fsm`,
/// `<Name>.script` (DifferentialScript.caseText) and `<Name>.trace`, the trace both sides must
/// print (the one the SCXML specification asks for).
struct RegressionCase {
    var name: String
    var spec: String
    var script: DifferentialScript
    var trace: [String]

    /// Every case in `directory`, by name.
    static func load(from directory: URL) throws -> [RegressionCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".fsm") }.sorted().map { String($0.dropLast(4)) }
        return try names.map { name in
            func read(_ suffix: String) throws -> String {
                try String(contentsOf: directory.appendingPathComponent(name + suffix), encoding: .utf8)
            }
            return RegressionCase(
                name: name, spec: try read(".fsm"), script: DifferentialScript(caseText: try read(".script")),
                trace: try read(".trace").split(separator: "\n").map(String.init))
        }
    }

    /// Writes the case's three files into `directory`.
    func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try spec.write(to: directory.appendingPathComponent(name + ".fsm"), atomically: true, encoding: .utf8)
        try script.caseText.write(to: directory.appendingPathComponent(name + ".script"), atomically: true, encoding: .utf8)
        try (trace.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent(name + ".trace"), atomically: true, encoding: .utf8)
    }
}
