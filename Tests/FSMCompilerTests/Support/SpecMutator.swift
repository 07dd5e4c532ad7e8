import FSMCompiler

/// SplitMix64: a tiny pseudo-random generator whose sequence depends only on its seed, so a
/// failing mutant is the same on every machine and every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Breaks specs the way people and tools do, for the mutation test: tokens inserted,
/// deleted and swapped, bytes flipped, files cut short, and the extremes a parser must
/// survive: very deep nesting, very long lines and names.
struct SpecMutator {
    /// The kinds of mutation, each picked equally often.
    enum Kind: String, CaseIterable {
        case insertToken, deleteToken, swapTokens, duplicateLine, flipByte, truncate, deepNesting, longLine
    }

    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// Words and punctuation of the language, and some it does not know, to insert.
    static let vocabulary: [String] = Keyword.allCases.map(\.rawValue) + Punctuation.allCases.map(\.rawValue) + [
        "\n", "\r\n", "\t", " ", "&", "=", "*", "#", "`", "\\", "\"", "\"text\"", "\"\\u{", "//", "///", "/*", "*/",
        "0", "42", "1_000", "2.5", "1e-3", "250ms", "1s", "0s", "5", "99999999999h", "true", "nil", "@MainActor",
        "String", "[Int]", "String?", "Self", "self", "init", "State", "class", "é", "Tür", "\u{1F600}", "\u{0}",
    ]

    /// Applies one mutation of a random kind; returns its name, for messages.
    mutating func mutate(_ bytes: inout [UInt8]) -> String {
        let kind = Kind.allCases.randomElement(using: &generator)!
        mutate(&bytes, kind)
        return kind.rawValue
    }

    mutating func mutate(_ bytes: inout [UInt8], _ kind: Kind) {
        let tokens = Lexer.tokenize(SourceText(bytes: bytes)).tokens.map { $0.range.start.offset..<$0.range.end.offset }
        switch kind {
        case .insertToken:
            let word = Self.vocabulary.randomElement(using: &generator)!
            bytes.insert(contentsOf: Array((" " + word + " ").utf8), at: boundary(in: tokens))
        case .deleteToken:
            guard let token = tokens.filter({ !$0.isEmpty }).randomElement(using: &generator) else { return }
            bytes.removeSubrange(token)
        case .swapTokens:
            let nonEmpty = tokens.filter { !$0.isEmpty }
            guard nonEmpty.count >= 2 else { return }
            let first = Int.random(in: 0..<(nonEmpty.count - 1), using: &generator)
            // Mostly neighbours, sometimes tokens far apart.
            let second = Bool.random(using: &generator) ? first + 1 : Int.random(in: (first + 1)..<nonEmpty.count, using: &generator)
            let (a, b) = (nonEmpty[first], nonEmpty[second])
            bytes = Array(bytes[..<a.lowerBound] + bytes[b] + bytes[a.upperBound..<b.lowerBound] + bytes[a] + bytes[b.upperBound...])
        case .duplicateLine:
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            guard let line = lines.randomElement(using: &generator) else { return }
            bytes.insert(contentsOf: Array(line) + [UInt8(ascii: "\n")], at: line.startIndex)
        case .flipByte:
            guard !bytes.isEmpty else { return }
            let offset = Int.random(in: bytes.indices, using: &generator)
            bytes[offset] = Bool.random(using: &generator) ? bytes[offset] ^ (1 << UInt8.random(in: 0..<8, using: &generator)) : UInt8.random(in: 0...255, using: &generator)
        case .truncate:
            bytes.removeSubrange(Int.random(in: 0...bytes.count, using: &generator)...)
        case .deepNesting:
            bytes.insert(contentsOf: deepNesting(), at: boundary(in: tokens))
        case .longLine:
            bytes.insert(contentsOf: longLine(), at: boundary(in: tokens))
        }
    }

    /// A random place between tokens (or at the end).
    private mutating func boundary(in tokens: [Range<Int>]) -> Int {
        tokens.randomElement(using: &generator)?.lowerBound ?? 0
    }

    /// Thousands of openers (some closed again): states in states, guard and payload
    /// brackets, negations, nested comments.
    private mutating func deepNesting() -> [UInt8] {
        let depth = Int.random(in: 100...5000, using: &generator)
        let (opener, closer) = [
            ("state s { ", "} "), ("[(", ")]"), ("(", ")"), ("[", "]"), ("<", ">"), ("!", ""), ("/* ", " */"),
            ("event e(", ")"), ("on go [", "] "), ("{", "}"),
        ].randomElement(using: &generator)!
        let closers = Bool.random(using: &generator) ? depth : Int.random(in: 0...depth, using: &generator)
        return Array((String(repeating: opener, count: depth) + "x" + String(repeating: closer, count: closers)).utf8)
    }

    /// A line of 256 to 64k characters, most of them short: one long name, a long string, or a
    /// long list. (The command-line tests feed `fsmc` a 50 MB spec.)
    private mutating func longLine() -> [UInt8] {
        let length = Int.random(in: 256...(256 << Int.random(in: 0...8, using: &generator)), using: &generator)
        let text: String = switch Int.random(in: 0..<5, using: &generator) {
        case 0: " " + String(repeating: "a", count: length) + " "
        case 1: " \"" + String(repeating: "b", count: length) + "\" "
        case 2: " / " + Array(repeating: "act", count: length / 5).joined(separator: ", ") + " "
        case 3: " [" + Array(repeating: "g", count: length / 5).joined(separator: " && ") + "] "
        default: " " + String(repeating: "é", count: length / 2) + " "
        }
        return Array(text.utf8)
    }
}
