import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsmc inspect`, run as a subprocess and reached as an app and a browser would: a plain
/// socket sends the hello and the lines of a recorded run, plain HTTP reads the pages. Every
/// read has a deadline, and every inspector started is killed at the end.
@Suite struct InspectCommandTests {
    static let trace = ExampleMachines.folder.appendingPathComponent("runs/Profile.jsonl")

    static func traceLines() throws -> [String] {
        try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func thePagesNeedTheToken() async throws {
        try await Inspector.with(["machines/Profile.fsm"]) { inspector in
            #expect(try inspector.get("/", token: false).status == 403)
            #expect(try inspector.get("/machine/Profile", token: false).status == 403)
            #expect(try inspector.get("/updates", token: false).status == 403)
            #expect(try inspector.get("/?token=0123", token: false).status == 403)
            let index = try inspector.get("/")
            #expect(index.status == 200)
            #expect(index.headers.contains("Set-Cookie: fsmc-token-\(inspector.port)=\(inspector.token); Path=/; HttpOnly; SameSite=Strict"))
            #expect(index.body.contains("href=\"/machine/Profile\""))
            // The cookie alone will do, as the page's own requests send it.
            let withCookie = try inspector.get("/machine/Profile", token: false, headers: ["Cookie: fsmc-token-\(inspector.port)=\(inspector.token)"])
            #expect(withCookie.status == 200)
            #expect(withCookie.body.contains("<script type=\"application/json\" id=\"fsmc-live\">"))
            #expect(withCookie.body.contains("<svg"))
            #expect(try inspector.get("/machine/Nowhere").status == 404)
            #expect(try inspector.get("/", method: "POST").status == 405)
            let head = try inspector.get("/", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(try inspector.get("/runs/1/1.jsonl").status == 404)
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func aRunIsReplayedAsItArrivesAndServedBack() async throws {
        let lines = try Self.traceLines()
        try await Inspector.with(["machines/Profile.fsm", "--sample", #"User=User(id: 0, name: "")"#, "--sample", #"Change=Change.renamed("")"#, "--module", "Machines"]) { inspector in
            let app = try inspector.connectApp(instance: "Profile #1")
            #expect(app.reply == #"{"accepted":true}"#)
            for line in lines { try app.send(line) }
            let update = try inspector.waitForUpdates(following: 1) { update in
                ((update.runs.first?["steps"] as? [Any])?.count ?? 0) == 12
            }
            let steps = try #require(update.runs.first?["steps"] as? [[String: Any]])
            #expect(steps.map { $0["label"] as? String }.prefix(3) == ["start", "event open", "done fetchUser"])
            #expect(steps.first?["lines"] as? String == "runs/1/1.jsonl:2-4")
            let instance = try #require(update.instances.first)
            #expect(instance["state"] as? String == "live")
            #expect(instance["process"] as? String == "InspectCommandTests")
            let saved = try inspector.get("/runs/1/1.jsonl")
            #expect(saved.status == 200)
            #expect(saved.body == lines.map { $0 + "\n" }.joined())
            let test = try inspector.get("/runs/1/1.swift")
            #expect(test.status == 200)
            #expect(test.body.contains("import Machines"))
            app.close()
            _ = try inspector.waitForUpdates { $0.instances.first?["state"] as? String == "disconnected" }
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func aRunThatCannotBeWrittenAsATestSaysWhy() async throws {
        let lines = try Self.traceLines()
        try await Inspector.with(["machines/Profile.fsm"]) { inspector in
            let app = try inspector.connectApp(instance: "Profile #1")
            for line in lines { try app.send(line) }
            _ = try inspector.waitForUpdates(following: 1) { ($0.runs.first?["steps"] as? [Any])?.count == 12 }
            let test = try inspector.get("/runs/1/1.swift")
            #expect(test.status == 422)
            #expect(test.body.contains("runs/1/1.jsonl:11: error: the run cannot be written as a test: 'fetchUser' delivers a value of type 'User'"))
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func aWrongTokenIsRefused() async throws {
        try await Inspector.with(["machines/Profile.fsm"]) { inspector in
            let app = try inspector.connectApp(instance: "Intruder", token: String(repeating: "0", count: 32))
            #expect(app.reply == #"{"refused":"wrong token: use the one fsmc inspect printed"}"#)
            #expect(try app.readToEnd() == "", "the inspector closes a refused connection")
            let update = try inspector.waitForUpdates { $0.document["refused"] as? Int == 1 }
            #expect(update.instances.isEmpty)
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func badLinesAreReportedAndTheInspectorServesOthers() async throws {
        let lines = try Self.traceLines()
        try await Inspector.with(["machines/Profile.fsm"]) { inspector in
            let malformed = try inspector.connectApp(instance: "Profile #1")
            for line in lines.prefix(4) { try malformed.send(line) }
            try malformed.send(#"{"kind": "event", "name": "#)
            #expect(try malformed.readToEnd() == "", "the inspector closes the connection of a line it cannot read")
            let oversized = try inspector.connectApp(instance: "Profile #2")
            try oversized.send(lines[0])
            // The inspector may close the connection before the line's end is sent.
            try? oversized.send(String(repeating: "x", count: 70_000))
            #expect(try oversized.readToEnd() == "", "the inspector closes the connection of a line too long")
            let update = try inspector.waitForUpdates { update in
                update.instances.count == 2 && update.instances.allSatisfy { $0["errors"] as? Int == 1 }
            }
            #expect(update.instances.map { $0["state"] as? String } == ["disconnected", "disconnected"])
            let first = try inspector.waitForUpdates(following: 1) { !$0.runs.isEmpty }
            #expect(first.runs.first?["errors"] as? [String] == [
                "runs/1/1.jsonl:5:27: error: expected a value, found the end of the line: the inspector closed the connection"
            ])
            let second = try inspector.waitForUpdates(following: 2) { !$0.runs.isEmpty }
            #expect(second.runs.first?["errors"] as? [String] == [
                "runs/2/1.jsonl:2: error: the line is longer than 65,536 bytes: the inspector closed the connection"
            ])
            // Another connection is served as before.
            let good = try inspector.connectApp(instance: "Profile #3")
            #expect(good.reply == #"{"accepted":true}"#)
            for line in lines { try good.send(line) }
            _ = try inspector.waitForUpdates(following: 3) { ($0.runs.first?["steps"] as? [Any])?.count == 12 }
            #expect(try inspector.get("/").status == 200)
        }
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func anotherAddressThanLoopbackIsWarnedAbout() async throws {
        try await Inspector.with(["machines/Profile.fsm", "--listen", "0.0.0.0"]) { inspector in
            #expect(inspector.url.hasPrefix("http://127.0.0.1:"))
            let stderr = try inspector.waitForStandardError(containing: "warning")
            #expect(stderr.contains(
                "fsmc inspect: warning: listening on 0.0.0.0, not a loopback address: anyone who can reach it and has the token can feed runs to this session and read them"))
        }
    }

    @Test func badArgumentsAreLocatedErrors() async throws {
        let cli = CommandLineTests()
        let none = try await cli.fsmc(["inspect"], in: ExampleMachines.packageRoot)
        #expect(none.status == 2)
        #expect(none.stderr == "fsmc inspect: error: name the .fsm file of each machine to inspect\n")
        let port = try await cli.fsmc(["inspect", "machines/Profile.fsm", "--port", "70000"], in: ExampleMachines.packageRoot)
        #expect(port.status == 2)
        #expect(port.stderr == "fsmc inspect: error: --port takes a port number from 0 to 65535 (0: any free port), not '70000'\n")
        try await cli.withFiles(["Broken.fsm": "machine Broken {\n    initial state a { on go -> b }\n}\n"]) { directory in
            let broken = try await cli.fsmc(["inspect", "Broken.fsm", "--port", "0"], in: directory)
            #expect(broken.status == 1)
            #expect(broken.stdout == "")
            #expect(broken.stderr.contains("Broken.fsm:2:"))
        }
        let missing = try await cli.fsmc(["inspect", "machines/Nowhere.fsm", "--port", "0"], in: ExampleMachines.packageRoot)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("machines/Nowhere.fsm"))
        let address = try await cli.fsmc(["inspect", "machines/Profile.fsm", "--port", "0", "--listen", "not an address"], in: ExampleMachines.packageRoot)
        #expect(address.status == 1)
        #expect(address.stderr.hasPrefix("fsmc inspect: error: cannot listen on 'not an address'"))
    }
}

/// An `fsmc inspect` process, with the address and token it printed.
final class Inspector: @unchecked Sendable {
    let process = Process()
    let url: String
    let token: String
    let port: Int
    private let output: Pipe
    private let errors: Pipe
    private var standardError = ""
    /// The deadline of every wait.
    static let seconds: Double = 20

    private init(arguments: [String]) throws {
        process.executableURL = try CommandLineTests.executable()
        process.arguments = ["inspect", "--port", "0"] + arguments
        process.currentDirectoryURL = ExampleMachines.packageRoot
        output = Pipe()
        errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var lines: [String] = []
        var pending = ""
        let deadline = Date(timeIntervalSinceNow: Self.seconds)
        while lines.count < 2 {
            guard let chunk = Self.read(output.fileHandleForReading.fileDescriptor, until: deadline) else {
                process.terminate()
                throw InspectorFailure("fsmc inspect printed no address and token in time: \(pending)")
            }
            pending += chunk
            while let newline = pending.firstIndex(of: "\n") {
                lines.append(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
            }
        }
        url = lines[0]
        token = lines[1]
        guard let colon = url.dropFirst("http://".count).lastIndex(of: ":"),
              let port = Int(url[url.index(after: colon)...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw InspectorFailure("fsmc inspect printed \(lines)")
        }
        self.port = port
    }

    /// Runs `body` with an inspector, which is stopped afterwards (SIGTERM: it exits with 0).
    static func with(_ arguments: [String], _ body: (Inspector) async throws -> Void) async throws {
        let inspector = try Inspector(arguments: arguments)
        do {
            try await body(inspector)
        } catch {
            inspector.kill()
            throw error
        }
        inspector.process.terminate()
        let deadline = Date(timeIntervalSinceNow: Self.seconds)
        while inspector.process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if inspector.process.isRunning {
            inspector.kill()
            Issue.record("fsmc inspect did not end on SIGTERM")
            return
        }
        #expect(inspector.process.terminationStatus == 0, "fsmc inspect exits with 0 on SIGTERM")
    }

    private func kill() {
        if process.isRunning {
            systemKill(process.processIdentifier)
            process.waitUntilExit()
        }
    }

    /// What the process wrote on stderr once it holds `text`.
    func waitForStandardError(containing text: String) throws -> String {
        let deadline = Date(timeIntervalSinceNow: Self.seconds)
        while !standardError.contains(text) {
            guard let chunk = Self.read(errors.fileHandleForReading.fileDescriptor, until: deadline) else {
                throw InspectorFailure("fsmc inspect did not write '\(text)' on stderr: \(standardError)")
            }
            standardError += chunk
        }
        return standardError
    }

    /// The next bytes from `descriptor`, or `nil` at its end or past `deadline`.
    static func read(_ descriptor: Int32, until deadline: Date) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&poller, 1, milliseconds) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = systemRead(descriptor, &buffer)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    // MARK: - As an app

    func connectApp(instance: String, token: String? = nil) throws -> AppConnection {
        let connection = try AppConnection(port: port)
        let hello = #"{"fsmcInspect":1,"token":"\#(token ?? self.token)","instance":"\#(instance)","process":"InspectCommandTests","dropped":0}"#
        try connection.send(hello)
        connection.reply = try connection.readLine()
        return connection
    }

    // MARK: - As a browser

    struct Response {
        var status: Int
        var headers: [String]
        var body: String
    }

    /// `GET path` (or `method`), with the token in the query unless `token` is false.
    func get(_ path: String, token: Bool = true, method: String = "GET", headers: [String] = []) throws -> Response {
        let target = token ? path + (path.contains("?") ? "&" : "?") + "token=\(self.token)" : path
        let connection = try AppConnection(port: port)
        defer { connection.close() }
        try connection.sendRaw("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n")
        let text = try connection.readToEnd()
        guard let split = text.range(of: "\r\n\r\n") else { throw InspectorFailure("not an HTTP response: \(text)") }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let status = head.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw InspectorFailure("not an HTTP response: \(text)")
        }
        return Response(status: status, headers: Array(head.dropFirst()), body: String(text[split.upperBound...]))
    }

    struct Update {
        var document: [String: Any]
        var instances: [[String: Any]] { document["instances"] as? [[String: Any]] ?? [] }
        var runs: [[String: Any]] { (document["following"] as? [String: Any])?["runs"] as? [[String: Any]] ?? [] }
    }

    /// `/updates` (following instance `following`) once `condition` holds of it.
    func waitForUpdates(following: Int? = nil, until condition: (Update) -> Bool) throws -> Update {
        let deadline = Date(timeIntervalSinceNow: Self.seconds)
        while true {
            let response = try get("/updates" + (following.map { "?instance=\($0)" } ?? ""))
            guard response.status == 200, let document = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] else {
                throw InspectorFailure("/updates answered \(response.status): \(response.body)")
            }
            let update = Update(document: document)
            if condition(update) { return update }
            guard Date() < deadline else { throw InspectorFailure("/updates never got there: \(response.body)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

/// A plain TCP connection to the inspector, with a read timeout.
final class AppConnection: @unchecked Sendable {
    let descriptor: Int32
    var reply = ""
    private var buffered: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw InspectorFailure("no socket") }
        var timeout = timeval(tv_sec: Int(Inspector.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            systemClose(descriptor)
            throw InspectorFailure("cannot connect to port \(port)")
        }
    }

    func send(_ line: String) throws {
        try sendRaw(line + "\n")
    }

    func sendRaw(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard sent > 0 else { throw InspectorFailure("the inspector closed the connection") }
            offset += sent
        }
    }

    func readLine() throws -> String {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeFirst(newline + 1)
                return line
            }
            let chunk = try readChunk()
            guard !chunk.isEmpty else { throw InspectorFailure("the connection ended before a line") }
            buffered += chunk
        }
    }

    /// Everything up to the end of the stream (an error, such as a reset, ends it too).
    func readToEnd() throws -> String {
        var bytes = buffered
        buffered = []
        while true {
            let chunk = try readChunk()
            if chunk.isEmpty { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk
        }
    }

    private func readChunk() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw InspectorFailure("no answer from the inspector in time") }
            return []
        }
        return Array(buffer[0..<count])
    }

    func close() {
        systemClose(descriptor)
    }
}

struct InspectorFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// The platform's functions, which the types' methods of the same names shadow inside them.
private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
private func systemKill(_ process: Int32) { _ = kill(process, SIGKILL) }
private func systemRead(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int { read(descriptor, &buffer, buffer.count) }
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, bytes, count, 0)
    #endif
}
