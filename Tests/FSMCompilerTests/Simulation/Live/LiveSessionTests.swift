import FSMCompiler
import Foundation
import Testing
import TestSupport

/// ``LiveSession``, the live inspector without its sockets: the hello, a run's steps as its
/// lines arrive (each as `fsmc simulate --trace` writes it), a divergence, a line that cannot
/// be read or is too long, two instances, a reconnect, and the runs served back.
@Suite struct LiveSessionTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let time = "2026-12-03T18:00:00Z"

    static func profile() throws -> (LiveSession.Machine, [String]) {
        let compilation = Compiler.compile(SourceText(try ExampleMachines.text(of: "Profile.fsm")))
        let machine = try #require(compilation.executable)
        let trace = try String(contentsOf: ExampleMachines.folder.appendingPathComponent("runs/Profile.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n").map(String.init)
        return (LiveSession.Machine(graph: SimulationGraph(machine), specPath: "machines/Profile.fsm"), lines)
    }

    static func session() throws -> (LiveSession, [String], LiveSession.Machine) {
        let (machine, lines) = try profile()
        return (LiveSession(token: token, machines: [machine]), lines, machine)
    }

    static func hello(_ instance: String = "Profile #1", token: String = token, dropped: Int = 0) -> Substring {
        #"{"fsmcInspect":1,"token":"\#(token)","instance":"\#(instance)","process":"app (pid 7)","dropped":\#(dropped)}"#[...]
    }

    /// The updates' JSON, read.
    static func updates(_ session: LiveSession, following: Int? = nil, run: Int = 1, step: Int = 0) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(session.updates(following: following, run: run, step: step).utf8)) as? [String: Any])
    }

    static func runs(_ update: [String: Any]) throws -> [[String: Any]] {
        let following = try #require(update["following"] as? [String: Any])
        return try #require(following["runs"] as? [[String: Any]])
    }

    static func instances(_ update: [String: Any]) throws -> [[String: Any]] {
        try #require(update["instances"] as? [[String: Any]])
    }

    /// Connects and sends the hello, expecting it accepted.
    static func connect(_ session: inout LiveSession, _ instance: String = "Profile #1", dropped: Int = 0) -> LiveSession.ConnectionID {
        let connection = session.connect()
        #expect(session.receive(hello(instance, dropped: dropped), on: connection, at: time) == .send(#"{"accepted":true}"#))
        return connection
    }

    /// A run goes on for as long as the app does: the session keeps its latest steps and its
    /// first lines, counts the rest, and says why a run it did not keep whole cannot be saved.
    @Test func aLongRunKeepsItsLatestStepsAndSaysItCannotBeSaved() throws {
        let (machine, lines) = try Self.profile()
        var session = LiveSession(token: Self.token, machines: [machine], keptLines: 100, keptSteps: 10)
        let connection = Self.connect(&session)
        #expect(session.receive(lines[0][...], on: connection, at: Self.time) == .none)
        // The journey's last step (retry, then a close ignored in idle) over and over.
        let closing = [#"{"kind":"event","name":"close"}"#, #"{"kind":"ignored","event":"close"}"#, #"{"kind":"step","configuration":["idle"]}"#]
        for line in lines.dropFirst() { _ = session.receive(line[...], on: connection, at: Self.time) }
        for _ in 0..<50 {
            for line in closing { #expect(session.receive(line[...], on: connection, at: Self.time) == .none) }
        }
        let run = try #require(try Self.runs(Self.updates(session, following: 1)).first)
        let total = 12 + 50
        let kept = try #require(run["steps"] as? [[String: Any]])
        #expect(kept.count <= 10 && kept.count >= 5)
        #expect(run["from"] as? Int == total - kept.count)
        #expect(kept.last?["lines"] as? String == "runs/1/1.jsonl:\(lines.count + 148)-\(lines.count + 150)")
        #expect(try Self.instances(Self.updates(session)).first?["steps"] as? Int == total)
        // Asked from a step no longer kept: from the first kept one.
        #expect(try Self.runs(Self.updates(session, following: 1, run: 1, step: 3)).first?["from"] as? Int == total - kept.count)
        let expected = "the run is longer than the 100 lines the inspector keeps of a run: record a run this long to a file with TraceRecorder (docs/TraceFormat.md)"
        func refusal<Value>(_ result: Result<Value, LiveSessionRefusal>?) -> String? {
            if case .failure(let refusal)? = result { refusal.message } else { nil }
        }
        #expect(refusal(session.trace(instance: 1, run: 1)) == expected)
        #expect(refusal(session.swiftTest(instance: 1, run: 1)) == expected)
    }

    /// An app that drops lines again and again begins run after run: only the latest keep
    /// their lines and steps.
    @Test func onlyTheLatestRunsAreKept() throws {
        var (session, lines, _) = try Self.session()
        for _ in 0..<(LiveSession.maximumKeptRuns + 2) {
            let connection = Self.connect(&session)
            for line in lines.prefix(4) { #expect(session.receive(line[...], on: connection, at: Self.time) == .none) }
            session.disconnect(connection)
        }
        if case .failure(let refusal)? = session.trace(instance: 1, run: 2) {
            #expect(refusal.message == "the inspector keeps the latest 10 runs of an instance, and this one is older")
        } else {
            Issue.record("run 2 of 12 is let go")
        }
        #expect(try session.trace(instance: 1, run: 3)?.get() == lines.prefix(4).map { $0 + "\n" }.joined())
        #expect(try session.trace(instance: 1, run: 12)?.get() == lines.prefix(4).map { $0 + "\n" }.joined())
    }

    @Test func stepsArriveAsFsmcSimulateWritesThem() throws {
        var (session, lines, machine) = try Self.session()
        let connection = Self.connect(&session)
        var stepCounts: [Int] = []
        for line in lines {
            #expect(session.receive(line[...], on: connection, at: Self.time) == .none)
            stepCounts.append(try Self.runs(Self.updates(session, following: 1)).first.map { ($0["steps"] as? [Any])?.count ?? -1 } ?? -1)
        }
        // A step appears with its `step` record (lines 4, 10, 16, …), not before.
        #expect(stepCounts[0..<3] == [0, 0, 0])
        #expect(stepCounts[3] == 1)
        #expect(stepCounts.last == 12)
        let update = try Self.updates(session, following: 1)
        let run = try #require(try Self.runs(update).first)
        #expect(run["state"] as? String == "live")
        #expect(run["divergence"] is NSNull)
        // Exactly the steps `fsmc simulate --trace` embeds for the same trace.
        let replayed = TraceReplay.replay(text: lines.joined(separator: "\n") + "\n", on: machine.graph.machine)
        let offline = SimulationGraphJSONEmitter.emit(machine.graph, run: replayed, tracePath: "runs/1/1.jsonl")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(offline.utf8)) as? [String: Any])
        let recorded = try #require((document["recordedRun"] as? [String: Any])?["steps"] as? NSArray)
        #expect(recorded.count == 12)
        #expect(recorded.isEqual(run["steps"] as? NSArray))
        // From a step on: the page asks only for what it has not got.
        let later = try #require(try Self.runs(Self.updates(session, following: 1, run: 1, step: 10)).first)
        #expect(later["from"] as? Int == 10)
        #expect((later["steps"] as? [Any])?.count == 2)
        let summary = try #require(try Self.instances(update).first)
        #expect(summary["machine"] as? String == "Profile")
        #expect(summary["instance"] as? String == "Profile #1")
        #expect(summary["process"] as? String == "app (pid 7)")
        #expect(summary["since"] as? String == Self.time)
        #expect(summary["state"] as? String == "live")
        #expect(summary["steps"] as? Int == 12)
        #expect(summary["page"] as? String == "/machine/Profile?instance=1")
        session.disconnect(connection)
        #expect(try Self.instances(Self.updates(session)).first?["state"] as? String == "disconnected")
        #expect(try session.trace(instance: 1, run: 1)?.get() == lines.map { $0 + "\n" }.joined())
    }

    @Test func everyChangeRaisesTheVersion() throws {
        var (session, lines, _) = try Self.session()
        let before = session.version
        let connection = Self.connect(&session)
        let afterHello = session.version
        #expect(afterHello > before)
        _ = session.receive(lines[0][...], on: connection, at: Self.time)
        #expect(session.version > afterHello)
    }

    @Test func aDivergenceIsShownAndTheRestOfTheRunCounted() throws {
        var (session, lines, _) = try Self.session()
        let connection = Self.connect(&session)
        let parting = Array(lines[0..<4]) + [
            #"{"kind":"event","name":"close"}"#, #"{"kind":"exit","state":"idle"}"#, #"{"kind":"step","configuration":["idle"]}"#,
            #"{"kind":"event","name":"open"}"#, #"{"kind":"anything"}"#,
        ]
        for line in parting {
            // The connection stays open: the run is read to its end.
            #expect(session.receive(line[...], on: connection, at: Self.time) == .none)
        }
        let run = try #require(try Self.runs(Self.updates(session, following: 1)).first)
        #expect(run["divergence"] as? String == "runs/1/1.jsonl:6: error: the trace recorded 'exit idle', the spec does 'ignored close' here")
        #expect(run["state"] as? String == "diverged")
        #expect(run["ignored"] as? Int == 2)
        #expect((run["steps"] as? [Any])?.count == 1)
        #expect(try Self.instances(Self.updates(session)).first?["state"] as? String == "diverged")
        if case .failure(let refusal)? = session.swiftTest(instance: 1, run: 1) {
            #expect(refusal.message.hasPrefix("the run cannot be written as a test: it parts from the spec: runs/1/1.jsonl:6:"))
        } else {
            Issue.record("a diverged run was written as a test")
        }
    }

    @Test func aLineThatCannotBeReadEndsTheConnectionAndOthersGoOn() throws {
        var (session, lines, _) = try Self.session()
        let broken = Self.connect(&session)
        for line in lines[0..<4] { _ = session.receive(line[...], on: broken, at: Self.time) }
        #expect(session.receive(#"{"kind": "event", "name": "#, on: broken, at: Self.time) == .close)
        #expect(session.receive(lines[4][...], on: broken, at: Self.time) == .close)
        session.disconnect(broken)
        let run = try #require(try Self.runs(Self.updates(session, following: 1)).first)
        #expect(run["errors"] as? [String] == [
            "runs/1/1.jsonl:5:27: error: expected a value, found the end of the line: the inspector closed the connection"
        ])
        #expect(run["state"] as? String == "failed")
        // Another instance is served as before.
        let other = Self.connect(&session, "Profile #2")
        for line in lines { #expect(session.receive(line[...], on: other, at: Self.time) == .none) }
        #expect(try Self.runs(Self.updates(session, following: 2)).first.map { ($0["steps"] as? [Any])?.count } == 12)
    }

    @Test func aLineTooLongEndsTheConnection() throws {
        var (session, lines, _) = try Self.session()
        let connection = Self.connect(&session)
        _ = session.receive(lines[0][...], on: connection, at: Self.time)
        #expect(session.lineTooLong(on: connection) == .close)
        let run = try #require(try Self.runs(Self.updates(session, following: 1)).first)
        #expect(run["errors"] as? [String] == [
            "runs/1/1.jsonl:2: error: the line is longer than 65,536 bytes: the inspector closed the connection"
        ])
    }

    @Test func twoInstancesAreListedApart() throws {
        var (session, lines, _) = try Self.session()
        let first = Self.connect(&session, "Profile #1")
        let second = Self.connect(&session, "Profile #2")
        for line in lines[0..<4] { _ = session.receive(line[...], on: first, at: Self.time) }
        for line in lines[0..<10] { _ = session.receive(line[...], on: second, at: Self.time) }
        let instances = try Self.instances(Self.updates(session))
        #expect(instances.map { $0["id"] as? Int } == [1, 2])
        #expect(instances.map { $0["instance"] as? String } == ["Profile #1", "Profile #2"])
        #expect(instances.map { $0["steps"] as? Int } == [1, 2])
        #expect(try Self.runs(Self.updates(session, following: 2)).first?["trace"] as? String == "/runs/2/1.jsonl")
    }

    @Test func aReconnectIsANewRunOfTheSameInstanceWithItsDroppedLines() throws {
        var (session, lines, _) = try Self.session()
        let first = Self.connect(&session)
        for line in lines[0..<10] { _ = session.receive(line[...], on: first, at: Self.time) }
        session.disconnect(first)
        // The app picks the run up where it is (loading, line 10) with a restored start.
        let again = Self.connect(&session, dropped: 5)
        let restored = [
            lines[0].replacing(#"{"fsmcTrace":2"#, with: #"{"fsmcTrace":3"#), #"{"kind":"start","restored":true}"#,
            #"{"kind":"step","configuration":["loading"]}"#,
        ] + lines[10..<16]
        for line in restored { #expect(session.receive(line[...], on: again, at: Self.time) == .none) }
        let update = try Self.updates(session, following: 1)
        let instances = try Self.instances(update)
        #expect(instances.count == 1)
        #expect(instances.first?["runs"] as? Int == 2)
        #expect(instances.first?["dropped"] as? Int == 5)
        #expect(instances.first?["state"] as? String == "live")
        let runs = try Self.runs(update)
        #expect(runs.map { $0["run"] as? Int } == [1, 2])
        #expect(runs.map { $0["dropped"] as? Int } == [0, 5])
        #expect(runs.map { $0["state"] as? String } == ["ended", "live"])
        #expect(runs.map { ($0["steps"] as? [Any])?.count } == [2, 2])
        let labels = (runs.last?["steps"] as? [[String: Any]])?.map { $0["label"] as? String }
        #expect(labels == ["picked up mid-run", "done fetchUser"])
        #expect(runs.last?["divergence"] is NSNull)
        // From the second run on, as a page that has the first one asks.
        #expect(try Self.runs(Self.updates(session, following: 1, run: 2)).map { $0["run"] as? Int } == [2])
    }

    @Test func aWrongTokenOrHelloIsRefusedAndCounted() throws {
        var (session, _, _) = try Self.session()
        let wrong = session.connect()
        #expect(session.receive(Self.hello(token: "nope"), on: wrong, at: Self.time)
            == .sendAndClose(#"{"refused":"wrong token: use the one fsmc inspect printed"}"#))
        let missing = session.connect()
        #expect(session.receive(#"{"fsmcInspect":1,"instance":"x","process":"y"}"#, on: missing, at: Self.time)
            == .sendAndClose(#"{"refused":"wrong token: use the one fsmc inspect printed"}"#))
        let notHello = session.connect()
        guard case .sendAndClose = session.receive(#"{"fsmcTrace":2}"#, on: notHello, at: Self.time) else {
            Issue.record("a trace without a hello was not refused")
            return
        }
        let update = try Self.updates(session)
        #expect(update["refused"] as? Int == 3)
        #expect(try Self.instances(update).isEmpty)
    }

    @Test func aMachineTheInspectorWasNotGivenIsRefusedWithTheReason() throws {
        var (session, _, _) = try Self.session()
        let connection = Self.connect(&session)
        let header = #"{"fsmcTrace":2,"machine":"Navigator","spec":"Navigator.fsm","fsmcVersion":"0.1.0"}"#
        let message = "the inspector was not given the spec of machine 'Navigator' (it has 'Profile'): run fsmc inspect with its spec"
        #expect(session.receive(header[...], on: connection, at: Self.time) == .sendAndClose(#"{"refused":"\#(message)"}"#))
        let run = try #require(try Self.runs(Self.updates(session, following: 1)).first)
        #expect(run["errors"] as? [String] == ["runs/1/1.jsonl:1: error: \(message)"])
    }

    @Test func aRunIsWrittenAsASwiftTest() throws {
        let (machine, lines) = try Self.profile()
        var withSamples = machine
        withSamples.samples = SampleValues(try [#"User=User(id: 0, name: "")"#, #"Change=Change.renamed("")"#].map {
            try SampleValues.UserSample.parse($0).get()
        })
        var session = LiveSession(token: Self.token, machines: [withSamples])
        let connection = Self.connect(&session)
        for line in lines { _ = session.receive(line[...], on: connection, at: Self.time) }
        let test = try #require(try session.swiftTest(instance: 1, run: 1, module: "Machines")?.get())
        #expect(test.contains("@Suite(\"Profile recorded run\")"))
        #expect(test.contains("import Machines"))
        #expect(session.swiftTest(instance: 1, run: 2) == nil)
        #expect(session.trace(instance: 2, run: 1) == nil)
        // Without a sample of what fetchUser delivers, the run cannot be written: why, where.
        var plain = LiveSession(token: Self.token, machines: [machine])
        let other = Self.connect(&plain)
        for line in lines { _ = plain.receive(line[...], on: other, at: Self.time) }
        guard case .failure(let refusal)? = plain.swiftTest(instance: 1, run: 1) else {
            Issue.record("the run was written without samples")
            return
        }
        #expect(refusal.message.hasPrefix("runs/1/1.jsonl:11: error: the run cannot be written as a test: 'fetchUser' delivers a value of type 'User'"))
    }
}
