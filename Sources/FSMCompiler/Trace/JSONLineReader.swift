/// Reads one line of a recorded trace as a ``JSON`` value: the small part of JSON a trace uses
/// (objects, arrays, strings, integers, `true`, `false`, `null`), with the column of the first
/// byte it cannot read. FSMCompiler has no Foundation, and a located error is worth more here
/// than a full parser.
struct JSONLineReader {
    /// What is wrong with a line, at a 1-based UTF-8 column.
    struct Failure: Error, Hashable, Sendable {
        var column: Int
        var message: String
    }

    /// Nesting deeper than this is no trace record: refused rather than recursed into.
    static let maximumDepth = 32

    private let bytes: [UInt8]
    private var position = 0

    private init(_ line: Substring) {
        bytes = Array(line.utf8)
    }

    /// The value `line` holds, alone on it (spaces around it allowed).
    static func read(_ line: Substring) throws(Failure) -> JSON {
        var reader = JSONLineReader(line)
        reader.skipSpaces()
        let value = try reader.value(depth: 0)
        reader.skipSpaces()
        guard reader.position == reader.bytes.count else { throw reader.failure("unexpected text after the record") }
        return value
    }

    private func failure(_ message: String) -> Failure {
        Failure(column: position + 1, message: message)
    }

    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
            position += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSON {
        guard depth < Self.maximumDepth else { throw failure("nested too deeply for a trace record") }
        guard position < bytes.count else { throw failure("expected a value, found the end of the line") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try integer())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default: throw failure("expected a value")
        }
    }

    private mutating func word(_ text: String) throws(Failure) {
        let expected = Array(text.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
            throw failure("expected a value")
        }
        position += expected.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipSpaces()
        guard position < bytes.count, bytes[position] == byte else { throw failure("expected \(what)") }
        position += 1
    }

    private mutating func object(depth: Int) throws(Failure) -> JSON {
        position += 1
        var fields: [(String, JSON)] = []
        skipSpaces()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipSpaces()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let name = try string()
            if fields.contains(where: { $0.0 == name }) { throw failure("'\(name)' appears twice in one record") }
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipSpaces()
            fields.append((name, try value(depth: depth + 1)))
            skipSpaces()
            guard position < bytes.count else { throw failure("expected ',' or '}', found the end of the line") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(fields)
            }
            try expect(UInt8(ascii: ","), "',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSON {
        position += 1
        var items: [JSON] = []
        skipSpaces()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipSpaces()
            items.append(try value(depth: depth + 1))
            skipSpaces()
            guard position < bytes.count else { throw failure("expected ',' or ']', found the end of the line") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            try expect(UInt8(ascii: ","), "',' or ']'")
        }
    }

    private mutating func integer() throws(Failure) -> Int {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        guard position > digitsStart else { throw failure("expected a digit") }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            position = start
            throw failure("numbers in a trace are integers")
        }
        guard let value = Int(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            position = start
            throw failure("number out of range")
        }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ reader: JSONLineReader) {
            scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<reader.position], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(self)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flush(self)
            position += 1
            guard position < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hexQuad()
                if (0xD800..<0xDC00).contains(code) {
                    // A surrogate pair: the second half must follow.
                    guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw failure("a lone surrogate in a \\u escape")
                    }
                    position += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate in a \\u escape") }
                scalars.append(scalar)
            default:
                position -= 1
                throw failure("unknown escape in a string")
            }
            runStart = position
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard bytes.count - position >= 4, let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
            throw failure("expected four hexadecimal digits after \\u")
        }
        position += 4
        return code
    }
}
