import FSMCore
/// One edit of a text: a range of the old text and what replaces it.
public struct TextReplacement: Hashable, Sendable {
    /// The range in the old text.
    public var range: SourceRange
    public var text: String

    public init(range: SourceRange, text: String) {
        self.range = range
        self.text = text
    }

    /// The smallest single replacement that turns `old` into `new`: everything between their
    /// common beginning and common end, cut at character boundaries; `nil` when they are equal.
    ///
    /// An editor applies it without moving the cursor or the folds of the unchanged parts, as
    /// replacing the whole document would.
    public static func between(_ old: SourceText, _ new: String) -> TextReplacement? {
        let newBytes = Array(new.utf8)
        guard old.bytes != newBytes else { return nil }
        let shorter = min(old.bytes.count, newBytes.count)
        var prefix = 0
        while prefix < shorter, old.bytes[prefix] == newBytes[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old.bytes[old.bytes.count - 1 - suffix] == newBytes[newBytes.count - 1 - suffix] {
            suffix += 1
        }
        // Never split a UTF-8 sequence of either text: back off to the start of a character.
        func splitsCharacter(_ bytes: [UInt8], at offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] & 0xC0 == 0x80
        }
        while prefix > 0, splitsCharacter(old.bytes, at: prefix) || splitsCharacter(newBytes, at: prefix) { prefix -= 1 }
        while suffix > 0,
            splitsCharacter(old.bytes, at: old.bytes.count - suffix) || splitsCharacter(newBytes, at: newBytes.count - suffix)
        {
            suffix -= 1
        }
        let range = SourceRange(old.location(at: prefix), old.location(at: old.bytes.count - suffix))
        return TextReplacement(range: range, text: String(decoding: newBytes[prefix..<(newBytes.count - suffix)], as: UTF8.self))
    }
}
