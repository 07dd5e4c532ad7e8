import FSMCompiler
import Testing

/// The smallest replacement between two texts, as formatting sends it to an editor.
@Suite(.offThePool) struct TextReplacementTests {
    /// Applies a replacement to the old text.
    private func apply(_ replacement: TextReplacement?, to old: SourceText) -> String {
        guard let replacement else { return String(decoding: old.bytes, as: UTF8.self) }
        let bytes = old.bytes[..<replacement.range.start.offset] + Array(replacement.text.utf8) + old.bytes[replacement.range.end.offset...]
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func onlyTheChangedMiddleIsReplaced() {
        let old = SourceText("machine M {\n  event go\n}\n")
        let replacement = TextReplacement.between(old, "machine M {\n    event go\n}\n")
        #expect(replacement?.range.start.line == 2)
        #expect(replacement?.range.end.line == 2)
        #expect(apply(replacement, to: old) == "machine M {\n    event go\n}\n")
    }

    @Test func equalTextsNeedNoReplacement() {
        #expect(TextReplacement.between(SourceText("same"), "same") == nil)
    }

    @Test func charactersAreNeverSplit() {
        // "é" (C3 A9) and "è" (C3 A8) share their first byte.
        let old = SourceText("// é\n")
        let replacement = TextReplacement.between(old, "// è\n")
        #expect(replacement?.text == "è")
        #expect(apply(replacement, to: old) == "// è\n")
    }

    @Test func growingAndShrinkingWork() {
        for (before, after) in [
            ("ab", "aab"), ("aab", "ab"), ("", "x"), ("x", ""), ("abc", "xyz"), ("aa", "aaaa"), ("é", "éa"), ("é", "è"), ("aé", "é"),
            ("𝄞", "é"), ("xé", "xè"),
        ] {
            #expect(apply(TextReplacement.between(SourceText(before), after), to: SourceText(before)) == after, "\(before) → \(after)")
        }
    }
}
