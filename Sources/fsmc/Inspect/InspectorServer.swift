import FSMCompiler
import Foundation

/// `fsmc inspect`'s server (docs/Inspector.md): one port, where a connection whose first byte
/// is `{` is an app's, sending a run line by line, and any other one is a page's HTTP request.
/// A thread per connection; the ``LiveSession`` behind one lock, whose condition wakes the
/// pages' long polls at each change.
final class InspectorServer: @unchecked Sendable {
    /// The machines' pages, by machine name.
    private let pages: [String: String]
    private let index: String
    private let token: String
    /// The cookie the token is kept in: named after the port, so that two inspectors on one
    /// host (cookies do not tell ports apart) keep theirs.
    private let cookieName: String
    private let listener: Socket
    /// The module the Swift tests import (`--module`).
    private let module: String?
    /// Guards `session`; signalled at each change.
    private let condition = NSCondition()
    private var session: LiveSession

    /// How long a page's long poll waits for a change before it is answered anyway.
    static let longPollSeconds: TimeInterval = 10
    /// How long a connection may take to send its first bytes, a request its head, or an app
    /// its hello.
    static let requestSeconds = 10

    init(session: LiveSession, token: String, pages: [String: String], index: String, listener: Socket, port: Int, module: String?) {
        self.session = session
        self.module = module
        self.token = token
        self.pages = pages
        self.index = index
        self.listener = listener
        cookieName = "fsmc-token-\(port)"
    }

    /// Accepts connections until the process ends.
    func serve() -> Never {
        while true {
            guard let connection = listener.accept() else { continue }
            Thread.detachNewThread { [self] in handle(connection) }
        }
    }

    private func handle(_ connection: Socket) {
        connection.setReadTimeout(seconds: Self.requestSeconds)
        let first = connection.read()
        guard let byte = first.first else {
            connection.close()
            return
        }
        if byte == UInt8(ascii: "{") {
            serveApp(connection, first)
        } else {
            servePage(connection, first)
        }
    }

    private func withSession<Result>(_ body: (inout LiveSession) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&session)
    }

    private static func now() -> String {
        Date.now.ISO8601Format()
    }

    // MARK: - Apps

    private func serveApp(_ connection: Socket, _ first: [UInt8]) {
        let id = withSession { $0.connect() }
        defer {
            withSession { $0.disconnect(id) }
            connection.close()
        }
        var buffer = first
        var start = 0
        while true {
            // Every whole line in the buffer, in order.
            while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if newline - start > LiveSession.maximumLineLength {
                    _ = withSession { $0.lineTooLong(on: id) }
                    return
                }
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                let time = Self.now()
                let reply = withSession { $0.receive(line[...], on: id, at: time) }
                switch reply {
                case .none:
                    break
                case .send(let text):
                    connection.write(text + "\n")
                    // Accepted: the run may be quiet for as long as the app is.
                    connection.setReadTimeout(seconds: 0)
                case .sendAndClose(let text):
                    connection.write(text + "\n")
                    return
                case .close:
                    return
                }
            }
            if buffer.count - start > LiveSession.maximumLineLength {
                _ = withSession { $0.lineTooLong(on: id) }
                return
            }
            buffer.removeFirst(start)
            start = 0
            let more = connection.read(upTo: 65_536)
            if more.isEmpty { return }
            buffer += more
        }
    }

    // MARK: - Pages

    private func servePage(_ connection: Socket, _ first: [UInt8]) {
        defer { connection.close() }
        var head = first
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var found: Range<Int>?
        while true {
            found = head.firstRange(of: end)
            if found != nil || head.count > HTTPRequest.maximumHeadLength { break }
            let more = connection.read()
            if more.isEmpty { break }
            head += more
        }
        guard let found, let request = HTTPRequest.parse(Array(head[..<found.lowerBound])) else {
            connection.write(HTTPResponse.text(400, "fsmc inspect: not an HTTP request it reads\n").bytes())
            return
        }
        let response = respond(to: request)
        connection.write(response.bytes(includingBody: request.method != "HEAD"))
    }

    private func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "fsmc inspect: the inspector's pages are read with GET\n")
        }
        let queryToken = request.query["token"].flatMap { LiveSession.tokensMatch($0, token) ? $0 : nil }
        guard queryToken != nil || request.cookie(cookieName).map({ LiveSession.tokensMatch($0, token) }) == true else {
            return .text(
                403,
                "fsmc inspect: this page needs the token fsmc inspect printed: open the address it printed, which ends in ?token=…\n")
        }
        var response = route(request)
        if queryToken != nil {
            response.extraHeaders.append(("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"))
        }
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch parts.first {
        case "":
            guard parts.count == 1 else { break }
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: index)
        case "machine":
            guard parts.count == 2, let page = pages[parts[1]] else {
                return .text(404, "fsmc inspect: no machine '\(parts.dropFirst().joined(separator: "/"))': it serves \(pages.keys.sorted().joined(separator: ", "))\n")
            }
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)
        case "updates":
            guard parts.count == 1 else { break }
            return HTTPResponse(status: 200, contentType: "application/json", body: updates(request.query))
        case "runs":
            guard parts.count == 3, let instance = Int(parts[1]) else { break }
            return run(instance: instance, file: parts[2])
        default:
            break
        }
        return .text(404, "fsmc inspect: no page at \(request.path)\n")
    }

    /// `/updates`: at once without `since`, or when the session's version is no longer `since`;
    /// else when it changes, or after ``longPollSeconds``.
    private func updates(_ query: [String: String]) -> String {
        let since = query["since"].flatMap { Int($0) }
        let following = query["instance"].flatMap { Int($0) }
        let run = query["run"].flatMap { Int($0) } ?? 1
        let step = query["step"].flatMap { Int($0) } ?? 0
        condition.lock()
        defer { condition.unlock() }
        if let since {
            let deadline = Date(timeIntervalSinceNow: Self.longPollSeconds)
            while session.version == since, condition.wait(until: deadline) {}
        }
        return session.updates(following: following, run: run, step: step)
    }

    /// `/runs/<instance>/<run>.jsonl` and `.swift`.
    private func run(instance: Int, file: String) -> HTTPResponse {
        let (name, kind) = file.hasSuffix(".jsonl") ? (file.dropLast(6), "jsonl") : file.hasSuffix(".swift") ? (file.dropLast(6), "swift") : (file[...], "")
        guard let run = Int(name), !kind.isEmpty else {
            return .text(404, "fsmc inspect: a run is served as /runs/<instance>/<run>.jsonl or .swift\n")
        }
        // A copy of the session (its storage shared until the apps' lines change it): the
        // trace is joined and the test written without holding up the apps' connections.
        condition.lock()
        let session = self.session
        condition.unlock()
        let machine = session.machine(ofInstance: instance) ?? "run"
        let fileName = "\(machine)-\(instance)-run\(run)"
        if kind == "jsonl" {
            switch session.trace(instance: instance, run: run) {
            case .success(let trace)?:
                return HTTPResponse(
                    status: 200, contentType: "application/jsonl; charset=utf-8", body: trace,
                    extraHeaders: [("Content-Disposition", "attachment; filename=\"\(fileName).jsonl\"")])
            case .failure(let refusal)?:
                return .text(422, refusal.message + "\n")
            case nil:
                return .text(404, "fsmc inspect: no run \(run) of instance \(instance)\n")
            }
        }
        let test = session.swiftTest(instance: instance, run: run, module: module)
        switch test {
        case .success(let text)?:
            return HTTPResponse(
                status: 200, contentType: "text/x-swift; charset=utf-8", body: text,
                extraHeaders: [("Content-Disposition", "attachment; filename=\"\(fileName).swift\"")])
        case .failure(let refusal)?:
            return .text(422, refusal.message + "\n")
        case nil:
            return .text(404, "fsmc inspect: no run \(run) of instance \(instance)\n")
        }
    }
}
