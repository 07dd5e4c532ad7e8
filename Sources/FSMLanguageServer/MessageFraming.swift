/// The base protocol's framing: each message is a header block (`Content-Length: N`, other
/// fields ignored, lines ending in CRLF, a blank line) followed by N bytes of JSON.
public struct MessageReader {
    /// What the next read found.
    public enum Frame: Equatable, Sendable {
        case message([UInt8])
        /// A header block without a valid `Content-Length`: the block is skipped, the stream
        /// goes on with the next one.
        case malformedHeader(String)
        case endOfInput
    }

    /// The largest message accepted; a larger `Content-Length` is a malformed header, not an
    /// allocation of that size.
    public static let maximumLength = 64 << 20

    private let readChunk: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false

    /// - Parameter readChunk: returns the next bytes of the stream, `nil` or empty at its end.
    public init(readChunk: @escaping () -> [UInt8]?) {
        self.readChunk = readChunk
    }

    public mutating func next() -> Frame {
        guard let headerEnd = findHeaderEnd() else { return .endOfInput }
        let header = String(decoding: buffer[start..<headerEnd.start], as: UTF8.self)
        start = headerEnd.end
        guard let length = Self.contentLength(in: header) else {
            return .malformedHeader("expected a 'Content-Length' header field, found '\(header.prefix(200))'")
        }
        while buffer.count - start < length {
            guard fill() else { return .endOfInput }
        }
        let body = Array(buffer[start..<start + length])
        start += length
        compact()
        return .message(body)
    }

    /// The value of the `Content-Length` field, if the header has a valid one.
    static func contentLength(in header: String) -> Int? {
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "content-length" else { continue }
            guard let length = Int(parts[1].trimmingSpaces), length >= 0, length <= maximumLength else { return nil }
            return length
        }
        return nil
    }

    /// Frames a message body for writing.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Where the header block ends: at the first empty line (CRLF CRLF, or LF LF from a lenient
    /// client), reading more input until one comes. Returns the end of the header's text and
    /// where the body starts.
    private mutating func findHeaderEnd() -> (start: Int, end: Int)? {
        var index = start
        while true {
            while index < buffer.count {
                if buffer[index] == 10 {
                    if index - 1 >= start, buffer[index - 1] == 10 { return (index - 1, index + 1) }
                    if index - 2 >= start, buffer[index - 1] == 13, buffer[index - 2] == 10 { return (index - 2, index + 1) }
                }
                index += 1
            }
            guard fill() else { return nil }
        }
    }

    /// Reads one more chunk; `false` at the end of the input.
    private mutating func fill() -> Bool {
        guard !isAtEnd, let chunk = readChunk(), !chunk.isEmpty else {
            isAtEnd = true
            return false
        }
        buffer += chunk
        return true
    }

    /// Drops the bytes already read, once they are most of the buffer.
    private mutating func compact() {
        if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}
