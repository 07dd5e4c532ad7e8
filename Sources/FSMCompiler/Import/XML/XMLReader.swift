import FSMCore
/// Reads an XML 1.0 document (with namespaces) into an ``XMLElement`` tree.
///
/// fsmc reads XML itself rather than through Foundation's `XMLParser`: the compiler core
/// imports nothing, and an importer's errors must point at the element or attribute they are
/// about, while `XMLParser` reports the position after a start tag and no position for an
/// attribute. What is read: the XML declaration, comments, processing instructions (skipped),
/// a document type declaration without an internal subset (skipped), elements, attributes,
/// character data, CDATA sections, character references and the five predefined entities.
/// A document that is not well-formed gets one located error, as XML processors stop at the
/// first. An internal DTD subset is refused: its entities could expand without bound.
public struct XMLReader {
    /// The namespace the `xml` prefix is bound to.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    private let source: SourceText
    private let bytes: [UInt8]
    private var offset = 0
    /// The prefixes in scope, innermost element last; `""` is the default namespace.
    private var scopes: [[String: String]] = [["xml": xmlNamespace]]
    /// The comments before the root element.
    private var leadingComments: [XMLNode] = []
    /// How many elements are open: reading recurses, so a hostile document cannot nest without
    /// bound.
    private var depth = 0
    /// The deepest nesting read; SCXML charts nest a few levels, fsmc's specs at most 64.
    public static let maximumDepth = 256

    /// The document; `nil` after reporting the first error that makes it not well-formed.
    public static func read(_ source: SourceText, diagnostics: inout DiagnosticBag) -> XMLDocument? {
        var reader = XMLReader(source: source)
        do {
            let root = try reader.document()
            return XMLDocument(root: root, leadingComments: reader.leadingComments)
        } catch {
            diagnostics.error(error.message, at: error.range)
            return nil
        }
    }

    private init(source: SourceText) {
        self.source = source
        bytes = source.bytes
    }

    /// Why the document is not well-formed, and where.
    struct Failure: Error {
        var message: String
        var range: SourceRange
    }

    // MARK: - Document

    private mutating func document() throws(Failure) -> XMLElement {
        if let invalid = source.firstInvalidUTF8Offset {
            throw failure("the file is not valid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)))", at: invalid)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        if starts(with: "<?xml") && offset + 5 < bytes.count && isSpace(bytes[offset + 5]) {
            try skipProcessingInstruction()
        }
        try skipMisc(allowDoctype: true)
        guard starts(with: "<") else {
            throw failure(offset < bytes.count ? "expected the root element" : "the document has no root element", at: offset)
        }
        let root = try element()
        try skipMisc(allowDoctype: false)
        if offset < bytes.count {
            throw failure("text after the root element", at: offset)
        }
        return root
    }

    /// White space, comments and processing instructions around the root element.
    private mutating func skipMisc(allowDoctype: Bool) throws(Failure) {
        while true {
            skipSpaces()
            if starts(with: "<!--") {
                let start = offset
                let body = try comment()
                if allowDoctype { leadingComments.append(.comment(body, range(start, offset))) }
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                guard allowDoctype else { throw failure("a document type declaration after the root element", at: offset) }
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipProcessingInstruction() throws(Failure) {
        let start = offset
        guard let end = find("?>", from: offset + 2) else { throw failure("a processing instruction without '?>'", at: start) }
        offset = end + 2
    }

    private mutating func skipDoctype() throws(Failure) {
        let start = offset
        offset += "<!DOCTYPE".utf8.count
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw failure("a document type declaration with an internal subset is not supported (its entities are not read)", at: start)
            } else if byte == UInt8(ascii: ">") {
                offset += 1
                return
            }
            offset += 1
        }
        throw failure("a document type declaration without '>'", at: start)
    }

    // MARK: - Elements

    private mutating func element() throws(Failure) -> XMLElement {
        let start = offset
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("elements nest more than \(Self.maximumDepth) levels deep", at: start) }
        offset += 1
        let name = try self.name(what: "an element name")
        let nameEnd = offset
        var rawAttributes: [(name: String, value: String, range: SourceRange)] = []
        var scope: [String: String] = [:]
        while true {
            let hadSpace = skipSpaces()
            if starts(with: "/>") || starts(with: ">") { break }
            guard offset < bytes.count else { throw failure("the start tag of <\(name)> is not closed", at: start) }
            guard hadSpace else { throw failure("expected white space before an attribute in <\(name)>", at: offset) }
            let attributeStart = offset
            let attributeName = try self.name(what: "an attribute name")
            skipSpaces()
            guard consume("=") else { throw failure("expected '=' after the attribute '\(attributeName)'", at: offset) }
            skipSpaces()
            let value = try attributeValue()
            let range = self.range(attributeStart, offset)
            if rawAttributes.contains(where: { $0.name == attributeName }) {
                throw Failure(message: "the attribute '\(attributeName)' is written twice in <\(name)>", range: range)
            }
            if attributeName == "xmlns" {
                scope[""] = value
            } else if attributeName.hasPrefix("xmlns:") {
                let prefix = String(attributeName.dropFirst(6))
                guard !value.isEmpty else { throw Failure(message: "the prefix '\(prefix)' is bound to an empty namespace", range: range) }
                scope[prefix] = value
            }
            rawAttributes.append((attributeName, value, range))
        }
        scopes.append(scope)
        defer { scopes.removeLast() }
        let elementRange = range(start, nameEnd)
        let (namespace, localName) = try resolve(name, isElement: true, at: elementRange)
        var attributes: [XMLAttribute] = []
        for raw in rawAttributes where raw.name != "xmlns" && !raw.name.hasPrefix("xmlns:") {
            let (attributeNamespace, attributeLocalName) = try resolve(raw.name, isElement: false, at: raw.range)
            if attributes.contains(where: { $0.namespace == attributeNamespace && $0.localName == attributeLocalName }) {
                throw Failure(message: "the attribute '\(raw.name)' is written twice in <\(name)>", range: raw.range)
            }
            attributes.append(XMLAttribute(
                namespace: attributeNamespace, localName: attributeLocalName, qualifiedName: raw.name, value: raw.value, range: raw.range))
        }
        var element = XMLElement(
            namespace: namespace, localName: localName, qualifiedName: name, attributes: attributes, children: [], range: elementRange)
        if consume("/>") { return element }
        offset += 1  // '>'
        element.children = try content(of: name, start: start)
        return element
    }

    /// An element's content up to and including its end tag.
    private mutating func content(of name: String, start: Int) throws(Failure) -> [XMLNode] {
        var children: [XMLNode] = []
        var text = ""
        var textStart = offset
        func flushText(upTo end: Int) {
            if !text.isEmpty { children.append(.text(text, range(textStart, end))) }
            text = ""
        }
        while true {
            guard offset < bytes.count else { throw failure("<\(name)> is not closed", at: start) }
            if starts(with: "</") {
                flushText(upTo: offset)
                let endStart = offset
                offset += 2
                let endName = try self.name(what: "an element name")
                skipSpaces()
                guard consume(">") else { throw failure("expected '>' to close the end tag </\(endName)>", at: offset) }
                guard endName == name else {
                    throw Failure(message: "the end tag </\(endName)> does not match <\(name)>", range: range(endStart, offset))
                }
                return children
            } else if starts(with: "<!--") {
                flushText(upTo: offset)
                let commentStart = offset
                let body = try comment()
                children.append(.comment(body, range(commentStart, offset)))
                textStart = offset
            } else if starts(with: "<![CDATA[") {
                let cdataStart = offset
                guard let end = find("]]>", from: offset + 9) else { throw failure("a CDATA section without ']]>'", at: cdataStart) }
                if text.isEmpty { textStart = cdataStart }
                text += normalizedLineBreaks(String(decoding: bytes[(offset + 9)..<end], as: UTF8.self))
                offset = end + 3
            } else if starts(with: "<?") {
                flushText(upTo: offset)
                try skipProcessingInstruction()
                textStart = offset
            } else if starts(with: "<") {
                flushText(upTo: offset)
                children.append(.element(try element()))
                textStart = offset
            } else {
                if text.isEmpty { textStart = offset }
                text += try characterData()
            }
        }
    }

    /// The text of a comment, `offset` at its `<!--`.
    private mutating func comment() throws(Failure) -> String {
        let start = offset
        guard let end = find("--", from: offset + 4) else { throw failure("a comment without '-->'", at: start) }
        guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
            throw failure("'--' inside a comment", at: end)
        }
        offset = end + 3
        return normalizedLineBreaks(String(decoding: bytes[(start + 4)..<end], as: UTF8.self))
    }

    /// Character data up to the next markup or reference, then that reference replaced.
    private mutating func characterData() throws(Failure) -> String {
        let start = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "<"), bytes[offset] != UInt8(ascii: "&") { offset += 1 }
        var text = normalizedLineBreaks(String(decoding: bytes[start..<offset], as: UTF8.self))
        if text.contains("]]>") { throw failure("']]>' in character data", at: start) }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "&") {
            text.unicodeScalars.append(try reference())
        }
        return text
    }

    // MARK: - Attributes

    /// A quoted attribute value: references replaced, and tabs and line breaks written as
    /// such turned into spaces (XML's attribute-value normalization for CDATA attributes).
    private mutating func attributeValue() throws(Failure) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw failure("expected a quoted attribute value", at: offset)
        }
        let quote = bytes[offset]
        let start = offset
        offset += 1
        var value = ""
        var runStart = offset
        func flush() {
            let run = String(decoding: bytes[runStart..<offset], as: UTF8.self)
            value += normalizedLineBreaks(run).replacing("\n", with: " ").replacing("\t", with: " ")
        }
        while true {
            guard offset < bytes.count else { throw failure("an attribute value without its closing quote", at: start) }
            switch bytes[offset] {
            case quote:
                flush()
                offset += 1
                return value
            case UInt8(ascii: "<"):
                throw failure("'<' inside an attribute value (write '&lt;')", at: offset)
            case UInt8(ascii: "&"):
                flush()
                value.unicodeScalars.append(try reference())
                runStart = offset
            default:
                offset += 1
            }
        }
    }

    /// `&lt;`, `&#10;`, `&#x2028;`…, `offset` at the `&`.
    private mutating func reference() throws(Failure) -> Unicode.Scalar {
        let start = offset
        guard let end = find(";", from: offset + 1), end - offset <= 12 else {
            throw failure("'&' that starts no reference (write '&amp;')", at: start)
        }
        let body = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
        offset = end + 1
        let scalar: Unicode.Scalar?
        switch body {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if body.hasPrefix("#x") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw failure("the entity '&\(body);' is not one of XML's predefined entities", at: start)
            }
        }
        guard let scalar, SCXMLText.isXMLCharacter(scalar) else {
            throw failure("'&\(body);' is not a character XML allows", at: start)
        }
        return scalar
    }

    // MARK: - Names

    /// An XML name (letters, digits, `_`, `-`, `.`, `:` and any non-ASCII character).
    private mutating func name(what: String) throws(Failure) -> String {
        let start = offset
        guard offset < bytes.count, isNameStart(bytes[offset]) else { throw failure("expected \(what)", at: offset) }
        while offset < bytes.count, isNameStart(bytes[offset]) || isNameContinue(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private func isNameContinue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The namespace and local name of a qualified name, by the prefixes in scope. An
    /// attribute without a prefix is in no namespace; an element without one is in the
    /// default namespace.
    private func resolve(_ name: String, isElement: Bool, at range: SourceRange) throws(Failure) -> (String?, String) {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw Failure(message: "'\(name)' is not a valid qualified name", range: range)
        }
        if parts.count == 1 {
            let namespace = isElement ? lookUp("") : nil
            return (namespace.flatMap { $0.isEmpty ? nil : $0 }, name)
        }
        let prefix = String(parts[0])
        guard let namespace = lookUp(prefix) else {
            throw Failure(message: "the prefix '\(prefix)' of '\(name)' is not declared", range: range)
        }
        return (namespace, String(parts[1]))
    }

    private func lookUp(_ prefix: String) -> String? {
        for scope in scopes.reversed() {
            if let namespace = scope[prefix] { return namespace }
        }
        return nil
    }

    // MARK: - Bytes

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = offset
        while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return text.withUTF8Buffer { buffer in
            buffer.indices.allSatisfy { bytes[offset + $0] == buffer[$0] }
        }
    }

    private mutating func consume(_ text: StaticString) -> Bool {
        guard starts(with: text) else { return false }
        offset += text.utf8CodeUnitCount
        return true
    }

    /// The offset where `text` next occurs at or after `start`.
    private func find(_ text: StaticString, from start: Int) -> Int? {
        let count = text.utf8CodeUnitCount
        return text.withUTF8Buffer { buffer -> Int? in
            var index = start
            while index + count <= bytes.count {
                if buffer.indices.allSatisfy({ bytes[index + $0] == buffer[$0] }) { return index }
                index += 1
            }
            return nil
        }
    }

    /// XML's end-of-line handling: `\r\n` and a lone `\r` read as `\n`.
    private func normalizedLineBreaks(_ text: String) -> String {
        guard text.contains("\r") else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    private func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(source.location(at: start), source.location(at: end))
    }

    private func failure(_ message: String, at offset: Int) -> Failure {
        Failure(message: message, range: range(offset, min(offset + 1, bytes.count)))
    }
}
