import FSMCompiler
import Testing

/// A spec with position markers written into it, in the style of swift-format's tests: a
/// keycap emoji such as `1️⃣` (or `🔟`) marks the position of the character that follows it.
///
/// The markers are stripped from the text that is compiled; ``location(_:)`` gives the
/// 1-based line and byte column each one stood at, so a test states where a diagnostic
/// points by writing the marker right there in the spec:
///
/// ```swift
/// let spec = MarkedSource("""
///     machine M {
///         initial state a { on go -> 1️⃣nowhere }
///     }
///     """)
/// ```
struct MarkedSource {
    /// The text without markers.
    let text: String
    /// Where each marker stood in ``text``.
    let markers: [String: FSMCompiler.SourceLocation]

    init(_ marked: String) {
        var text = ""
        var markers: [String: FSMCompiler.SourceLocation] = [:]
        var line = 1
        var column = 1
        var offset = 0
        for character in marked {
            if Self.isMarker(character) {
                precondition(markers[String(character)] == nil, "marker \(character) is used twice")
                markers[String(character)] = FSMCompiler.SourceLocation(line: line, column: column, offset: offset)
                continue
            }
            text.append(character)
            let width = character.utf8.count
            offset += width
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += width
            }
        }
        self.text = text
        self.markers = markers
    }

    /// The source to hand to the compiler.
    var source: SourceText { SourceText(text) }

    /// The location of a marker; records an issue and returns 0:0 when it is not in the text.
    func location(_ marker: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> FSMCompiler.SourceLocation {
        guard let location = markers[marker] else {
            Issue.record("marker \(marker) is not in the spec", sourceLocation: sourceLocation)
            return FSMCompiler.SourceLocation(line: 0, column: 0, offset: 0)
        }
        return location
    }

    /// The range from one marker to another.
    func range(_ start: String, _ end: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SourceRange {
        SourceRange(location(start, sourceLocation: sourceLocation), location(end, sourceLocation: sourceLocation))
    }

    /// `1️⃣` … `9️⃣`, `0️⃣` and `🔟`.
    private static func isMarker(_ character: Character) -> Bool {
        if character == "🔟" { return true }
        let scalars = Array(character.unicodeScalars)
        return scalars.count == 3 && ("0"..."9").contains(scalars[0]) && scalars[1] == "\u{FE0F}" && scalars[2] == "\u{20E3}"
    }
}

/// A diagnostic a test expects, with its position given by a marker of a ``MarkedSource``.
struct ExpectedDiagnostic {
    var marker: String
    var severity: Diagnostic.Severity
    var message: String
    /// Expected notes as (marker, message).
    var notes: [(marker: String, message: String)]

    static func error(_ marker: String, _ message: String, notes: [(String, String)] = []) -> Self {
        Self(marker: marker, severity: .error, message: message, notes: notes.map { ($0.0, $0.1) })
    }

    static func warning(_ marker: String, _ message: String, notes: [(String, String)] = []) -> Self {
        Self(marker: marker, severity: .warning, message: message, notes: notes.map { ($0.0, $0.1) })
    }
}

extension MarkedSource {
    /// Renders diagnostics as `line:column: severity: message` lines (notes indented), the
    /// form the assertions compare, so that a failure shows a readable difference.
    static func lines(of diagnostics: [Diagnostic]) -> [String] {
        diagnostics.flatMap { diagnostic in
            ["\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)"]
                + diagnostic.notes.map { "  \($0.range.start): note: \($0.message)" }
        }
    }

    /// The lines ``lines(of:)`` should give for the expected diagnostics.
    func lines(of expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        expected.flatMap { diagnostic in
            ["\(location(diagnostic.marker, sourceLocation: sourceLocation)): \(diagnostic.severity.rawValue): \(diagnostic.message)"]
                + diagnostic.notes.map { "  \(location($0.marker, sourceLocation: sourceLocation)): note: \($0.message)" }
        }
    }

    /// Compiles the spec and checks that it gives exactly the expected diagnostics, in order.
    @discardableResult
    func expectDiagnostics(
        _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Compilation {
        let compilation = Compiler.compile(source)
        #expect(
            Self.lines(of: compilation.diagnostics) == lines(of: expected, sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
        return compilation
    }
}

extension MarkedSource {
    /// Parses and checks the spec, without lowering it or asking a back end, and checks that
    /// it gives exactly the expected diagnostics, in order: what the checks say about
    /// constructs a back end may not run yet (the Swift emitter and parallel states).
    @discardableResult
    func expectAnalysisDiagnostics(
        _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> MachineModel? {
        let (syntax, syntaxDiagnostics) = Parser.parse(source)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: syntaxDiagnostics)
        var model: MachineModel?
        if !diagnostics.hasErrors {
            let analysis = SemanticAnalyzer.analyze(syntax)
            diagnostics.append(contentsOf: analysis.diagnostics)
            model = analysis.model
        }
        #expect(
            Self.lines(of: diagnostics.sorted) == lines(of: expected, sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
        return model
    }
}
