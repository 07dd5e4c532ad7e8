import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc format` on specs whose layout was scrambled (``LayoutScrambler``: `\r\n` and mixed
/// line breaks, tabs, lone carriage returns, comments of every kind wherever they may stand),
/// starting from every valid spec of the repository and, one time in four, from
/// ``ControlLanguageSpec``: the formatter lays each one out, the layout formats to itself, and
/// it means the same (the same syntax tree but for source ranges, the same diagnostics).
///
/// The seed is fixed, so a failure is the same on every run; a failing spec is printed
/// escaped in the failure. Campaigns: `FSMC_FORMAT_ROUNDTRIP_COUNT=20000` (and
/// `FSMC_FORMAT_ROUNDTRIP_SEED=<n>` for other specs).
@Suite(.offThePool) struct FormatRoundTripTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["FSMC_FORMAT_ROUNDTRIP_COUNT"] ?? "") ?? 400
    static let seed = UInt64(environment["FSMC_FORMAT_ROUNDTRIP_SEED"] ?? "") ?? 0xF0_2026_1126

    @Test func scrambledLayoutsOfEveryValidSpecFormatBackToWhatTheyMean() async throws {
        let failures = try await onOwnThread { try Self.run() }
        for failure in failures.prefix(5) {
            Issue.record(Comment(rawValue: failure))
        }
        #expect(failures.count == 0, "\(failures.count) of \(Self.count) scrambled specs failed")
    }

    /// Scrambles `count` specs and returns what went wrong with each that failed.
    static func run() throws -> [String] {
        // Canonical layouts to start from: the scrambler adds only white space and comments,
        // so what the formatter gives back must have the canonical spacing between tokens.
        let bases = try RepositorySpecs.relativePaths.compactMap { path -> (String, String)? in
            let source = SourceText(bytes: try RepositorySpecs.bytes(of: path))
            return (try? formatSpec(source)).map { (path, $0) }
        }
        #expect(bases.count > 100, "the repository's specs were not found")
        guard !bases.isEmpty else { return [] }
        var scrambler = LayoutScrambler(seed: seed)
        var failures: [String] = []
        for number in 0..<count {
            // The repository's specs do not use every construct of the language yet.
            let (path, base) = number % 4 == 3 ? ("ControlLanguageSpec", ControlLanguageSpec.text) : bases[number % bases.count]
            let scrambled = scrambler.scramble(base)
            if let problem = problem(formatting: scrambled) {
                failures.append("scrambled spec \(number) of \(path): \(problem)\n\(String(reflecting: scrambled))")
            }
        }
        return failures
    }

    /// What is wrong with formatting `spec`, or nil.
    static func problem(formatting spec: String) -> String? {
        let parsed = Parser.parse(SourceText(spec))
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            return "the scrambled spec does not parse (a bug of the scrambler): \(error.message) at \(error.range)"
        }
        let formatted: String
        do {
            formatted = try formatSpec(spec)
        } catch {
            return "refused: \(error.diagnostics.map(\.message))"
        }
        guard let again = try? formatSpec(formatted) else {
            return "the layout is refused when formatted again:\n\(String(reflecting: formatted))"
        }
        if again != formatted {
            return "the layout formats to something else again:\n\(String(reflecting: formatted))\n\(String(reflecting: again))"
        }
        if SyntaxShape.of(parsed.syntax) != SyntaxShape.of(Parser.parse(SourceText(formatted)).syntax) {
            return "the layout parses to another tree:\n\(String(reflecting: formatted))"
        }
        // Messages name lines ("the transition on line 14"), which the layout may move.
        let messages = { (text: String) in
            Compiler.compile(SourceText(text)).diagnostics.map { withoutLineNumbers("\($0.severity) \($0.message)") }
        }
        if messages(spec) != messages(formatted) {
            return "the layout has other diagnostics, \(messages(formatted)) instead of \(messages(spec)):\n\(String(reflecting: formatted))"
        }
        return nil
    }

    /// A message with each "line 14" written "line #".
    static func withoutLineNumbers(_ message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let range = rest.range(of: "line ") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            if rest.first?.isNumber == true {
                result += "#"
                rest = rest.drop(while: \.isNumber)
            }
        }
        return result + rest
    }
}
