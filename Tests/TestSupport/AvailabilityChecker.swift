import FSMCompiler

/// Reads generated Swift and finds each use of a platform API above FSMRuntime's minimum
/// (``PlatformAvailability/apis``) that no `@available` of the declaration around it covers.
///
/// The files are the Swift of one target's machines, read together: a type declared at the top
/// level whose declaration uses such an API (the class of an `@Observable` machine) is itself
/// above the minimum for the code that names it (a parent machine that runs it, the extensions
/// after it), and so on up, to a fixed point; a use that a member's own `@available` covers
/// (a test function's, in a suite Swift Testing will not let be marked) leaves the type as it was.
///
/// The Swift is the generators' own, so the reading is simple: comments and string literals
/// are skipped (their interpolations are read), a statement runs to the end of a line outside
/// parentheses and brackets, attributes on lines of their own belong to the next statement,
/// `#if` and `#sourceLocation` lines are transparent, each `{` opens a scope that keeps the
/// `@available` of the statement that opened it until its `}`, and a name is the type the
/// nearest scope around it declares, if one does (an extension's body sees its type's).
package struct AvailabilityChecker {
    /// A use of an API above the minimum that the declarations around it do not cover.
    package struct Finding: CustomStringConvertible, Sendable {
        package var file: String
        package var line: Int
        /// The API as the table spells it, or a type of the files above the minimum.
        package var use: String
        package var needed: PlatformVersions
        /// What the declarations around the use declare (FSMRuntime's minimum when nothing).
        package var declared: PlatformVersions

        package var description: String {
            "\(file):\(line): `\(use)` needs \(needed), but the declarations around it are available from \(declared)"
        }
    }

    /// The outcome for a set of files: the findings, and how many uses above the minimum were
    /// covered, so that a test can tell a clean result from one that checked nothing.
    package struct Result: Sendable {
        package var findings: [Finding] = []
        package var coveredUses = 0
        /// The types of the files found above the minimum, with what each needs.
        package var typesAboveMinimum: [String: PlatformVersions] = [:]
    }

    /// Checks `files` (name, Swift text) together; `types` are types declared elsewhere that
    /// are above the minimum (a module the files import).
    package static func check(_ files: [(name: String, text: String)], types: [String: PlatformVersions] = [:]) -> Result {
        let minimum = PlatformAvailability.runtimeMinimum
        let apis = PlatformAvailability.apis.filter(\.isAboveMinimum).map { (api: $0, tokens: SwiftTokens.texts(of: $0.spelling)) }
        let scans = files.map { Scan($0.text) }
        // The APIs each token of each file starts, found once.
        let matches: [[[Use]]] = scans.map { scan in
            scan.tokens.indices.map { index in
                apis.filter { scan.tokens.starts(with: $0.tokens, at: index) }.map { Use(spelling: $0.api.spelling, needed: $0.api.availability) }
            }
        }
        // Top-level types above the minimum, to a fixed point.
        var typesAboveMinimum = types
        while true {
            var needs: [String: PlatformVersions] = [:]
            for (scan, fileMatches) in zip(scans, matches) {
                for (index, token) in scan.tokens.enumerated() {
                    // A name a nested type bears is that type, not the API or the top-level type.
                    guard let owner = scan.owners[index], !scan.isNestedType(index) else { continue }
                    var uses = fileMatches[index].map(\.needed)
                    if token.isIdentifier, !scan.isMember(index), let type = typesAboveMinimum[token.text] { uses.append(type) }
                    // A use a member's own attribute covers leaves the type as available as it was.
                    for needed in uses where !scan.inner[index].covers(needed) {
                        needs[owner] = (needs[owner] ?? minimum).joined(with: needed)
                    }
                }
            }
            let grown = typesAboveMinimum.merging(needs.filter { !minimum.covers($0.value) }) { $0.joined(with: $1) }
            if grown == typesAboveMinimum { break }
            typesAboveMinimum = grown
        }
        var result = Result(typesAboveMinimum: typesAboveMinimum)
        for ((name, _), (scan, fileMatches)) in zip(files, zip(scans, matches)) {
            for (index, token) in scan.tokens.enumerated() where !scan.isNestedType(index) {
                var uses = fileMatches[index]
                // A type's name where it is declared is no use of it.
                let isDeclaredName = index > 0 && Scan.typeKeywords.contains(scan.tokens[index - 1].text)
                if token.isIdentifier, !isDeclaredName, !scan.isMember(index), let type = typesAboveMinimum[token.text] {
                    uses.append(Use(spelling: token.text, needed: type))
                }
                for use in uses {
                    if scan.declared[index].covers(use.needed) {
                        result.coveredUses += 1
                    } else {
                        result.findings.append(Finding(file: name, line: token.line, use: use.spelling, needed: use.needed, declared: scan.declared[index]))
                    }
                }
            }
        }
        return result
    }

    /// A use of an API above the minimum, or of a type of the files above it.
    struct Use {
        var spelling: String
        var needed: PlatformVersions
    }

    /// One file read: its tokens, what the `@available`s around each declare, and the top-level
    /// type each lies in.
    struct Scan {
        var tokens: [SwiftToken]
        /// By token: the platform releases the enclosing declarations' `@available`s give
        /// (each platform's latest; one marked unavailable covers everything).
        var declared: [PlatformVersions] = []
        /// By token: what the `@available`s inside the top-level declaration that holds it give
        /// (its members' own): a use they cover does not make the top-level type need it.
        var inner: [PlatformVersions] = []
        /// By token: the type declared at the top level whose declaration holds it.
        var owners: [String?] = []
        /// By token: the innermost `{ … }` that holds it, an index of ``scopes``; -1 outside any.
        var scopeOfToken: [Int] = []
        /// Every `{ … }` of the file: the one around it (-1 for none), the types declared right
        /// in it, and for the body of a top-level extension the type it extends. A name is the
        /// type declared in the nearest scope around it that declares one of that name, as
        /// Swift looks it up (`var upload: Upload` in `Sync.State` is `Sync.State.Upload`, not
        /// the machine `Upload`), an extension's body seeing what the type's body declares.
        var scopes: [(parent: Int, types: Set<String>, extended: String?)] = []
        /// The body scope of each type declared at the top level.
        var typeBodies: [String: Int] = [:]

        init(_ text: String) {
            tokens = SwiftTokens.tokens(of: text)
            let minimum = PlatformAvailability.runtimeMinimum
            declared = Array(repeating: minimum, count: tokens.count)
            inner = declared
            owners = Array(repeating: nil, count: tokens.count)
            scopeOfToken = Array(repeating: -1, count: tokens.count)
            /// The open scopes: what each declares, with and without the top-level declaration's
            /// own attributes, the type it belongs to, and its index in ``scopes``.
            var open: [(declared: PlatformVersions, inner: PlatformVersions, owner: String?, scope: Int)] = []
            var pending = minimum
            var start = 0
            while start < tokens.count {
                let end = Self.statementEnd(in: tokens, from: start)
                let statement = start..<end
                start = end
                if tokens[statement.lowerBound].text == "#" { continue }  // #if, #endif, #sourceLocation
                var own = pending
                for attribute in Self.availabilityAttributes(in: tokens, statement) { own = own.joined(with: attribute) }
                if Self.isAttributesOnly(tokens, statement) {
                    pending = own
                    continue
                }
                pending = minimum
                let isTopLevel = open.isEmpty
                let declaredType = Self.declaredType(in: tokens, statement)
                var owner = open.last?.owner ?? (isTopLevel ? declaredType : nil)
                if let declaredType, let scope = open.last?.scope { scopes[scope].types.insert(declaredType) }
                let ownInside = isTopLevel ? minimum : own
                var opensBody = isTopLevel
                for index in statement {
                    declared[index] = (open.last?.declared ?? minimum).joined(with: own)
                    inner[index] = (open.last?.inner ?? minimum).joined(with: ownInside)
                    owners[index] = owner
                    scopeOfToken[index] = open.last?.scope ?? -1
                    switch tokens[index].text {
                    case "{":
                        let extended = opensBody && declaredType == nil ? Self.extendedType(in: tokens, statement) : nil
                        scopes.append((open.last?.scope ?? -1, [], extended))
                        if opensBody, let declaredType { typeBodies[declaredType] = scopes.count - 1 }
                        opensBody = false
                        open.append((declared[index], inner[index], owner, scopes.count - 1))
                    case "}":
                        if !open.isEmpty { open.removeLast() }
                        if open.isEmpty { owner = nil }
                    default:
                        break
                    }
                }
            }
        }

        /// The end of the statement that starts at `start`: the first line break outside
        /// parentheses and brackets (a directive ends at its line).
        static func statementEnd(in tokens: [SwiftToken], from start: Int) -> Int {
            var depth = 0
            var index = start
            while index < tokens.count {
                switch tokens[index].text {
                case "(", "[": depth += 1
                case ")", "]": depth = max(0, depth - 1)
                default: break
                }
                index += 1
                if index < tokens.count, tokens[index].line != tokens[index - 1].line, depth == 0 || tokens[start].text == "#" {
                    break
                }
            }
            return index
        }

        /// Whether the statement is attributes alone (`@available(…)`, `@MainActor`,
        /// `@discardableResult @inline(__always)`), which belong to the next one.
        static func isAttributesOnly(_ tokens: [SwiftToken], _ statement: Range<Int>) -> Bool {
            var index = statement.lowerBound
            while index < statement.upperBound {
                guard tokens[index].text == "@", index + 1 < statement.upperBound, tokens[index + 1].isIdentifier else { return false }
                index += 2
                if index < statement.upperBound, tokens[index].text == "(" { index = closing(tokens, index, in: statement) + 1 }
            }
            return true
        }

        /// The index of the `)` that closes the `(` at `open`, within `statement`.
        static func closing(_ tokens: [SwiftToken], _ open: Int, in statement: Range<Int>) -> Int {
            var depth = 0
            for index in open..<statement.upperBound {
                if tokens[index].text == "(" { depth += 1 }
                if tokens[index].text == ")" { depth -= 1 }
                if depth == 0 { return index }
            }
            return statement.upperBound - 1
        }

        /// What each `@available(…)` of the statement declares.
        static func availabilityAttributes(in tokens: [SwiftToken], _ statement: Range<Int>) -> [PlatformVersions] {
            var attributes: [PlatformVersions] = []
            var index = statement.lowerBound
            while index + 2 < statement.upperBound {
                if tokens[index].text == "@", tokens[index + 1].text == "available", tokens[index + 2].text == "(" {
                    let close = closing(tokens, index + 2, in: statement)
                    attributes.append(availability(Array(tokens[(index + 3)..<close]).map(\.text)))
                    index = close
                }
                index += 1
            }
            return attributes
        }

        /// What the arguments of one `@available` declare: `macOS 14, iOS 17, *`, `*, unavailable`,
        /// `iOS, introduced: 17`, `iOS, unavailable`. A platform it marks unavailable is covered
        /// whatever a use needs.
        static func availability(_ arguments: [String]) -> PlatformVersions {
            var versions = PlatformAvailability.runtimeMinimum
            let never = OSVersion(Int.max)
            let parts = arguments.split(separator: ",").map(Array.init)
            func set(_ platform: String, _ version: OSVersion) {
                switch platform {
                case "macOS": versions.macOS = version
                case "iOS": versions.iOS = version
                case "tvOS": versions.tvOS = version
                case "watchOS": versions.watchOS = version
                case "visionOS": versions.visionOS = version
                default: break
                }
            }
            if let first = parts.first, first.count == 1, first[0] != "*" {
                // The long form: one platform, then what applies to it.
                for part in parts.dropFirst() {
                    if part == ["unavailable"] { set(first[0], never) }
                    if part.count == 3, part[0] == "introduced", let version = version(part[2]) { set(first[0], version) }
                }
                return versions
            }
            if parts.contains(["unavailable"]) { return PlatformVersions(macOS: never, iOS: never, tvOS: never, watchOS: never, visionOS: never) }
            for part in parts where part.count == 2 {
                if let version = version(part[1]) { set(part[0], version) }
            }
            return versions
        }

        static func version(_ text: String) -> OSVersion? {
            let numbers = text.split(separator: ".").map { Int($0) }
            guard let major = numbers.first ?? nil else { return nil }
            return OSVersion(major, numbers.count > 1 ? numbers[1] ?? 0 : 0)
        }

        static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "typealias"]

        /// The type a top-level `extension Name` extends (`Name` of `extension Name.Observer`).
        static func extendedType(in tokens: [SwiftToken], _ statement: Range<Int>) -> String? {
            for index in statement.dropLast() where tokens[index].text == "extension" {
                if tokens[index + 1].isIdentifier { return tokens[index + 1].text }
            }
            return nil
        }

        /// Whether the name at `index` is a type declared in a scope around it (a member's name,
        /// after a `.`, is no name of the file's types either): not the API or the top-level
        /// type of that name.
        func isNestedType(_ index: Int) -> Bool {
            let name = tokens[index].text
            var scope = scopeOfToken[index]
            while scope >= 0 {
                if scopes[scope].types.contains(name) { return true }
                if let extended = scopes[scope].extended, let body = typeBodies[extended], scopes[body].types.contains(name) { return true }
                scope = scopes[scope].parent
            }
            return false
        }

        /// Whether the name at `index` follows a `.`: a member of something, not a top-level type.
        func isMember(_ index: Int) -> Bool {
            index > 0 && tokens[index - 1].text == "."
        }

        /// The type a statement declares (`final class Name`, `struct Name`, …); `nil` for an
        /// extension or anything else.
        static func declaredType(in tokens: [SwiftToken], _ statement: Range<Int>) -> String? {
            for index in statement.dropLast() where typeKeywords.contains(tokens[index].text) {
                if tokens[index + 1].isIdentifier { return tokens[index + 1].text }
            }
            return nil
        }
    }
}

/// A token of Swift source: an identifier or keyword, a number, or one character of
/// punctuation, with its 1-based line.
package struct SwiftToken: Hashable, Sendable {
    package var text: String
    package var line: Int
    package var isIdentifier: Bool
}

extension [SwiftToken] {
    /// Whether the tokens from `index` on are `texts`.
    func starts(with texts: [String], at index: Int) -> Bool {
        guard !texts.isEmpty, index + texts.count <= count else { return false }
        for offset in texts.indices where self[index + offset].text != texts[offset] { return false }
        return true
    }
}

/// Splits Swift source into ``SwiftToken``s, leaving out comments and the text of string
/// literals (an interpolation's code is read).
package struct SwiftTokens {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var tokens: [SwiftToken] = []

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The tokens of `text`.
    package static func tokens(of text: String) -> [SwiftToken] {
        var reader = SwiftTokens(text)
        reader.readCode(untilParenthesis: false)
        return reader.tokens
    }

    /// The token texts of a short piece of code, such as an API's spelling.
    package static func texts(of code: String) -> [String] {
        tokens(of: code).map(\.text)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func advance() {
        if scalars[position] == "\n" { line += 1 }
        position += 1
    }

    private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// Reads code up to the end, or (inside an interpolation) up to the `)` that closes it.
    private mutating func readCode(untilParenthesis: Bool) {
        var depth = 0
        while let scalar = peek() {
            if scalar == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && (peek(1) == "\"" || peek(1) == "#")) {
                readString()
            } else if scalar == "`" {
                advance()
                let start = position
                while let next = peek(), next != "`", next != "\n" { advance() }
                tokens.append(SwiftToken(text: String(String.UnicodeScalarView(scalars[start..<position])), line: line, isIdentifier: true))
                if peek() == "`" { advance() }
            } else if Self.isIdentifierCharacter(scalar) {
                let start = position
                let isNumber = ("0"..."9").contains(scalar)
                while let next = peek(), Self.isIdentifierCharacter(next) || (isNumber && next == "." && peek(1).map { ("0"..."9").contains($0) } == true) {
                    advance()
                }
                tokens.append(SwiftToken(text: String(String.UnicodeScalarView(scalars[start..<position])), line: line, isIdentifier: !isNumber))
            } else if scalar.properties.isWhitespace {
                advance()
            } else {
                if untilParenthesis {
                    if scalar == "(" { depth += 1 }
                    if scalar == ")" {
                        if depth == 0 {
                            advance()
                            return
                        }
                        depth -= 1
                    }
                }
                tokens.append(SwiftToken(text: String(scalar), line: line, isIdentifier: false))
                advance()
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while let scalar = peek() {
            if scalar == "/", peek(1) == "*" {
                depth += 1
                advance()
            } else if scalar == "*", peek(1) == "/" {
                depth -= 1
                advance()
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// A string literal, single-line or multi-line, raw (`#"…"#`) or not: its text is left out,
    /// the code of its interpolations read.
    private mutating func readString() {
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            advance()
        }
        let isMultiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        for _ in 0..<(isMultiline ? 3 : 1) { advance() }
        while let scalar = peek() {
            if scalar == "\\", (0..<hashes).allSatisfy({ peek(1 + $0) == "#" }) {
                for _ in 0...hashes { advance() }
                if peek() == "(" {
                    advance()
                    readCode(untilParenthesis: true)
                } else if peek() != nil {
                    advance()
                }
            } else if scalar == "\"", !isMultiline || (peek(1) == "\"" && peek(2) == "\""),
                      (0..<hashes).allSatisfy({ peek((isMultiline ? 3 : 1) + $0) == "#" }) {
                for _ in 0..<((isMultiline ? 3 : 1) + hashes) { advance() }
                return
            } else if scalar == "\n", !isMultiline {
                return
            } else {
                advance()
            }
        }
    }
}
