import FSMLanguageServer
import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A language client that follows a script: it runs ``LanguageServerLoop`` on a thread of its
/// own over two pipes, writes framed messages and reads the server's, as an editor would.
///
/// Reads time out, so a server that fails to answer fails the test instead of hanging it.
final class ScriptedClient {
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private var reader: MessageReader
    private var nextID = 1
    /// Notifications the server sent while the client waited for responses, in order.
    private(set) var notifications: [JSONValue] = []
    private let finished = DispatchSemaphore(value: 0)
    private let exitCode = ExitCodeBox()
    /// How long the client waits for the server before it gives up: only a failing test waits
    /// that long, and a loaded machine (other builds on the same cores) may keep the server's
    /// thread off the CPU for seconds.
    private static let patience: Int32 = 60

    init() {
        let input = fromServer.fileHandleForReading.fileDescriptor
        reader = MessageReader { ScriptedClient.readAvailable(input, timeout: ScriptedClient.patience) }
        let serverInput = toServer.fileHandleForReading.fileDescriptor
        let serverOutput = fromServer.fileHandleForWriting.fileDescriptor
        let finished = finished
        let exitCode = exitCode
        let thread = Thread {
            exitCode.value = LanguageServerLoop.run(input: serverInput, output: serverOutput)
            finished.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// Sends raw bytes, framed or not.
    func sendRaw(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ message: JSONValue) {
        sendRaw(MessageReader.frame(message.serialized()))
    }

    func notify(_ method: String, _ params: JSONValue = .null) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and returns the server's response (its whole message), collecting the
    /// notifications that came before it.
    func request(_ method: String, _ params: JSONValue = .null) throws -> JSONValue {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        return try response(to: .integer(id))
    }

    /// Reads messages until the response with an id comes.
    func response(to id: JSONValue) throws -> JSONValue {
        while true {
            let message = try next()
            if message["id"] == id, message["method"] == nil { return message }
            notifications.append(message)
        }
    }

    /// The next message from the server.
    func next() throws -> JSONValue {
        switch reader.next() {
        case .message(let body): return try JSONValue.parse(body)
        case .malformedHeader(let problem): throw ClientError(description: "the server sent a bad header: \(problem)")
        case .endOfInput: throw ClientError(description: "the server sent nothing more (closed, or silent for 20 s)")
        }
    }

    /// Reads until a `publishDiagnostics` notification for a document comes; returns its params.
    func diagnostics(for uri: String) throws -> JSONValue {
        if let index = notifications.firstIndex(where: { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri }) {
            return notifications.remove(at: index)["params"]!
        }
        while true {
            let message = try next()
            if message["method"] == "textDocument/publishDiagnostics", message["params"]?["uri"]?.stringValue == uri {
                return message["params"]!
            }
            notifications.append(message)
        }
    }

    /// `initialize` and `initialized`, as every session starts.
    @discardableResult
    func initialize() throws -> JSONValue {
        let response = try request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        notify("initialized", [:])
        return response
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "fsm", "version": .integer(version), "text": .string(text)]])
    }

    /// Closes the server's input and waits for the loop to end; returns its exit code.
    func finish() throws -> Int32 {
        try toServer.fileHandleForWriting.close()
        guard finished.wait(timeout: .now() + .seconds(Int(Self.patience))) == .success else { throw ClientError(description: "the server did not stop") }
        return exitCode.value ?? -1
    }

    /// Waits for the loop to end without closing the input (after `exit`).
    func waitForExit() throws -> Int32 {
        guard finished.wait(timeout: .now() + .seconds(Int(Self.patience))) == .success else { throw ClientError(description: "the server did not exit") }
        return exitCode.value ?? -1
    }

    struct ClientError: Error, CustomStringConvertible {
        var description: String
    }

    /// What `read(2)` returns once the descriptor is readable, `nil` after the timeout or at
    /// the end.
    private static func readAvailable(_ descriptor: Int32, timeout seconds: Int32) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, seconds * 1000) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk[..<count]) : nil
    }
}

/// The loop's exit code, written by the server's thread before it signals, read after.
private final class ExitCodeBox: @unchecked Sendable {
    var value: Int32?
}
