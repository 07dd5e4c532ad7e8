import FSMInspector
import FSMRuntime
import Foundation
import Testing

/// `LiveInspector` against a loopback stand-in for `fsmc inspect`: the hello, the recorder's
/// lines, refusals, lost connections and dropped lines resumed with a restored start. Nothing
/// waits on the wall clock to pass: each test waits for what it expects, up to 30 s.
@Suite struct LiveInspectorTests {
    enum State: String, CaseIterable {
        case idle, busy, x, y, z, w
    }

    /// The lines a recorder wrote, newlines removed.
    final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    /// Several recorders driven alike: the inspector's and one into memory, to know the lines
    /// the inspector's recorder wrote.
    struct Recorders {
        let recorders: [TraceRecorder]

        func child(_ invocation: String, machine: String) -> Recorders {
            Recorders(recorders: recorders.map { $0.child(invocation, machine: machine) })
        }

        func event(_ name: String, payload: String? = nil) { recorders.forEach { $0.event(name, payload: payload) } }
        func entry(_ state: State) { recorders.forEach { $0.entry(state.rawValue) } }
        func exit(_ state: State) { recorders.forEach { $0.exit(state.rawValue) } }
        func transition(_ trigger: String?) { recorders.forEach { $0.transition(trigger: trigger) } }
        func result(of invocation: String, _ outcome: TraceRecorder.Outcome) { recorders.forEach { $0.result(of: invocation, outcome) } }
        func stop() { recorders.forEach { $0.stop() } }
        func stopped() { recorders.forEach { $0.stopped() } }
        func step(_ active: Set<State>) { recorders.forEach { $0.step(State.allCases) { active.contains($0) } } }

        /// One step of the recorded machine: `event`, from `from` to `to`.
        func move(_ event: String, from: State, to: State, payload: String? = nil) {
            self.event(event, payload: payload)
            exit(from)
            entry(to)
            transition(event)
            step([to])
        }
    }

    static let header = #"{"fsmcTrace":2,"machine":"Lamp","spec":"Lamp.fsm","fsmcVersion":"0.1.0"}"#
    static let restoredHeader = #"{"fsmcTrace":3,"machine":"Lamp","spec":"Lamp.fsm","fsmcVersion":"0.1.0"}"#

    /// The inspector's recorder of a `Lamp` and one into `lines`, alike.
    static func recorders(_ inspector: LiveInspector, _ lines: Lines, instance: String? = nil) -> Recorders {
        let live = if let instance {
            inspector.recorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0", instance: instance)
        } else {
            inspector.recorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0")
        }
        let memory = TraceRecorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0") {
            lines.all.append(String(decoding: $0.dropLast(), as: UTF8.self))
        }
        return Recorders(recorders: [live, memory])
    }

    /// Whether `condition` holds within `timeout`, asked every few milliseconds.
    static func eventually(within timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// The first run: a hello (token, instance, process, nothing dropped), then the recorder's
    /// own lines, unchanged; releasing the recorder sends the rest and closes the connection.
    @Test func theFirstRunIsTheRecordersLinesAfterAHello() async throws {
        let server = LoopbackInspector()
        let inspector = LiveInspector.connect(port: server.port, token: "s3cret")
        let lines = Lines()
        do {
            let lamp = Self.recorders(inspector, lines)
            lamp.entry(.idle)
            lamp.step([.idle])
            lamp.move("switch", from: .idle, to: .busy, payload: #"level: "high"\n"#)
            #expect(await Self.eventually { server.connections.first?.lines.count == lines.all.count })
            #expect(inspector.status.connectedInstances == 1)
            #expect(inspector.status.instance(named: "Lamp #1")?.state == .connected)
            lamp.move("switch", from: .busy, to: .idle)
        }
        // The recorders are gone: the instance sends what it holds and closes.
        #expect(await Self.eventually { server.connections.first?.isEnded == true })
        let connection = try #require(server.connections.first)
        let info = ProcessInfo.processInfo
        #expect(connection.hello == LoopbackInspector.Hello(
            fsmcInspect: 1, token: "s3cret", instance: "Lamp #1",
            process: "\(info.processName) (pid \(info.processIdentifier))", dropped: 0))
        #expect(connection.lines == lines.all)
        #expect(connection.lines.first == Self.header)
        #expect(server.connections.count == 1)
        #expect(await Self.eventually { inspector.status.instances.isEmpty })
        #expect(inspector.status.droppedLines == 0)
        #expect(inspector.status.lastError == nil)
    }

    /// A refused hello stops the instance for good: no other connection, whatever it records.
    @Test func aRefusedHelloStopsTheInstance() async throws {
        let server = LoopbackInspector(answer: { _, hello in hello.token == "right" ? .accept : .refuse("wrong token") })
        let inspector = LiveInspector.connect(port: server.port, token: "wrong")
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        lamp.step([.idle])
        #expect(await Self.eventually { inspector.status.instance(named: "Lamp #1")?.state == .refused("wrong token") })
        for _ in 0..<100 {
            lamp.move("switch", from: .idle, to: .busy)
            lamp.move("switch", from: .busy, to: .idle)
        }
        // A storm would show within this (the backoff starts at 0.1 s); a slow machine only
        // makes it easier to pass.
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.connections.count == 1)
        #expect(inspector.status.instance(named: "Lamp #1")?.state == .refused("wrong token"))
        #expect(inspector.status.connectedInstances == 0)
        #expect(inspector.status.lastError == "Lamp #1: refused: wrong token")
        // Nothing reached it: every line is counted as dropped.
        #expect(inspector.status.droppedLines == lines.all.count)
    }

    /// The inspector closes the connection mid-run: the instance connects again and the new run
    /// begins with a restored start, the machine's last step, then what follows.
    @Test func aLostConnectionResumesWithARestoredStart() async throws {
        // The first run's lines wait for the answer until they are all written, so that the
        // connection is lost after the last of them.
        let gate = DispatchSemaphore(value: 0)
        let server = LoopbackInspector(closeAfterLines: { $0 == 0 ? 3 : nil }, answer: { index, _ in index == 0 ? .acceptAfter(gate) : .accept })
        let inspector = LiveInspector.connect(port: server.port, token: "t")
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        lamp.step([.idle])
        for _ in 0..<5 {
            lamp.move("switch", from: .idle, to: .busy)
            lamp.move("switch", from: .busy, to: .idle)
        }
        lamp.move("switch", from: .idle, to: .busy)
        gate.signal()
        #expect(await Self.eventually { server.connections.first?.isEnded == true })
        #expect(await Self.eventually {
            let instance = inspector.status.instance(named: "Lamp #1")
            return instance?.runs == 2 && instance?.state == .connected
        })
        let later = lines.all.count
        lamp.move("dim", from: .busy, to: .w)
        let resumed = [Self.restoredHeader, #"{"kind":"start","restored":true}"#, #"{"kind":"step","configuration":["busy"]}"#]
            + lines.all[later...]
        #expect(await Self.eventually { server.connections.count == 2 && server.connections[1].lines.count >= resumed.count })
        let connection = server.connections[1]
        #expect(connection.hello?.instance == "Lamp #1")
        #expect((connection.hello?.dropped ?? -1) >= 0)
        #expect(connection.lines == resumed)
    }

    /// Lines that do not fit the buffer are dropped and counted; the run ends with the lines
    /// buffered, and the next begins after the open step with a restored start: the running
    /// children (parents first, with their last steps), not the stopped one, then the
    /// machine's last step.
    @Test func droppedLinesResumeWithTheRunningChildren() async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = LoopbackInspector(answer: { index, _ in index == 0 ? .acceptAfter(gate) : .accept })
        let inspector = LiveInspector.connect(port: server.port, token: "t", bufferSize: 512)
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        lamp.step([.idle])
        // While the first hello waits for its answer, the lines wait in the buffer, until one
        // does not fit.
        lamp.event("open")
        lamp.exit(.idle)
        let a = lamp.child("a", machine: "A")
        a.entry(.x)
        a.step([.x])
        let b = lamp.child("b", machine: "B")
        b.entry(.y)
        let c = b.child("c", machine: "C")
        c.entry(.z)
        c.step([.z])
        b.step([.y])
        lamp.entry(.busy)
        lamp.transition("open")
        lamp.step([.busy])
        for _ in 0..<20 {
            lamp.event("tick")
            lamp.step([.busy])
        }
        // `d` starts, finishes, and the machine takes its `done`: it runs no more.
        lamp.event("spawn")
        let d = lamp.child("d", machine: "D")
        d.entry(.z)
        d.step([.z])
        lamp.step([.busy])
        d.event("end")
        d.exit(.z)
        d.entry(.w)
        d.transition("end")
        d.step([.w])
        lamp.result(of: "d", .done)
        lamp.step([.busy])
        // `a` stops; `b` takes a step of its own.
        lamp.event("close")
        a.stop()
        a.exit(.x)
        a.stopped()
        lamp.step([.busy])
        b.event("poke")
        b.exit(.y)
        b.entry(.w)
        b.transition("poke")
        b.step([.w])
        // The buffer of 512 bytes filled long before this.
        #expect(inspector.status.droppedLines > 0)
        gate.signal()
        #expect(await Self.eventually { server.connections.first?.isEnded == true })
        // After a child's step the machine may take what the child emitted (held in between,
        // which no configuration says): a new run does not begin before that `result`, but
        // with the stimulus after it.
        lamp.result(of: "b", .output("ping"))
        lamp.step([.busy])
        let later = lines.all.count
        lamp.event("tick")
        lamp.step([.busy])
        #expect(await Self.eventually {
            let instance = inspector.status.instance(named: "Lamp #1")
            return instance?.runs == 2 && instance?.state == .connected
        })
        let first = server.connections[0]
        #expect(!first.lines.isEmpty)
        #expect(first.lines == Array(lines.all.prefix(first.lines.count)))
        let dropped = later - first.lines.count
        #expect(inspector.status.droppedLines == dropped)
        let resumed = [
            Self.restoredHeader,
            #"{"kind":"start","restored":true}"#,
            #"{"kind":"start","in":"b","machine":"B","restored":true}"#,
            #"{"kind":"step","in":"b","configuration":["w"]}"#,
            #"{"kind":"start","in":"b.c","machine":"C","restored":true}"#,
            #"{"kind":"step","in":"b.c","configuration":["z"]}"#,
            #"{"kind":"step","configuration":["busy"]}"#,
        ] + lines.all[later...]
        #expect(await Self.eventually { server.connections.count == 2 && server.connections[1].lines.count >= resumed.count })
        let second = server.connections[1]
        #expect(second.hello?.dropped == dropped)
        #expect(second.lines == resumed)
        withExtendedLifetime((a, b, c, d)) {}
    }

    /// A machine recording flat out into a small buffer: whatever the timing, each run is a
    /// restored start (but the first) and then a stretch of the recorder's lines as they were,
    /// beginning at a step boundary; the restored steps are the last ones before that stretch,
    /// and each hello counts exactly the lines between the previous stretch and its own.
    @Test func everyRunIsARestoredStartAndAStretchOfTheRun() async throws {
        let server = LoopbackInspector()
        let inspector = LiveInspector.connect(port: server.port, token: "t", bufferSize: 2048)
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        let child = lamp.child("k", machine: "K")
        child.entry(.x)
        child.step([.x])
        lamp.step([.idle])
        for index in 0..<20_000 {
            if index % 7 == 3 {
                child.move("poke", from: index % 2 == 0 ? .y : .x, to: index % 2 == 0 ? .x : .y)
            } else {
                lamp.move("switch", from: index % 2 == 0 ? .idle : .busy, to: index % 2 == 0 ? .busy : .idle)
            }
        }
        let all = lines.all
        /// The runs' stretches of `all` (their bounds) and what their restored starts say.
        func stretches() -> (runs: [(start: Int, count: Int)], problems: [String]) {
            var runs: [(start: Int, count: Int)] = []
            var problems: [String] = []
            var position = 0
            for (index, connection) in server.connections.enumerated() {
                guard let hello = connection.hello else { continue }
                var body = connection.lines[...]
                let start = position + hello.dropped
                if index == 0 {
                    if hello.dropped != 0 { problems.append("run 0 dropped \(hello.dropped)") }
                } else {
                    guard body.count >= 3 else { continue }
                    let before = all[..<min(start, all.count)]
                    let restored = Array(body.prefix(2))
                    if restored != [Self.restoredHeader, #"{"kind":"start","restored":true}"#] {
                        problems.append("run \(index) begins \(restored)")
                    }
                    body = body.dropFirst(2)
                    if body.first?.hasPrefix(#"{"kind":"start","in":"k""#) == true {
                        let lastChildStep = before.last { $0.hasPrefix(#"{"kind":"step","in":"k""#) }
                        if body.dropFirst().first != lastChildStep { problems.append("run \(index) restores k at \(body.dropFirst().first ?? "")") }
                        body = body.dropFirst(2)
                    } else {
                        problems.append("run \(index) does not restore k")
                    }
                    let lastStep = before.last { $0.hasPrefix(#"{"kind":"step","configuration""#) }
                    if body.first != lastStep { problems.append("run \(index) restores \(body.first ?? "") for \(lastStep ?? "")") }
                    body = body.dropFirst()
                    if let first = body.first, first.hasPrefix(#"{"kind":"step""#) || first.hasPrefix(#"{"kind":"entry""#) {
                        problems.append("run \(index) goes on mid-step: \(first)")
                    }
                }
                if start + body.count > all.count || Array(body) != Array(all[start..<(start + body.count)]) {
                    problems.append("run \(index) is not the run's lines from \(start)")
                }
                runs.append((start, body.count))
                position = start + body.count
            }
            return (runs, problems)
        }
        // Every line is sent or counted as dropped.
        #expect(await Self.eventually {
            let runs = stretches().runs
            return runs.map(\.count).reduce(0, +) + inspector.status.droppedLines == all.count
        })
        let (runs, problems) = stretches()
        #expect(problems == [])
        #expect(runs.count >= 1)
        withExtendedLifetime(child) {}
    }

    /// Nobody listens: recording goes on at once, every line dropped and counted, the
    /// connection tried again in the background.
    @Test func nobodyListeningNeverBlocksTheMachine() async throws {
        // Bound, so that no other test's listener takes the port, and not listening.
        let nobody = LoopbackInspector(listening: false)
        let inspector = LiveInspector.connect(port: nobody.port, token: "t", bufferSize: 4096)
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        lamp.step([.idle])
        let started = ContinuousClock.now
        for _ in 0..<5000 {
            lamp.move("switch", from: .idle, to: .busy)
            lamp.move("switch", from: .busy, to: .idle)
        }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(await Self.eventually { inspector.status.lastError?.contains("cannot connect") == true })
        #expect(await Self.eventually { inspector.status.droppedLines > 0 })
        #expect(inspector.status.connectedInstances == 0)
        #expect(nobody.connections.isEmpty)
    }

    /// The first connection fails; once the inspector listens, the instance connects with a
    /// restored start at the machine's step boundary.
    @Test func anInspectorStartedLateGetsARestoredStart() async throws {
        let server = LoopbackInspector(listening: false)
        let inspector = LiveInspector.connect(port: server.port, token: "t")
        let lines = Lines()
        let lamp = Self.recorders(inspector, lines)
        lamp.entry(.idle)
        lamp.step([.idle])
        lamp.move("switch", from: .idle, to: .busy)
        #expect(await Self.eventually { inspector.status.droppedLines == lines.all.count })
        server.startListening()
        #expect(await Self.eventually { inspector.status.connectedInstances == 1 })
        let later = lines.all.count
        lamp.move("switch", from: .busy, to: .idle)
        let resumed = [Self.restoredHeader, #"{"kind":"start","restored":true}"#, #"{"kind":"step","configuration":["busy"]}"#]
            + lines.all[later...]
        #expect(await Self.eventually { server.connections.first?.lines.count ?? 0 >= resumed.count })
        #expect(server.connections.first?.hello?.dropped == later)
        #expect(server.connections.first?.lines == resumed)
    }

    /// Each recorder is an instance with a connection of its own, named after its machine and
    /// counted per machine, or as the app names it.
    @Test func eachInstanceHasItsOwnConnectionAndName() async throws {
        let server = LoopbackInspector()
        let inspector = LiveInspector.connect(port: server.port, token: "t")
        let first = inspector.recorder(machine: "X", spec: "X.fsm", fsmcVersion: "0.1.0")
        let second = inspector.recorder(machine: "X", spec: "X.fsm", fsmcVersion: "0.1.0")
        let other = inspector.recorder(machine: "Y", spec: "Y.fsm", fsmcVersion: "0.1.0")
        let named = inspector.recorder(machine: "X", spec: "X.fsm", fsmcVersion: "0.1.0", instance: "Settings")
        #expect(await Self.eventually { server.connections.count(where: { $0.lines.count == 2 }) == 4 })
        let names = Set(server.connections.compactMap { $0.hello?.instance })
        #expect(names == ["X #1", "X #2", "Y #1", "Settings"])
        #expect(inspector.status.connectedInstances == 4)
        for connection in server.connections {
            let machine = connection.hello?.instance == "Y #1" ? "Y" : "X"
            #expect(connection.lines == [
                #"{"fsmcTrace":2,"machine":"\#(machine)","spec":"\#(machine).fsm","fsmcVersion":"0.1.0"}"#,
                #"{"kind":"start"}"#,
            ])
        }
        withExtendedLifetime((first, second, other, named)) {}
    }
}
