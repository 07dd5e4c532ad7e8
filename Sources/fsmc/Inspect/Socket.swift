#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket, with the platform's calls: the inspector's listening socket and its
/// connections. Blocking I/O, a thread per connection (the inspector has few).
struct Socket: Sendable {
    struct Failure: Error {
        var message: String
    }

    let descriptor: Int32

    #if canImport(Glibc) || canImport(Musl)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif

    /// A socket listening on `address` (a host name or a numeric IPv4 or IPv6 address) and
    /// `port` (0: one the system chooses), with the address and port it got, and whether
    /// the address is a loopback one.
    static func listen(on address: String, port: Int) throws(Failure) -> (socket: Socket, port: Int, isLoopback: Bool) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw Failure(message: "cannot listen on '\(address)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = Self.errorText()
                continue
            }
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, system_listen(descriptor, 64) == 0 else {
                lastError = Self.errorText()
                system_close(descriptor)
                continue
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else {
                lastError = Self.errorText()
                system_close(descriptor)
                continue
            }
            let (boundPort, isLoopback) = Self.describe(storage)
            return (Socket(descriptor: descriptor), boundPort, isLoopback)
        }
        throw Failure(message: "cannot listen on \(address) port \(port): \(lastError)")
    }

    /// The port of a socket address, and whether its address is a loopback one.
    private static func describe(_ storage: sockaddr_storage) -> (port: Int, isLoopback: Bool) {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer in
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    let port = Int(UInt16(bigEndian: address.pointee.sin6_port))
                    let bytes = withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
                    let isLoopback = bytes == Array(repeating: 0, count: 15) + [1]
                    // An IPv4-mapped 127.x.x.x.
                    let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
                    return (port, isLoopback || isMappedLoopback)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                let port = Int(UInt16(bigEndian: address.pointee.sin_port))
                let host = UInt32(bigEndian: address.pointee.sin_addr.s_addr)
                return (port, host >> 24 == 127)
            }
        }
    }

    /// The next connection, or `nil` when accepting failed (the caller tries again).
    func accept() -> Socket? {
        let connection = system_accept(descriptor)
        guard connection >= 0 else { return nil }
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return Socket(descriptor: connection)
    }

    /// Up to `count` bytes; empty at the end of the stream or on an error (a timeout included).
    func read(upTo count: Int = 16_384) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return [] }
            return Array(buffer[0..<got])
        }
    }

    /// Writes all of `bytes`; `false` when the other side is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, bytes.count - offset, Self.sendFlags)
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    #if canImport(Glibc) || canImport(Musl)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    /// Reading gives up after `seconds` without a byte.
    func setReadTimeout(seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        system_close(descriptor)
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

// The platform's functions whose names the type's methods shadow inside it.
private func system_listen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func system_accept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
private func system_close(_ descriptor: Int32) { _ = close(descriptor) }
