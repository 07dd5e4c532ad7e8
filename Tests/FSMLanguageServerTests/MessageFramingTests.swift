import FSMLanguageServer
import Testing

/// Content-Length framing: whole messages out of any chunking, bad headers skipped.
@Suite struct MessageFramingTests {
    /// A reader over chunks given in advance.
    private func reader(_ chunks: [[UInt8]]) -> MessageReader {
        var remaining = chunks
        return MessageReader { remaining.isEmpty ? nil : remaining.removeFirst() }
    }

    @Test func messagesAreReadOneAfterAnother() {
        var reader = reader([MessageReader.frame(Array("{}".utf8)) + MessageReader.frame(Array("[1]".utf8))])
        #expect(reader.next() == .message(Array("{}".utf8)))
        #expect(reader.next() == .message(Array("[1]".utf8)))
        #expect(reader.next() == .endOfInput)
    }

    @Test func otherHeaderFieldsAndLowercaseNamesAreAccepted() {
        let text = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
        var reader = reader([Array(text.utf8)])
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func lineFeedsAloneEndAHeaderToo() {
        var reader = reader([Array("Content-Length: 2\n\n{}".utf8)])
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func aBodyLongerThanTheInputEndsTheInput() {
        var reader = reader([Array("Content-Length: 20\r\n\r\n{}".utf8)])
        #expect(reader.next() == .endOfInput)
    }

    @Test func badLengthsAreMalformedHeadersAndReadingGoesOn() {
        let text = "Content-Length: -3\r\n\r\nContent-Length: 99999999999\r\n\r\nContent-Length: 2\r\n\r\n{}"
        var reader = reader([Array(text.utf8)])
        guard case .malformedHeader = reader.next() else {
            Issue.record("a negative length was accepted")
            return
        }
        guard case .malformedHeader = reader.next() else {
            Issue.record("a huge length was accepted")
            return
        }
        #expect(reader.next() == .message(Array("{}".utf8)))
    }
}
