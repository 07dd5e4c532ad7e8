#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a ``LanguageServer`` over a pair of file descriptors (stdin and stdout for
/// `fsmc lsp`): reads framed messages, answers each in order, until `exit` or the end of the
/// input.
public enum LanguageServerLoop {
    /// Serves until the client sends `exit` (the exit code: 0 after `shutdown`, else 1) or
    /// closes the input (1: the client went away without shutting the server down).
    public static func run(input: Int32, output: Int32) -> Int32 {
        var reader = MessageReader { readChunk(from: input) }
        var server = LanguageServer()
        while true {
            let replies: [JSONValue]
            switch reader.next() {
            case .endOfInput:
                return server.exitCode ?? 1
            case .malformedHeader(let problem):
                replies = [OutgoingMessage.error(id: .null, .parseError(problem))]
            case .message(let body):
                replies = server.handle(body)
            }
            for reply in replies {
                guard writeAll(MessageReader.frame(reply.serialized()), to: output) else { return 1 }
            }
            if let code = server.exitCode { return code }
        }
    }

    /// The bytes a read returns: whatever is available, so that a message is answered as soon
    /// as it arrives; `nil` at the end of the input or on an error.
    private static func readChunk(from descriptor: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Array(chunk[..<count]) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all bytes; `false` when the client closed its end.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress, buffer.count)
            }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
