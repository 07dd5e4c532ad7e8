/// A message about a spec: an error, a warning or a note, at a location in the source.
///
/// The compiler core collects diagnostics and never prints them; front ends decide how to
/// show them (see ``DiagnosticRenderer``).
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// A related location that explains the main message, printed as a `note:` line.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange

        public init(_ message: String, at range: SourceRange) {
            self.message = message
            self.range = range
        }
    }

    /// A replacement that would likely fix the problem, such as a close declared name.
    public struct Suggestion: Hashable, Sendable {
        public var replacement: String
        public var range: SourceRange

        public init(replacing range: SourceRange, with replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    public var severity: Severity
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    public var suggestion: Suggestion?

    public init(
        _ severity: Severity,
        _ message: String,
        at range: SourceRange,
        notes: [Note] = [],
        suggestion: Suggestion? = nil
    ) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.suggestion = suggestion
    }

    /// The primary location.
    public var location: SourceLocation { range.start }

    /// The error for a spec that is not UTF-8, located at its first invalid byte; `nil` for
    /// valid UTF-8. Every reader of a spec refuses such a file before lexing it.
    package static func invalidUTF8(in source: SourceText) -> Diagnostic? {
        guard let invalid = source.firstInvalidUTF8Offset else { return nil }
        let range = SourceRange(source.location(at: invalid), source.location(at: invalid + 1))
        return Diagnostic(.error, "the file is not valid UTF-8 (byte 0x\(String(source.bytes[invalid], radix: 16, uppercase: true)))", at: range)
    }
}

/// Collects the diagnostics of one compilation, in the order they were found.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    public mutating func error(
        _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
        suggestion: Diagnostic.Suggestion? = nil
    ) {
        append(Diagnostic(.error, message, at: range, notes: notes, suggestion: suggestion))
    }

    public mutating func warning(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        append(Diagnostic(.warning, message, at: range, notes: notes))
    }

    /// The diagnostics sorted by position, errors before warnings at the same position.
    ///
    /// The sort is stable, so diagnostics at one place keep the order they were found in.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            if lhs.element.location != rhs.element.location {
                return lhs.element.location < rhs.element.location
            }
            if lhs.element.severity != rhs.element.severity {
                return lhs.element.severity > rhs.element.severity
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
