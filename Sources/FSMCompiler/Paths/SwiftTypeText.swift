import FSMCore
/// A Swift type parsed from the text of a payload type (`[String: Int]`, `Result<[Int], any
/// Error>`, `(x: Int, y: Int)?`), as far as ``SampleValues`` needs to make a value of it.
///
/// The parser takes any text and never traps: text it cannot read as a type (an odd
/// character, unbalanced brackets, nesting deeper than ``maximumDepth``) is
/// ``unparsed(_:)``, kept as written with runs of white space folded to one space.
indirect enum SwiftTypeText: Hashable, Sendable {
    /// `Int`, `Swift.Int`, `Result<Int, any Error>`, `ContinuousClock.Instant`: dotted
    /// components, each with its generic arguments.
    case named([Component])
    /// `[T]`
    case array(SwiftTypeText)
    /// `[K: V]`
    case dictionary(key: SwiftTypeText, value: SwiftTypeText)
    /// `(Int, String)`, `(x: Int, y: Int)`, `()`; never one unlabeled element (that is the
    /// element's type in parentheses).
    case tuple([TupleElement])
    /// `T?`
    case optional(SwiftTypeText)
    /// `T!`
    case implicitlyUnwrapped(SwiftTypeText)
    /// `any P`
    case existential(SwiftTypeText)
    /// `@Sendable (Int) async throws -> Void`
    case function(Function)
    /// `some P`, `inout T`, `T...`, `A & B`, `T.Type`: types that are read (so that brackets
    /// balance) but have no sample; kept as canonical text.
    case opaque(String)
    /// Text that is no type the parser reads.
    case unparsed(String)

    struct Component: Hashable, Sendable {
        var name: String
        var arguments: [SwiftTypeText]
    }

    struct TupleElement: Hashable, Sendable {
        var label: String?
        var type: SwiftTypeText
    }

    struct Function: Hashable, Sendable {
        /// `@Sendable`, `@escaping`, `@MainActor`
        var attributes: [String]
        var parameters: [TupleElement]
        /// ` async`, ` throws`, ` throws(E)`, as written after the parameters.
        var effects: String
        var result: SwiftTypeText
    }

    /// Nesting deeper than this is not read: no real payload comes close, and the parser
    /// recurses once per level.
    static let maximumDepth = 32

    /// Parses a type from its text.
    init(parsing text: String) {
        if let tokens = TypeTokenizer.tokens(of: text), !tokens.isEmpty {
            var parser = TypeParser(tokens: tokens)
            if let type = parser.parseType(depth: 0), parser.isAtEnd {
                self = type
                return
            }
        }
        self = .unparsed(Self.folded(text))
    }

    /// The type as one canonical line: `[String: Int]`, `(x: Int, String)`, `Int?`,
    /// `Result<[Int], any Error>`. Two spellings of a type that differ only in white space
    /// have the same canonical text.
    var canonical: String {
        switch self {
        case .named(let components):
            return components.map { component in
                component.arguments.isEmpty
                    ? component.name
                    : component.name + "<" + component.arguments.map(\.canonical).joined(separator: ", ") + ">"
            }.joined(separator: ".")
        case .array(let element):
            return "[\(element.canonical)]"
        case .dictionary(let key, let value):
            return "[\(key.canonical): \(value.canonical)]"
        case .tuple(let elements):
            return "(" + elements.map { element in
                (element.label.map { "\($0): " } ?? "") + element.type.canonical
            }.joined(separator: ", ") + ")"
        case .optional(let wrapped):
            return wrapped.canonicalAsOperand + "?"
        case .implicitlyUnwrapped(let wrapped):
            return wrapped.canonicalAsOperand + "!"
        case .existential(let constraint):
            return "any " + constraint.canonical
        case .function(let function):
            let parameters = "(" + function.parameters.map { element in
                (element.label.map { "\($0): " } ?? "") + element.type.canonical
            }.joined(separator: ", ") + ")"
            return function.attributes.map { $0 + " " }.joined() + parameters + function.effects + " -> " + function.result.canonical
        case .opaque(let text), .unparsed(let text):
            return text
        }
    }

    /// The canonical text, in parentheses where a postfix `?` or `!` would bind to a part.
    private var canonicalAsOperand: String {
        switch self {
        case .existential, .function, .opaque, .unparsed: "(\(canonical))"
        default: canonical
        }
    }

    /// Every name a component of the type spells, outermost first (for `Foundation.URL`:
    /// `Foundation` and `URL`).
    var names: [String] {
        switch self {
        case .named(let components):
            components.flatMap { [$0.name] + $0.arguments.flatMap(\.names) }
        case .array(let element), .optional(let element), .implicitlyUnwrapped(let element), .existential(let element):
            element.names
        case .dictionary(let key, let value):
            key.names + value.names
        case .tuple(let elements):
            elements.flatMap(\.type.names)
        case .function(let function):
            function.parameters.flatMap(\.type.names) + function.result.names
        case .opaque(let text), .unparsed(let text):
            TypeTokenizer.identifiers(in: text)
        }
    }

    static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

// MARK: - Tokens

private enum TypeToken: Hashable {
    case identifier(String)
    /// `[ ] ( ) < > : , ? ! . & @ -> ...`
    case punctuation(String)

    var text: String {
        switch self {
        case .identifier(let name), .punctuation(let name): name
        }
    }
}

private enum TypeTokenizer {
    /// The tokens of a type's text, or `nil` when it holds a character no type does.
    static func tokens(of text: String) -> [TypeToken]? {
        var tokens: [TypeToken] = []
        var characters = text[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters = characters.dropFirst()
            } else if isIdentifierStart(first) {
                let name = characters.prefix { isIdentifierStart($0) || $0.isNumber }
                tokens.append(.identifier(String(name)))
                characters = characters.dropFirst(name.count)
            } else if first == "`" {
                let rest = characters.dropFirst()
                guard let end = rest.firstIndex(of: "`"), end != rest.startIndex else { return nil }
                tokens.append(.identifier("`" + rest[..<end] + "`"))
                characters = rest[rest.index(after: end)...]
            } else if characters.hasPrefix("->") {
                tokens.append(.punctuation("->"))
                characters = characters.dropFirst(2)
            } else if characters.hasPrefix("...") {
                tokens.append(.punctuation("..."))
                characters = characters.dropFirst(3)
            } else if "[]()<>:,?!.&@".contains(first) {
                tokens.append(.punctuation(String(first)))
                characters = characters.dropFirst()
            } else {
                return nil
            }
        }
        return tokens
    }

    static func identifiers(in text: String) -> [String] {
        (tokens(of: text) ?? []).compactMap { if case .identifier(let name) = $0 { name } else { nil } }
    }

    private static func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character == "$" || character.isLetter
    }
}

// MARK: - TypeParser

private struct TypeParser {
    let tokens: [TypeToken]
    var position = 0

    init(tokens: [TypeToken]) {
        self.tokens = tokens
    }

    var isAtEnd: Bool { position == tokens.count }

    private var next: TypeToken? { position < tokens.count ? tokens[position] : nil }

    private func isNext(_ punctuation: String) -> Bool { next == .punctuation(punctuation) }

    private func isNextIdentifier(_ name: String) -> Bool { next == .identifier(name) }

    private mutating func take(_ punctuation: String) -> Bool {
        guard isNext(punctuation) else { return false }
        position += 1
        return true
    }

    private mutating func takeIdentifier() -> String? {
        guard case .identifier(let name) = next else { return nil }
        position += 1
        return name
    }

    /// type = { attribute | specifier } composition [ function-tail ]
    mutating func parseType(depth: Int) -> SwiftTypeText? {
        guard depth < SwiftTypeText.maximumDepth else { return nil }
        var prefixes: [String] = []
        while true {
            if take("@") {
                guard let attribute = takeIdentifier() else { return nil }
                prefixes.append("@" + attribute)
            } else if let specifier = next?.text, Self.specifiers.contains(specifier), position + 1 < tokens.count,
                      tokens[position + 1] != .punctuation(":") {
                position += 1
                prefixes.append(specifier)
            } else {
                break
            }
        }
        guard var type = parseComposition(depth: depth) else { return nil }
        if isNextIdentifier("async") || isNextIdentifier("throws") || isNextIdentifier("rethrows") || isNext("->") {
            guard let function = parseFunctionTail(parameters: type, depth: depth) else { return nil }
            type = function
        }
        guard !prefixes.isEmpty else { return type }
        if prefixes == ["any"] { return .existential(type) }
        if case .function(var function) = type, prefixes.allSatisfy({ $0.hasPrefix("@") }) {
            function.attributes = prefixes + function.attributes
            return .function(function)
        }
        return .opaque(prefixes.joined(separator: " ") + " " + type.canonical)
    }

    /// Words that may come before a type.
    private static let specifiers: Set<String> = ["any", "some", "inout", "borrowing", "consuming", "sending", "each", "repeat", "isolated"]

    /// composition = postfix { "&" postfix }
    private mutating func parseComposition(depth: Int) -> SwiftTypeText? {
        guard let first = parsePostfix(depth: depth) else { return nil }
        var parts = [first]
        while take("&") {
            guard let part = parsePostfix(depth: depth) else { return nil }
            parts.append(part)
        }
        return parts.count == 1 ? first : .opaque(parts.map(\.canonical).joined(separator: " & "))
    }

    /// `[ async ] [ throws [ "(" type ")" ] ] -> type`, after the parameter list.
    private mutating func parseFunctionTail(parameters: SwiftTypeText, depth: Int) -> SwiftTypeText? {
        var elements: [SwiftTypeText.TupleElement]
        switch parameters {
        case .tuple(let tuple): elements = tuple
        default: elements = [.init(label: nil, type: parameters)]
        }
        var effects = ""
        if takeIdentifierNamed("async") { effects += " async" }
        if takeIdentifierNamed("throws") || takeIdentifierNamed("rethrows") {
            effects += " throws"
            if take("(") {
                guard let error = parseType(depth: depth + 1), take(")") else { return nil }
                effects += "(\(error.canonical))"
            }
        }
        guard take("->"), let result = parseType(depth: depth + 1) else { return nil }
        return .function(.init(attributes: [], parameters: elements, effects: effects, result: result))
    }

    private mutating func takeIdentifierNamed(_ name: String) -> Bool {
        guard isNextIdentifier(name) else { return false }
        position += 1
        return true
    }

    /// postfix = primary { "?" | "!" | "..." | "." ( "Type" | "Protocol" ) }
    private mutating func parsePostfix(depth: Int) -> SwiftTypeText? {
        guard var type = parsePrimary(depth: depth) else { return nil }
        while true {
            if take("?") {
                type = .optional(type)
            } else if take("!") {
                type = .implicitlyUnwrapped(type)
            } else if take("...") {
                type = .opaque(type.canonical + "...")
            } else if isNext("."), position + 1 < tokens.count,
                      tokens[position + 1] == .identifier("Type") || tokens[position + 1] == .identifier("Protocol") {
                let member = tokens[position + 1].text
                position += 2
                type = .opaque(type.canonical + "." + member)
            } else {
                return type
            }
        }
    }

    private mutating func parsePrimary(depth: Int) -> SwiftTypeText? {
        if take("[") {
            guard let element = parseType(depth: depth + 1) else { return nil }
            if take(":") {
                guard let value = parseType(depth: depth + 1), take("]") else { return nil }
                return .dictionary(key: element, value: value)
            }
            return take("]") ? .array(element) : nil
        }
        if take("(") {
            return parseTuple(depth: depth + 1)
        }
        return parseNamed(depth: depth)
    }

    /// The elements of a tuple or parameter list, after its `(`.
    private mutating func parseTuple(depth: Int) -> SwiftTypeText? {
        var elements: [SwiftTypeText.TupleElement] = []
        while !take(")") {
            var label: String?
            // `label: Type`, or `_ name: Type` / `label name: Type` in a parameter list.
            if case .identifier(let first) = next, position + 1 < tokens.count {
                if tokens[position + 1] == .punctuation(":") {
                    label = first
                    position += 2
                } else if case .identifier = tokens[position + 1], position + 2 < tokens.count,
                          tokens[position + 2] == .punctuation(":"), !Self.specifiers.contains(first) {
                    label = first
                    position += 3
                }
            }
            guard let type = parseType(depth: depth) else { return nil }
            elements.append(.init(label: label, type: type))
            if take(")") { break }
            guard take(",") else { return nil }
        }
        if elements.count == 1, elements[0].label == nil, !isNextIdentifier("async"), !isNextIdentifier("throws"),
           !isNextIdentifier("rethrows"), !isNext("->") {
            return elements[0].type
        }
        return .tuple(elements)
    }

    /// `Name<Arguments>` components joined by `.`.
    private mutating func parseNamed(depth: Int) -> SwiftTypeText? {
        var components: [SwiftTypeText.Component] = []
        repeat {
            guard let name = takeIdentifier() else { return nil }
            var arguments: [SwiftTypeText] = []
            if take("<") {
                repeat {
                    guard let argument = parseType(depth: depth + 1) else { return nil }
                    arguments.append(argument)
                } while take(",")
                guard take(">") else { return nil }
            }
            components.append(.init(name: name, arguments: arguments))
        } while isNext(".") && position + 1 < tokens.count
            && tokens[position + 1] != .identifier("Type") && tokens[position + 1] != .identifier("Protocol") && take(".")
        return .named(components)
    }
}
