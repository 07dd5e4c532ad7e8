#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An address to connect to, as `getaddrinfo` gave it.
struct SocketAddress {
    var storage = sockaddr_storage()
    var length: socklen_t = 0
    var family: Int32 = 0
}

/// The platform's sockets, non-blocking, as the drainer uses them: nothing here waits.
enum SocketIO {
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    /// A send to a connection the peer closed fails with `EPIPE` instead of raising `SIGPIPE`.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    /// `SO_NOSIGPIPE`, set on each socket, keeps `SIGPIPE` away on Darwin.
    static let sendFlags: Int32 = 0
    #endif

    struct Failure: Error {
        let message: String
    }

    /// The text of the error `code`.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The addresses of `host` (a name or a numeric address) for TCP to `port`.
    static func resolve(host: String, port: Int) throws(Failure) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0 else {
            throw Failure(message: "cannot resolve \(host): \(String(cString: gai_strerror(code)))")
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let info = entry?.pointee {
            if let address = info.ai_addr, Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size {
                var resolved = SocketAddress()
                resolved.length = info.ai_addrlen
                resolved.family = info.ai_family
                withUnsafeMutableBytes(of: &resolved.storage) { storage in
                    storage.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
                }
                addresses.append(resolved)
            }
            entry = info.ai_next
        }
        guard !addresses.isEmpty else { throw Failure(message: "cannot resolve \(host): no address") }
        return addresses
    }

    enum ConnectStart {
        case connected(Int32)
        case inProgress(Int32)
        case failed(String)
    }

    /// Opens a non-blocking socket and starts connecting it to `address`.
    static func startConnect(to address: SocketAddress) -> ConnectStart {
        let fd = socket(address.family, streamType, 0)
        guard fd >= 0 else { return .failed("socket: \(describe(errno))") }
        var one: Int32 = 1
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        // Lines go out in batches already; a small batch should not wait for an acknowledgement.
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) >= 0 else {
            let message = "fcntl: \(describe(errno))"
            close(fd)
            return .failed(message)
        }
        var storage = address.storage
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, address.length) }
        }
        if result == 0 { return .connected(fd) }
        if errno == EINPROGRESS || errno == EINTR { return .inProgress(fd) }
        let message = describe(errno)
        close(fd)
        return .failed(message)
    }

    enum ConnectResult {
        case pending
        case connected
        case failed(String)
    }

    /// Whether the connection `startConnect` began is made, without waiting.
    static func connectResult(_ fd: Int32) -> ConnectResult {
        var request = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&request, 1, 0)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .pending }
        guard ready > 0 else { return .failed("poll: \(describe(errno))") }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .failed(describe(errno)) }
        return error == 0 ? .connected : .failed(describe(error))
    }

    enum Transfer {
        /// That many bytes went (`sendSome`) or came (`receiveSome`).
        case done(Int)
        /// Nothing can go or come now.
        case wouldBlock
        /// The peer closed the connection (`receiveSome` only).
        case closed
        case failed(String)
    }

    /// Sends what the socket takes of `count` bytes at `bytes`.
    static func sendSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Transfer {
        let sent = send(fd, bytes, count, sendFlags)
        if sent >= 0 { return sent == 0 ? .wouldBlock : .done(sent) }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR: return .wouldBlock
        case let code: return .failed(describe(code))
        }
    }

    /// Reads what has arrived, up to `count` bytes into `buffer`.
    static func receiveSome(_ fd: Int32, into buffer: UnsafeMutableRawPointer, _ count: Int) -> Transfer {
        let received = recv(fd, buffer, count, 0)
        if received > 0 { return .done(received) }
        if received == 0 { return .closed }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR: return .wouldBlock
        case let code: return .failed(describe(code))
        }
    }

    static func closeSocket(_ fd: Int32) {
        _ = close(fd)
    }
}
