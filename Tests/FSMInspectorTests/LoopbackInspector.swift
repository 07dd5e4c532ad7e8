import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stand-in for `fsmc inspect` on 127.0.0.1: accepts connections on a port of its own, reads
/// each one's hello, answers as told, and keeps the lines that follow.
final class LoopbackInspector: @unchecked Sendable {
    /// An app's hello (docs/Inspector.md).
    struct Hello: Decodable, Equatable {
        let fsmcInspect: Int
        let token: String
        let instance: String
        let process: String
        let dropped: Int
    }

    /// How to answer a hello.
    enum Answer: Sendable {
        case accept
        /// Accept once the semaphore is signalled: meanwhile the app's lines wait.
        case acceptAfter(DispatchSemaphore)
        case refuse(String)
    }

    /// One connection: the hello, the lines after it (newlines removed), whether it ended.
    struct Connection: Sendable {
        var hello: Hello?
        var lines: [String] = []
        var isEnded = false
    }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var received: [Connection] = []
    private let answer: @Sendable (_ index: Int, _ hello: Hello) -> Answer
    private let closeAfterLines: @Sendable (_ index: Int) -> Int?

    /// - Parameters:
    ///   - listening: whether to listen at once (else connections are refused until
    ///     ``startListening()``).
    ///   - closeAfterLines: for the connection of that index, after how many lines past the
    ///     hello to close it; `nil` for never.
    ///   - answer: the answer to the hello of the connection of that index.
    init(
        listening: Bool = true,
        closeAfterLines: @escaping @Sendable (_ index: Int) -> Int? = { _ in nil },
        answer: @escaping @Sendable (_ index: Int, _ hello: Hello) -> Answer = { _, _ in .accept }
    ) {
        self.answer = answer
        self.closeAfterLines = closeAfterLines
        let listener = socket(AF_INET, Self.streamType, 0)
        precondition(listener >= 0, "socket failed")
        self.listener = listener
        var one: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        precondition(bound, "bind failed")
        port = Int(UInt16(bigEndian: address.sin_port))
        if listening { startListening() }
    }

    deinit {
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = close(listener)
    }

    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    #endif

    /// The connections so far, oldest first.
    var connections: [Connection] { lock.withLock { received } }

    func startListening() {
        precondition(listen(listener, 16) == 0, "listen failed")
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    private func acceptConnections() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let index = lock.withLock {
                received.append(Connection())
                return received.count - 1
            }
            let thread = Thread { [self] in serve(fd, index) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32, _ index: Int) {
        defer {
            _ = close(fd)
            lock.withLock { received[index].isEnded = true }
        }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var hasHello = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            pending.append(contentsOf: buffer[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard hasHello else {
                    hasHello = true
                    guard let hello = try? JSONDecoder().decode(Hello.self, from: Data(line.utf8)) else { return }
                    lock.withLock { received[index].hello = hello }
                    switch answer(index, hello) {
                    case .accept:
                        sendLine(fd, #"{"accepted":true}"#)
                    case .acceptAfter(let gate):
                        gate.wait()
                        sendLine(fd, #"{"accepted":true}"#)
                    case .refuse(let why):
                        sendLine(fd, #"{"refused":"\#(why)"}"#)
                        return
                    }
                    continue
                }
                let count = lock.withLock {
                    received[index].lines.append(line)
                    return received[index].lines.count
                }
                if let limit = closeAfterLines(index), count >= limit {
                    _ = shutdown(fd, Int32(SHUT_RDWR))
                    return
                }
            }
        }
    }

    private func sendLine(_ fd: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Self.sendFlags) }
    }
}
