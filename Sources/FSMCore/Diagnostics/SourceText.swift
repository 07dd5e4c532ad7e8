/// The text of one spec as bytes, with the line table that maps offsets to locations.
///
/// The compiler reads specs as UTF-8 bytes so that any input, even one that is not valid
/// UTF-8, can be lexed and reported on without a crash.
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The location of a byte offset (clamped to the text).
    public func location(at offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1, offset: offset)
    }

    /// The location of a byte offset, searched from the 0-based line index `line` on, which it
    /// then holds the offset's line. For offsets read in order, as the lexer reads them, that
    /// is a step or two instead of a binary search over every line.
    func location(at offset: Int, line: inout Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        guard line < lineStarts.count, lineStarts[line] <= offset else {
            let location = location(at: offset)
            line = location.line - 1
            return location
        }
        while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset {
            line += 1
        }
        return SourceLocation(line: line + 1, column: offset - lineStarts[line] + 1, offset: offset)
    }

    /// The text of a 1-based line without its line break, or `nil` past the end.
    ///
    /// Invalid UTF-8 is shown as U+FFFD.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The byte offset at which a 1-based line starts, or `nil` past the last line.
    public func offset(ofLine number: Int) -> Int? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        return lineStarts[number - 1]
    }

    /// The byte offset of the first byte that is not valid UTF-8, if any.
    public var firstInvalidUTF8Offset: Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return before
            }
        }
    }

    /// The source text of a range.
    public func text(_ range: SourceRange) -> String {
        String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
    }
}
