/// The little of HTTP/1.1 the inspector's pages need: a request's line and headers read,
/// a response written whole, one request per connection (`Connection: close`).
struct HTTPRequest {
    var method: String
    /// The path, percent-decoded.
    var path: String
    /// The query's parameters, percent-decoded; the first of a repeated name wins.
    var query: [String: String]
    /// Header names in lower case.
    var headers: [String: String]

    /// The most a request's line and headers may take.
    static let maximumHeadLength = 16_384

    /// Reads a request's head (through the blank line); `nil` for one that is not HTTP.
    static func parse(_ head: [UInt8]) -> HTTPRequest? {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
        let target = String(requestLine[1])
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = target.firstIndex(of: "?") {
            pathPart = target[..<mark]
            queryPart = target[target.index(after: mark)...]
        } else {
            pathPart = target[...]
            queryPart = nil
        }
        guard let path = percentDecoded(pathPart), path.hasPrefix("/") else { return nil }
        var query: [String: String] = [:]
        for pair in (queryPart ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(parts[0], plusIsSpace: true) else { continue }
            let value = parts.count > 1 ? percentDecoded(parts[1], plusIsSpace: true) ?? "" : ""
            if query[name] == nil { query[name] = value }
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            headers[name] = headers[name].map { $0 + "; " + value } ?? value
        }
        return HTTPRequest(method: String(requestLine[0]), path: path, query: query, headers: headers)
    }

    /// The value of the cookie `name`, if the request carries it.
    func cookie(_ name: String) -> String? {
        for part in (headers["cookie"] ?? "").split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2, pair[0].trimmingSpaces == name { return pair[1].trimmingSpaces }
        }
        return nil
    }

    private static func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A response, written whole.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var extraHeaders: [(String, String)] = []

    init(status: Int, contentType: String, body: String, extraHeaders: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = Array(body.utf8)
        self.extraHeaders = extraHeaders
    }

    static func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: body)
    }

    static let reasons = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        422: "Unprocessable Content", 500: "Internal Server Error",
    ]

    /// The bytes on the wire; a `HEAD` request's response has no body.
    func bytes(includingBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "Referrer-Policy: no-referrer\r\n"
        head += "Connection: close\r\n"
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (includingBody ? body : [])
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
