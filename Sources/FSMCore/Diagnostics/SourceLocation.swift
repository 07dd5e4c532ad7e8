/// A position in a source file: 1-based line and column, and the 0-based byte offset.
///
/// Columns count UTF-8 bytes, as the Swift compiler's do, so a location printed by `fsmc`
/// points at the same place an editor's "go to line:column" does for ASCII text.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range of source text, `start..<end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(_ start: SourceLocation, _ end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both ranges.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }

    public var description: String { "\(start)-\(end)" }
}
