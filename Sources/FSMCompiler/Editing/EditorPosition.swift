import FSMCore
/// A position as editors count it: a 0-based line and a 0-based column in UTF-16 code units.
///
/// The Language Server Protocol counts columns in UTF-16 code units, while ``SourceLocation``
/// counts UTF-8 bytes (as the Swift compiler does); the two agree only for ASCII text.
public struct EditorPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var utf16Column: Int

    public init(line: Int, utf16Column: Int) {
        self.line = line
        self.utf16Column = utf16Column
    }

    public static func < (lhs: EditorPosition, rhs: EditorPosition) -> Bool {
        (lhs.line, lhs.utf16Column) < (rhs.line, rhs.utf16Column)
    }

    public var description: String { "\(line):\(utf16Column)" }
}

/// A half-open range of editor positions.
public struct EditorRange: Hashable, Sendable {
    public var start: EditorPosition
    public var end: EditorPosition

    public init(_ start: EditorPosition, _ end: EditorPosition) {
        self.start = start
        self.end = end
    }
}

extension SourceText {
    /// The editor position of a source location: the UTF-16 width of the line's text before it.
    public func editorPosition(of location: SourceLocation) -> EditorPosition {
        let lineStart = location.offset - (location.column - 1)
        let prefix = bytes[max(0, lineStart)..<min(location.offset, bytes.count)]
        return EditorPosition(line: location.line - 1, utf16Column: String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    /// The editor range of a source range.
    public func editorRange(of range: SourceRange) -> EditorRange {
        EditorRange(editorPosition(of: range.start), editorPosition(of: range.end))
    }

    /// The byte offset of an editor position, clamped to the text: a line past the end gives the
    /// end of the text, a column past the end of its line the end of that line, and a column in
    /// the middle of a character the start of that character.
    public func offset(of position: EditorPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard let lineStart = offset(ofLine: position.line + 1) else { return bytes.count }
        var offset = lineStart
        var units = 0
        var iterator = bytes[lineStart...].makeIterator()
        var decoder = UTF8()
        while units < position.utf16Column {
            guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar != "\n", scalar != "\r" else { break }
            let width = UTF16.width(scalar)
            if units + width > position.utf16Column { break }
            units += width
            offset += UTF8.width(scalar)
        }
        return offset
    }
}
