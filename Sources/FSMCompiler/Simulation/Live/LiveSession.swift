/// The live inspector's state (`fsmc inspect`, docs/Inspector.md), without I/O: the app
/// connections it was given line by line, the machine instances and their runs, each run's
/// lines replayed on its spec as they arrive (``LiveReplay``), and the JSON its pages poll.
/// The server (Sources/fsmc/Inspect) owns the sockets and calls this under one lock; every
/// change raises ``version``, which the pages' long polls wait on.
///
/// An app's connection carries one run: the hello line, answered `{"accepted":true}` or
/// `{"refused":"…"}`; then the trace, its header naming the machine. A run that parts from
/// the spec shows its divergence and is read to its end, the lines after it counted, not
/// replayed; a line that cannot be read, is too long, or a header naming a machine the
/// inspector was not given, ends the connection with an error on the page.
package struct LiveSession {
    /// A machine the inspector was given: its graph (the one its page embeds, whose
    /// situations the steps name) and what writing a run of it as a test needs.
    package struct Machine {
        package var graph: SimulationGraph
        package var children: [String: ExecutableMachine]
        /// The spec's file name, for the Swift test's comments and the command regenerating it.
        package var specPath: String
        package var samples: SampleValues

        package init(graph: SimulationGraph, children: [String: ExecutableMachine] = [:], specPath: String, samples: SampleValues = SampleValues()) {
            self.graph = graph
            self.children = children
            self.specPath = specPath
            self.samples = samples
        }

        var executable: ExecutableMachine { graph.machine }
        var name: String { graph.machine.model.name }
    }

    /// The longest line an app may send, in bytes without its newline.
    package static let maximumLineLength = 65_536
    /// The most lines of a run the inspector keeps to save it as a trace or a test: a busy
    /// app streams for as long as it runs, the inspector's memory stays bounded. A longer run
    /// is still replayed and shown; saving it says why it cannot.
    package static let maximumKeptLines = 200_000
    /// The most replayed steps of a run the inspector keeps for its pages, the latest.
    package static let maximumKeptSteps = 1_000
    /// The runs of an instance whose lines and steps the inspector keeps, the latest.
    package static let maximumKeptRuns = 10

    /// What the server does after handing over a line.
    package enum Reply: Hashable, Sendable {
        /// Nothing: read on.
        case none
        /// Write this line (a newline follows), then read on.
        case send(String)
        /// Write this line, then close the connection.
        case sendAndClose(String)
        /// Close the connection.
        case close
    }

    package typealias ConnectionID = Int

    /// One run of an instance: one connection's trace.
    struct Run {
        var number: Int
        var since: String
        /// The lines the app dropped before this run (the hello's `dropped`).
        var dropped: Int
        /// The lines of the trace received, the header first, as received, up to
        /// ``LiveSession/maximumKeptLines``.
        var lines: [String] = []
        /// How many lines were received (the next one's number is one more).
        var lineCount = 0
        /// The latest steps replayed, as the page shows them (``LiveSession/maximumKeptSteps``).
        var steps: [JSON] = []
        /// How many steps were replayed: the first kept is `stepCount - steps.count`.
        var stepCount = 0
        var firstKeptStep: Int { stepCount - steps.count }
        /// Whether the run outgrew ``LiveSession/maximumKeptLines``: it cannot be saved.
        var isCut: Bool { lineCount > lines.count }
        /// Whether the inspector let go of the run's lines and steps, ``LiveSession/maximumKeptRuns``
        /// later ones having begun.
        var isLetGo = false
        /// The line of the last step's `step` record: the trace up to it replays whole.
        var lastStepLine = 0
        var replay: LiveReplay?
        var machine: String?
        var divergence: String?
        /// The lines after the divergence, read and not replayed.
        var ignored = 0
        var errors: [String] = []
        var isOpen = true
        var isFailed = false

        var state: String {
            if divergence != nil { return "diverged" }
            if isFailed { return "failed" }
            return isOpen ? "live" : "ended"
        }
    }

    /// A machine instance of an app's process: its runs, one per connection.
    struct Instance {
        var id: Int
        var name: String
        var process: String
        var since: String
        var machine: String?
        var runs: [Run] = []

        var state: String {
            guard let last = runs.last else { return "disconnected" }
            switch last.state {
            case "live": return "live"
            case "diverged": return "diverged"
            default: return "disconnected"
            }
        }
    }

    /// Where a connection is.
    private enum Connection {
        case hello
        case run(instance: Int, run: Int)
        /// Refused or failed: what it still sends is not read.
        case closed
    }

    private let token: String
    private let machines: [String: Machine]
    /// The machines' names, in the order the inspector was given them.
    package let machineNames: [String]
    private var connections: [ConnectionID: Connection] = [:]
    private var nextConnection = 1
    private(set) var instances: [Instance] = []
    /// How many connections were refused at their hello (a wrong token, a bad hello).
    package private(set) var refused = 0
    /// Raised at every change a page could show.
    package private(set) var version = 0

    /// What the session keeps of each run: ``maximumKeptLines`` and ``maximumKeptSteps`` but
    /// in tests.
    private let keptLines: Int
    private let keptSteps: Int

    package init(token: String, machines: [Machine], keptLines: Int = maximumKeptLines, keptSteps: Int = maximumKeptSteps) {
        self.token = token
        self.keptLines = keptLines
        self.keptSteps = keptSteps
        var byName: [String: Machine] = [:]
        var names: [String] = []
        for machine in machines where byName[machine.name] == nil {
            byName[machine.name] = machine
            names.append(machine.name)
        }
        self.machines = byName
        machineNames = names
    }

    /// The graph of the machine named `name`, if the inspector was given it.
    package func graph(of name: String) -> SimulationGraph? {
        machines[name]?.graph
    }

    // MARK: - Connections

    /// A new app connection, whose first line is its hello.
    package mutating func connect() -> ConnectionID {
        let id = nextConnection
        nextConnection += 1
        connections[id] = .hello
        return id
    }

    /// The next line of `connection`, without its newline; `time` (when it came, as the page
    /// shows it) dates a new instance or run.
    package mutating func receive(_ line: Substring, on connection: ConnectionID, at time: String) -> Reply {
        switch connections[connection] {
        case .hello?:
            return hello(line, on: connection, at: time)
        case .run(let instance, let run)?:
            return traceLine(line, instance: instance, run: run, connection: connection)
        case .closed?, nil:
            return .close
        }
    }

    /// `connection` sent a line longer than ``maximumLineLength``: its run fails (the page
    /// says where) and the connection is closed.
    package mutating func lineTooLong(on connection: ConnectionID) -> Reply {
        if case .run(let instance, let run)? = connections[connection] {
            let number = instances[instance].runs[run].lineCount + 1
            fail(instance, run, "\(tracePath(instance, run)):\(number): error: the line is longer than \(Self.maximumLineLength.formatted) bytes: the inspector closed the connection")
        } else if case .hello? = connections[connection] {
            refused += 1
            version += 1
        }
        connections[connection] = .closed
        return .close
    }

    /// `connection` closed (the app ended the run, or the server closed it).
    package mutating func disconnect(_ connection: ConnectionID) {
        if case .run(let instance, let run)? = connections[connection] {
            instances[instance].runs[run].isOpen = false
            version += 1
        }
        connections[connection] = nil
    }

    private mutating func hello(_ line: Substring, on connection: ConnectionID, at time: String) -> Reply {
        let hello: Hello
        switch Hello.read(line, token: token) {
        case .failure(let why):
            refused += 1
            version += 1
            connections[connection] = .closed
            return .sendAndClose(JSON.object([("refused", .string(why.message))]).compact)
        case .success(let read):
            hello = read
        }
        let index: Int
        if let found = instances.firstIndex(where: { $0.name == hello.instance && $0.process == hello.process }) {
            index = found
        } else {
            index = instances.count
            instances.append(Instance(id: index + 1, name: hello.instance, process: hello.process, since: time))
        }
        let run = instances[index].runs.count
        instances[index].runs.append(Run(number: run + 1, since: time, dropped: hello.dropped))
        // An app that keeps dropping lines begins run after run: only the latest keep theirs.
        for earlier in instances[index].runs.indices.dropLast(Self.maximumKeptRuns) where !instances[index].runs[earlier].isLetGo {
            instances[index].runs[earlier].lines = []
            instances[index].runs[earlier].steps = []
            instances[index].runs[earlier].isLetGo = true
        }
        connections[connection] = .run(instance: index, run: run)
        version += 1
        return .send(#"{"accepted":true}"#)
    }

    private mutating func traceLine(_ line: Substring, instance: Int, run: Int, connection: ConnectionID) -> Reply {
        instances[instance].runs[run].lineCount += 1
        if instances[instance].runs[run].lines.count < keptLines {
            instances[instance].runs[run].lines.append(String(line))
        }
        version += 1
        if instances[instance].runs[run].divergence != nil {
            instances[instance].runs[run].ignored += 1
            return .none
        }
        if instances[instance].runs[run].lineCount == 1 {
            // The header names the machine, whose spec replays the run.
            let header: RecordedTrace.Header
            do {
                header = try RecordedTrace.read(String(line)).header
            } catch {
                return failAndClose(instance, run, connection, "\(tracePath(instance, run)):1:\(error.column): error: \(error.message): the inspector closed the connection")
            }
            guard let machine = machines[header.machine] else {
                let given = machineNames.map { "'\($0)'" }.joined(separator: ", ")
                let message = "the inspector was not given the spec of machine '\(header.machine)' (it has \(given)): run fsmc inspect with its spec"
                fail(instance, run, "\(tracePath(instance, run)):1: error: \(message)")
                connections[connection] = .closed
                return .sendAndClose(JSON.object([("refused", .string(message))]).compact)
            }
            instances[instance].machine = header.machine
            instances[instance].runs[run].machine = header.machine
            instances[instance].runs[run].replay = LiveReplay(machine: machine.executable, children: machine.children)
        }
        guard var replay = instances[instance].runs[run].replay, let name = instances[instance].runs[run].machine,
              let machine = machines[name]
        else { return .none }
        // Taken out while it reads the line, so that the run does not share its storage.
        instances[instance].runs[run].replay = nil
        let progress = replay.append(line)
        instances[instance].runs[run].replay = replay
        switch progress {
        case .pending:
            return .none
        case .step(let step):
            let log = SimulationStepLog(machine: machine.executable, children: machine.children)
            instances[instance].runs[run].steps.append(
                SimulationGraphJSONEmitter.recordedStep(step, in: machine.graph, log: log, tracePath: tracePath(instance, run)))
            instances[instance].runs[run].stepCount += 1
            // Let go of the oldest half at once, not one at every step.
            if instances[instance].runs[run].steps.count > keptSteps {
                instances[instance].runs[run].steps.removeFirst(instances[instance].runs[run].steps.count - keptSteps / 2)
            }
            instances[instance].runs[run].lastStepLine = step.lines.upperBound
            return .none
        case .diverged(let divergence):
            let text = divergence.rendered(tracePath: tracePath(instance, run))
            if divergence.column != nil {
                // A line that is no record of the trace format: the connection ends.
                return failAndClose(instance, run, connection, text + ": the inspector closed the connection")
            }
            instances[instance].runs[run].divergence = text
            instances[instance].runs[run].replay = nil
            return .none
        }
    }

    private mutating func fail(_ instance: Int, _ run: Int, _ message: String) {
        instances[instance].runs[run].errors.append(message)
        instances[instance].runs[run].isFailed = true
        instances[instance].runs[run].replay = nil
        version += 1
    }

    private mutating func failAndClose(_ instance: Int, _ run: Int, _ connection: ConnectionID, _ message: String) -> Reply {
        fail(instance, run, message)
        connections[connection] = .closed
        return .close
    }

    /// The path a run's trace is served at, without its leading slash: what its steps' `lines`
    /// and its errors name.
    private func tracePath(_ instance: Int, _ run: Int) -> String {
        "runs/\(instance + 1)/\(run + 1).jsonl"
    }

    // MARK: - What the pages read

    /// The JSON the pages poll (docs/Inspector.md, "The inspector"): ``version``, the refused
    /// connections, the machines, each instance's summary; with `following`, an instance's
    /// id (1-based), its runs from `run` (1-based) on, each with its steps from `step`
    /// (0-based) for run `run` and from the first for later runs.
    package func updates(following: Int? = nil, run: Int = 1, step: Int = 0) -> String {
        var fields: [(String, JSON)] = [
            ("version", .number(version)),
            ("refused", .number(refused)),
            ("machines", .array(machineNames.map(JSON.string))),
            ("instances", .array(instances.map(summary))),
        ]
        if let following, instances.indices.contains(following - 1) {
            let instance = instances[following - 1]
            let first = max(run, 1)
            let runs = instance.runs.filter { $0.number >= first }.map { run in
                self.run(run, of: instance, from: run.number == first ? max(step, 0) : 0)
            }
            fields.append(("following", .object([("instance", .number(instance.id)), ("runs", .array(runs))])))
        } else {
            fields.append(("following", .null))
        }
        return JSON.object(fields).compact
    }

    private func summary(_ instance: Instance) -> JSON {
        .object([
            ("id", .number(instance.id)),
            ("machine", instance.machine.map(JSON.string) ?? .null),
            ("instance", .string(instance.name)),
            ("process", .string(instance.process)),
            ("since", .string(instance.since)),
            ("state", .string(instance.state)),
            ("runs", .number(instance.runs.count)),
            ("steps", .number(instance.runs.reduce(0) { $0 + $1.stepCount })),
            ("dropped", .number(instance.runs.reduce(0) { $0 + $1.dropped })),
            ("ignored", .number(instance.runs.reduce(0) { $0 + $1.ignored })),
            ("errors", .number(instance.runs.reduce(0) { $0 + $1.errors.count })),
            ("page", instance.machine.map { .string("/machine/\($0)?instance=\(instance.id)") } ?? .null),
        ])
    }

    private func run(_ run: Run, of instance: Instance, from step: Int) -> JSON {
        .object([
            ("run", .number(run.number)),
            ("since", .string(run.since)),
            ("state", .string(run.state)),
            // `from` counts the run's steps from its first; only the latest are kept.
            ("from", .number(min(max(step, run.firstKeptStep), run.stepCount))),
            ("steps", .array(Array(run.steps[(min(max(step, run.firstKeptStep), run.stepCount) - run.firstKeptStep)...]))),
            ("divergence", run.divergence.map(JSON.string) ?? .null),
            ("errors", .array(run.errors.map(JSON.string))),
            ("dropped", .number(run.dropped)),
            ("ignored", .number(run.ignored)),
            ("trace", .string("/runs/\(instance.id)/\(run.number).jsonl")),
            ("test", .string("/runs/\(instance.id)/\(run.number).swift")),
        ])
    }

    /// The lines of run `run` (1-based) of instance `instance` (1-based) as received, the
    /// header first, each ending in a newline: a trace `fsmc replay` reads. `nil` for no such run.
    package func trace(instance: Int, run: Int) -> Result<String, LiveSessionRefusal>? {
        guard let found = self.run(instance, run) else { return nil }
        if let refusal = cutRefusal(found) { return .failure(refusal) }
        return .success(found.lines.map { $0 + "\n" }.joined())
    }

    /// Why a run too long to keep cannot be saved.
    private func cutRefusal(_ run: Run) -> LiveSessionRefusal? {
        if run.isLetGo {
            return LiveSessionRefusal(message: "the inspector keeps the latest \(Self.maximumKeptRuns) runs of an instance, and this one is older")
        }
        guard run.isCut else { return nil }
        return LiveSessionRefusal(
            message: "the run is longer than the \(keptLines.formatted) lines the inspector keeps of a run: "
                + "record a run this long to a file with TraceRecorder (docs/TraceFormat.md)")
    }

    /// The Swift Testing test of the run (`fsmc replay --format swift-testing`'s), up to its
    /// last step, or why it cannot be written; `nil` for no such run.
    package func swiftTest(instance: Int, run: Int, module: String? = nil) -> Result<String, LiveSessionRefusal>? {
        guard let found = self.run(instance, run) else { return nil }
        if let refusal = cutRefusal(found) { return .failure(refusal) }
        guard let name = found.machine, let machine = machines[name] else {
            return .failure(LiveSessionRefusal(message: "the run cannot be written as a test: it names no machine the inspector was given"))
        }
        if let divergence = found.divergence {
            return .failure(LiveSessionRefusal(message: "the run cannot be written as a test: it parts from the spec: \(divergence)"))
        }
        let refusals = PathsSwiftTestingEmitter.recordedRunRefusals(machine.executable.model)
        if let refusal = refusals.first {
            return .failure(LiveSessionRefusal(message: "\(machine.specPath):\(refusal.range.start.line): error: \(refusal.message)"))
        }
        guard found.lastStepLine > 0 else {
            return .failure(LiveSessionRefusal(message: "the run cannot be written as a test: it has no step yet"))
        }
        let path = "runs/\(instance)/\(run).jsonl"
        let text = found.lines.prefix(found.lastStepLine).map { $0 + "\n" }.joined()
        let replayed = TraceReplay.replay(text: text, on: machine.executable, children: machine.children)
        if let divergence = replayed.divergence {
            return .failure(LiveSessionRefusal(message: divergence.rendered(tracePath: path)))
        }
        let sourceFileName = machine.specPath.split(separator: "/").last.map(String.init) ?? machine.specPath
        switch PathsSwiftTestingEmitter.emit(
            replayed, traceFileName: path, sourceFileName: sourceFileName, module: module, specPath: machine.specPath,
            samples: machine.samples)
        {
        case .success(let test): return .success(test)
        case .failure(let refusal):
            return .failure(LiveSessionRefusal(message: "\(path):\(refusal.line): error: the run cannot be written as a test: \(refusal.message)"))
        }
    }

    /// The machine instance `instance` (1-based) runs, once a header named it.
    package func machine(ofInstance instance: Int) -> String? {
        instances.indices.contains(instance - 1) ? instances[instance - 1].machine : nil
    }

    /// Whether `given` is the token, in a time that does not depend on where they differ.
    package static func tokensMatch(_ given: String, _ token: String) -> Bool {
        let (x, y) = (Array(given.utf8), Array(token.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    private func run(_ instance: Int, _ run: Int) -> Run? {
        guard instances.indices.contains(instance - 1), instances[instance - 1].runs.indices.contains(run - 1) else { return nil }
        return instances[instance - 1].runs[run - 1]
    }
}

/// Why the inspector cannot write a run as a test, as the page says it (a located error where
/// there is a line to name).
package struct LiveSessionRefusal: Error, Hashable, Sendable {
    package var message: String
}

/// An app's hello line (docs/Inspector.md).
private struct Hello {
    var instance: String
    var process: String
    var dropped: Int

    static func read(_ line: Substring, token: String) -> Result<Hello, HelloRefusal> {
        guard case .object(let fields)? = try? JSONLineReader.read(line) else {
            return .failure(HelloRefusal("the first line is the hello, a JSON object {\"fsmcInspect\":1,\"token\":…}"))
        }
        func member(_ name: String) -> JSON? { fields.first { $0.0 == name }?.1 }
        guard case .number(let version)? = member("fsmcInspect") else {
            return .failure(HelloRefusal("the first line is the hello, {\"fsmcInspect\":1,\"token\":…}"))
        }
        guard version == 1 else {
            return .failure(HelloRefusal("this inspector speaks version 1 of the wire, not \(version)"))
        }
        guard case .string(let given)? = member("token"), LiveSession.tokensMatch(given, token) else {
            return .failure(HelloRefusal("wrong token: use the one fsmc inspect printed"))
        }
        guard case .string(let instance)? = member("instance"), !instance.isEmpty else {
            return .failure(HelloRefusal("the hello names the machine instance: \"instance\", a string"))
        }
        guard case .string(let process)? = member("process") else {
            return .failure(HelloRefusal("the hello names the app's process: \"process\", a string"))
        }
        var dropped = 0
        switch member("dropped") {
        case nil: break
        case .number(let count)? where count >= 0: dropped = count
        default: return .failure(HelloRefusal("\"dropped\" counts the lines the app dropped: a whole number, 0 or more"))
        }
        return .success(Hello(instance: instance, process: process, dropped: dropped))
    }

}

private struct HelloRefusal: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension Int {
    /// `65,536`.
    fileprivate var formatted: String {
        let digits = Array(String(self))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
