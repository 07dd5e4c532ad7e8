import FSMCore
/// Why ``formatSpec(_:)-(String)`` left a spec alone: its syntax errors, located.
///
/// A spec that does not parse has no canonical layout; the formatter refuses it rather than
/// guess, so a file with a typo is never rewritten.
public struct SpecFormatError: Error, Hashable, Sendable {
    /// The errors, sorted by position; render them with ``DiagnosticRenderer``.
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// Lays a spec out in fsmc's one canonical layout: `fsmc format` and the language server's
/// formatting.
///
/// The layout keeps everything the author chose that carries meaning or intent and
/// normalizes the rest:
/// - kept: every token, every line break between declarations (so one-line bodies such as
///   `state idle { on go -> running }` stay on one line), every comment and doc comment on
///   the line it was on, groups separated by a blank line, and the column of a trailing
///   comment (so comments aligned by hand stay aligned);
/// - normalized: indentation (4 spaces per `{`, `(` or `[` left open on an earlier line),
///   the spaces between tokens of a line (`on e [g] -> t / a, b`, `event seek(to: Double)`,
///   `{ … }`), runs of blank lines (one at most; none after `{` or before `}`, nor at the
///   start of the file), trailing white space, and the end of the file (one line break).
///   A declaration continued on the next line (after `,` in an actions list) is indented
///   one level deeper. Line breaks stay `\r\n` in a file whose first line ends so.
///
/// Formatting is idempotent: a formatted spec formats to itself. Only white space changes:
/// the result lexes to the same tokens, line breaks and comments as the input, which the
/// formatter checks before it returns.
///
/// - Throws: ``SpecFormatError`` with the located syntax errors when the spec does not parse.
public func formatSpec(_ source: String) throws(SpecFormatError) -> String {
    try formatSpec(SourceText(source))
}

/// Formats a spec given as bytes; see ``formatSpec(_:)-(String)``. Bytes that are not UTF-8
/// are refused with a located error.
public func formatSpec(_ source: SourceText) throws(SpecFormatError) -> String {
    let errors = syntaxErrors(of: source)
    guard errors.isEmpty else {
        throw SpecFormatError(diagnostics: errors)
    }
    let pieces = SpecPieces.read(source)
    let formatted = SpecLayout(pieces: pieces, source: source).text()
    // The layout changes white space only; anything else would be a bug that must not reach
    // the user's file.
    guard SpecPieces.sameContent(source, SourceText(formatted)) else {
        let start = source.location(at: 0)
        throw SpecFormatError(diagnostics: [
            Diagnostic(.error, "fsmc format could not lay this spec out without changing it; the file is left as it was (please report this)", at: SourceRange(start, start))
        ])
    }
    return formatted
}

/// The lexical and syntax errors of a spec, and invalid UTF-8; no semantic checks, which a
/// layout does not need.
private func syntaxErrors(of source: SourceText) -> [Diagnostic] {
    if let invalid = Diagnostic.invalidUTF8(in: source) {
        return [invalid]
    }
    var bag = DiagnosticBag()
    bag.append(contentsOf: Parser.parse(source).diagnostics.filter { $0.severity == .error })
    return bag.sorted
}
