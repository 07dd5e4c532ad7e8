/// Payloads: labeled lists of parameters, whose types are balanced token runs taken as text.
extension Parser {
    /// `(label: Type, Type, …)`; types are balanced token runs taken as text.
    mutating func parseParameters() throws(Recovery) -> [ParameterSyntax] {
        let open = current.range
        return try parseLabeledList("the payload list") { parser, label, start throws(Recovery) in
            parser.skipNewlines()
            let (type, typeRange) = try parser.parseTypeText(openedAt: open)
            return ParameterSyntax(label: label, type: type, typeRange: typeRange, range: start.union(typeRange))
        }
    }

    /// `( [label:] element, … )`, line breaks allowed around elements; `element` parses one
    /// element after its optional label, given the label and where the element starts.
    mutating func parseLabeledList<Element>(
        _ list: String, element: (inout Parser, Identifier?, SourceRange) throws(Recovery) -> Element
    ) throws(Recovery) -> [Element] {
        advance()
        var elements: [Element] = []
        skipNewlines()
        while !at(.punctuation(.rightParen)) {
            let start = current.range
            var label: Identifier?
            if atLabel() {
                label = Identifier(current.text, range: current.range)
                advance()
                advance()
            }
            elements.append(try element(&self, label, start))
            skipNewlines()
            if at(.punctuation(.comma)) {
                advance()
                skipNewlines()
            } else if !at(.punctuation(.rightParen)) {
                throw fail("expected ',' or ')' in \(list), found \(describe(current))", at: current.range)
            }
        }
        advance()
        return elements
    }

    /// A Swift type: tokens up to a `,` or `)` outside any brackets.
    ///
    /// A keyword at the start of a line ends the list with an error: the `)` is missing and
    /// the next declaration begins there, so recovery resumes at it.
    mutating func parseTypeText(openedAt open: SourceRange) throws(Recovery) -> (String, SourceRange) {
        var closers: [Punctuation] = []
        let first = current
        var parts: [String] = []
        var last = current.range
        while true {
            let token = current
            switch token.kind {
            case .punctuation(.comma) where closers.isEmpty, .punctuation(.rightParen) where closers.isEmpty:
                guard !parts.isEmpty else {
                    throw fail("expected a type", at: token.range)
                }
                return (parts.joined(), first.range.union(last))
            case .punctuation(.colon) where closers.isEmpty:
                throw fail("unexpected ':' in a payload type; a label is one name, as in 'to: Double'", at: token.range)
            case .punctuation(.leftParen): closers.append(.rightParen)
            case .punctuation(.leftBracket): closers.append(.rightBracket)
            case .punctuation(.leftAngle): closers.append(.rightAngle)
            case .punctuation(let closer) where [.rightParen, .rightBracket, .rightAngle].contains(closer):
                guard closers.last == closer else {
                    throw fail("unbalanced '\(closer.rawValue)' in a payload type", at: token.range)
                }
                closers.removeLast()
            case .endOfFile, .punctuation(.leftBrace), .punctuation(.rightBrace):
                throw unclosedPayloadList(at: token, openedAt: open)
            case .punctuation(.semicolon):
                // Likely typed for ','; the rest of the list up to its ')' is no declaration,
                // so recovery resumes after it.
                let recovery = unclosedPayloadList(at: token, openedAt: open)
                while !at(.newline), !at(.endOfFile), !at(.punctuation(.rightBrace)) {
                    if advance().kind == .punctuation(.rightParen) { break }
                }
                throw recovery
            case .keyword where previous.kind == .newline:
                throw unclosedPayloadList(at: token, openedAt: open)
            case .invalid:
                throw Recovery()
            case .newline:
                advance()
                continue
            default:
                break
            }
            if closers.count > Self.maximumNestingDepth {
                throw fail("payload type nests too deeply (more than \(Self.maximumNestingDepth) levels)", at: token.range)
            }
            if !parts.isEmpty, token.isPrecededBySpace { parts.append(" ") }
            parts.append(token.kind == .string ? source.text(token.range) : token.text)
            last = token.range
            advance()
        }
    }

    mutating func unclosedPayloadList(at token: Token, openedAt open: SourceRange) -> Recovery {
        diagnostics.error(
            "expected ')' to close the payload list, found \(describe(token))", at: token.range,
            notes: [.init("to match this '('", at: open)])
        return Recovery()
    }
}
