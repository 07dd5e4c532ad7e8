import FSMCompiler
import Testing

/// Editor positions: UTF-16 columns to and from the compiler's byte columns.
@Suite(.offThePool) struct EditorPositionTests {
    // "é" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 UTF-16 units.
    let source = SourceText("ab\n\"é𝄞\" x\r\nlast")

    @Test func aByteLocationBecomesAUTF16Column() {
        let x = source.location(at: 3 + 1 + 2 + 4 + 2)
        #expect(x.column == 10)
        #expect(source.editorPosition(of: x) == EditorPosition(line: 1, utf16Column: 6))
    }

    @Test func aUTF16ColumnBecomesAByteOffset() {
        #expect(source.offset(of: EditorPosition(line: 1, utf16Column: 6)) == 12)
        #expect(source.offset(of: EditorPosition(line: 0, utf16Column: 1)) == 1)
        #expect(source.offset(of: EditorPosition(line: 2, utf16Column: 0)) == source.bytes.count - 4)
    }

    @Test func positionsOutsideTheTextAreClamped() {
        // Past the end of a line: the end of that line, before its CR LF.
        #expect(source.offset(of: EditorPosition(line: 1, utf16Column: 99)) == 13)
        #expect(source.offset(of: EditorPosition(line: 9, utf16Column: 0)) == source.bytes.count)
        #expect(source.offset(of: EditorPosition(line: -1, utf16Column: 0)) == 0)
        // Inside a surrogate pair: the start of the character.
        #expect(source.offset(of: EditorPosition(line: 1, utf16Column: 3)) == 6)
    }

    @Test func theTwoConversionsAgreeOnEveryCharacterBoundary() {
        for offset in [0, 1, 2, 3, 4, 6, 10, 11, 12, 13, 15] {
            let position = source.editorPosition(of: source.location(at: offset))
            #expect(source.offset(of: position) == offset, "offset \(offset)")
        }
    }
}
