#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A `LiveInspector`'s state and its one background thread, the **drainer**: it connects each
/// sink, says hello, sends the sink's lines and begins new runs after gaps. One lock guards the
/// engine and every sink; the drainer never holds it across a system call that may wait, and
/// the sockets are non-blocking, so that one slow connection holds up neither the machines
/// nor the other sinks.
final class Engine: @unchecked Sendable {
    static let initialBackoff = Duration.milliseconds(100)
    static let maximalBackoff = Duration.seconds(2)
    /// How long connecting, then the hello's answer, may take.
    static let connectTimeout = Duration.seconds(5)
    static let answerTimeout = Duration.seconds(10)
    /// How long the drainer waits between rounds while lines keep coming: the machines do not
    /// wake it then, so that a line costs no system call.
    static let lingering = Duration.milliseconds(10)
    /// How often a connection with nothing to send is checked for the inspector having closed it.
    static let idleCheck = Duration.seconds(1)
    /// The most bytes sent from one sink in one round, so that every sink has its turn.
    static let roundBudget = 256 * 1024

    let host: String
    let port: Int
    let token: String
    let bufferSize: Int
    let process: String

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    // Guarded by the lock.
    private var sinks: [Sink] = []
    private var instanceCounts: [String: Int] = [:]
    /// The drainer waits on the condition; with `isDrainerLingering`, for a short while only.
    private(set) var isDrainerWaiting = false
    private(set) var isDrainerLingering = false
    private var isReleased = false
    private var droppedByRemoved = 0
    private var lastError: String?

    init(host: String, port: Int, token: String, bufferSize: Int, process: String) {
        self.host = host
        self.port = port
        self.token = token
        self.bufferSize = bufferSize
        self.process = process
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes the drainer if it waits; under the lock.
    func wakeDrainer() {
        guard isDrainerWaiting else { return }
        isDrainerWaiting = false
        pthread_cond_signal(condition)
    }

    func startDrainer() {
        let thread = Thread { [self] in drain() }
        thread.name = "FSMInspector"
        thread.start()
    }

    // MARK: - What the inspector asks

    func addSink(named name: String?, machine: String) -> Sink {
        lock()
        defer { unlock() }
        let instance: String
        if let name {
            instance = name
        } else {
            let number = instanceCounts[machine, default: 0] + 1
            instanceCounts[machine] = number
            instance = "\(machine) #\(number)"
        }
        let sink = Sink(engine: self, name: instance, bufferSize: bufferSize)
        sinks.append(sink)
        wakeDrainer()
        return sink
    }

    /// The recorder of `sink` is gone.
    func finish(_ sink: Sink) {
        lock()
        sink.isFinished = true
        wakeDrainer()
        unlock()
    }

    /// The `LiveInspector` is gone: the drainer ends once its sinks are done.
    func release() {
        lock()
        isReleased = true
        wakeDrainer()
        unlock()
    }

    func status() -> LiveInspector.Status {
        lock()
        defer { unlock() }
        var dropped = droppedByRemoved
        var instances: [LiveInspector.Status.Instance] = []
        for sink in sinks where !sink.isRemoved {
            dropped += sink.droppedTotal
            let state: LiveInspector.Status.State
            if let refusal = sink.refusal {
                state = .refused(refusal)
            } else {
                switch sink.link {
                case .open: state = .connected
                case .connecting, .handshaking: state = .connecting
                case .none: state = sink.isRunPending ? .connecting : .waiting
                }
            }
            instances.append(.init(name: sink.name, state: state, droppedLines: sink.droppedTotal, runs: sink.runs, lastError: sink.lastError))
        }
        return LiveInspector.Status(instances: instances, droppedLines: dropped, lastError: lastError)
    }

    /// Whether every instance has sent every line written so far, over a run the inspector
    /// accepted (a finished instance counts once it closed); `nil` once one was refused, which
    /// sends nothing more.
    func isAllSent() -> Bool? {
        lock()
        defer { unlock() }
        if sinks.contains(where: { !$0.isRemoved && $0.refusal != nil }) { return nil }
        return sinks.allSatisfy { sink in
            if sink.isRemoved { return true }
            guard case .open = sink.link, sink.phase == .live else { return false }
            return sink.queued == 0 && sink.restoredStartSent == sink.restoredStart.count
        }
    }

    // MARK: - The drainer

    private func drain() {
        lock()
        while !(isReleased && sinks.isEmpty) {
            var deadline: ContinuousClock.Instant?
            var isBusy = false
            var isAnyOpen = false
            var index = 0
            // Sinks are added while the lock is let go, never removed but here.
            while index < sinks.count {
                let sink = sinks[index]
                if service(sink, deadline: &deadline) { isBusy = true }
                if case .open = sink.link { isAnyOpen = true }
                index += 1
            }
            for sink in sinks where sink.isRemoved { droppedByRemoved += sink.droppedTotal }
            sinks.removeAll { $0.isRemoved }
            if isReleased && sinks.isEmpty { break }
            let now = ContinuousClock.now
            var timeout: Duration?
            if isBusy {
                timeout = Self.lingering
            } else {
                if isAnyOpen { timeout = Self.idleCheck }
                if let deadline { timeout = min(timeout ?? .seconds(3600), max(deadline - now, .zero)) }
            }
            isDrainerWaiting = true
            isDrainerLingering = isBusy
            wait(timeout)
            isDrainerWaiting = false
        }
        unlock()
    }

    /// Waits on the condition (the lock held) for `timeout` at most, or until woken.
    private func wait(_ timeout: Duration?) {
        guard let timeout else {
            pthread_cond_wait(condition, mutex)
            return
        }
        var now = timeval()
        gettimeofday(&now, nil)
        let (seconds, attoseconds) = timeout.components
        var nanoseconds = Int(now.tv_usec) * 1000 + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        wholeSeconds += nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        var until = timespec()
        until.tv_sec = time_t(wholeSeconds)
        until.tv_nsec = .init(nanoseconds)
        pthread_cond_timedwait(condition, mutex, &until)
    }

    /// Moves `sink` on as far as it goes without waiting, the lock held (let go around system
    /// calls); whether it wants the drainer back soon. `deadline` is lowered to when it next
    /// needs a look otherwise.
    private func service(_ sink: Sink, deadline: inout ContinuousClock.Instant?) -> Bool {
        switch sink.link {
        case .none:
            if sink.phase == .stopped || (sink.isFinished && !sink.isRunPending) {
                if sink.isFinished { sink.isRemoved = true }
                return false
            }
            if !sink.isRunPending {
                // A gap: wait out the backoff, then begin a new run at the next step boundary
                // (here if the machine is between steps, else in its `write`).
                if !sink.freezeWanted {
                    let now = ContinuousClock.now
                    if let at = sink.reconnectAt, now < at {
                        deadline = min(deadline ?? at, at)
                        return false
                    }
                    sink.freezeWanted = true
                }
                guard sink.tracker.mayBeginRunNow else { return false }
                sink.beginRun()
            }
            connect(sink)
            return true
        case .connecting(let fd, let addresses, let index, let until):
            unlock()
            let result = SocketIO.connectResult(fd)
            lock()
            switch result {
            case .pending:
                if ContinuousClock.now >= until {
                    SocketIO.closeSocket(fd)
                    connectNext(sink, addresses, after: index, failure: "connecting to \(host):\(port) timed out")
                }
            case .connected:
                sayHello(sink, fd)
            case .failed(let message):
                SocketIO.closeSocket(fd)
                connectNext(sink, addresses, after: index, failure: "cannot connect to \(host):\(port): \(message)")
            }
            return true
        case .handshaking(let fd, let until):
            readAnswer(sink, fd, until: until)
            return true
        case .open(let fd, _):
            return pump(sink, fd)
        }
    }

    // MARK: Connecting

    private func connect(_ sink: Sink) {
        unlock()
        let addresses: [SocketAddress]
        do {
            addresses = try SocketIO.resolve(host: host, port: port)
        } catch {
            lock()
            fail(sink, error.message)
            return
        }
        lock()
        connectNext(sink, addresses, after: -1, failure: nil)
    }

    /// Connects to the address after `index`, or fails with `failure` when none is left.
    private func connectNext(_ sink: Sink, _ addresses: [SocketAddress], after index: Int, failure: String?) {
        var failure = failure
        var next = index + 1
        while next < addresses.count {
            switch SocketIO.startConnect(to: addresses[next]) {
            case .connected(let fd):
                sayHello(sink, fd)
                return
            case .inProgress(let fd):
                sink.link = .connecting(fd, addresses: addresses, index: next, deadline: .now + Self.connectTimeout)
                return
            case .failed(let message):
                failure = "cannot connect to \(host):\(port): \(message)"
                next += 1
            }
        }
        fail(sink, failure ?? "cannot connect to \(host):\(port)")
    }

    private func sayHello(_ sink: Sink, _ fd: Int32) {
        let hello = "{\"fsmcInspect\":1,\"token\":\(jsonString(token)),\"instance\":\(jsonString(sink.name)),"
            + "\"process\":\(jsonString(process)),\"dropped\":\(sink.helloDropped)}\n"
        let sent = Array(hello.utf8).withUnsafeBytes { bytes in
            // A fresh connection takes a line this short at once.
            SocketIO.sendSome(fd, bytes.baseAddress!, bytes.count)
        }
        guard case .done(let count) = sent, count == hello.utf8.count else {
            SocketIO.closeSocket(fd)
            if case .failed(let message) = sent {
                fail(sink, "sending the hello failed: \(message)")
            } else {
                fail(sink, "sending the hello failed")
            }
            return
        }
        sink.answer.removeAll(keepingCapacity: true)
        sink.link = .handshaking(fd, deadline: .now + Self.answerTimeout)
    }

    private func readAnswer(_ sink: Sink, _ fd: Int32, until: ContinuousClock.Instant) {
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            unlock()
            let result = chunk.withUnsafeMutableBytes { SocketIO.receiveSome(fd, into: $0.baseAddress!, $0.count) }
            lock()
            switch result {
            case .done(let count):
                sink.answer.append(contentsOf: chunk[..<count])
                if let end = sink.answer.firstIndex(of: UInt8(ascii: "\n")) {
                    answered(sink, fd, Array(sink.answer[..<end]))
                    return
                }
                if sink.answer.count > 65_536 {
                    SocketIO.closeSocket(fd)
                    fail(sink, "the inspector's answer is too long")
                    return
                }
            case .wouldBlock:
                if ContinuousClock.now >= until {
                    SocketIO.closeSocket(fd)
                    fail(sink, "the inspector did not answer the hello")
                }
                return
            case .closed:
                SocketIO.closeSocket(fd)
                fail(sink, "the inspector closed the connection before answering")
                return
            case .failed(let message):
                SocketIO.closeSocket(fd)
                fail(sink, "reading the inspector's answer failed: \(message)")
                return
            }
        }
    }

    private func answered(_ sink: Sink, _ fd: Int32, _ line: [UInt8]) {
        let answer = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        if answer?["accepted"] as? Bool == true {
            sink.link = .open(fd, since: .now)
            sink.runs += 1
            sink.helloDropped = 0
            sink.lastError = nil
            return
        }
        SocketIO.closeSocket(fd)
        guard let refusal = answer?["refused"] as? String else {
            fail(sink, "the inspector's answer is not one: \(String(decoding: line, as: UTF8.self))")
            return
        }
        // Refused (a wrong token): trying again would be refused again.
        sink.link = .none
        sink.refusal = refusal
        sink.phase = .stopped
        sink.isRunPending = false
        sink.helloDropped = 0
        sink.discardQueued()
        note(sink, "refused: \(refusal)")
    }

    // MARK: Sending

    /// Sends what the sink has, as much as the connection takes; whether anything moved or waits.
    private func pump(_ sink: Sink, _ fd: Int32) -> Bool {
        var moved = false
        // A connection the inspector (or the network) closed is noticed before lines are lost in it.
        if sink.queued > 0 || sink.restoredStartSent < sink.restoredStart.count, isLost(sink, fd) { return true }
        while sink.restoredStartSent < sink.restoredStart.count {
            let bytes = sink.restoredStart.base + sink.restoredStartSent
            let count = sink.restoredStart.count - sink.restoredStartSent
            unlock()
            let result = SocketIO.sendSome(fd, bytes, count)
            lock()
            switch result {
            case .done(let sent):
                sink.restoredStartSent += sent
                moved = true
            case .wouldBlock, .closed:
                return true
            case .failed(let message):
                lost(sink, fd, "sending to the inspector failed: \(message)")
                return true
            }
        }
        var budget = Self.roundBudget
        while sink.queued > 0 && budget > 0 {
            let bytes = sink.nextQueuedBytes
            let count = min(bytes.count, budget)
            unlock()
            let result = SocketIO.sendSome(fd, bytes.baseAddress!, count)
            lock()
            switch result {
            case .done(let sent):
                sink.consume(sent)
                budget -= sent
                moved = true
            case .wouldBlock, .closed:
                return true
            case .failed(let message):
                lost(sink, fd, "sending to the inspector failed: \(message)")
                return true
            }
        }
        if budget == 0 { return true }
        if isLost(sink, fd) { return true }
        if sink.queued == 0 {
            if sink.runEnds {
                // The run's last lines are out; the next run begins after the open step.
                SocketIO.closeSocket(fd)
                sink.link = .none
                sink.runEnds = false
                sink.isRunPending = false
                sink.freezeWanted = true
                if sink.isFinished {
                    sink.isRemoved = true
                } else if sink.tracker.mayBeginRunNow {
                    sink.beginRun()
                }
                return true
            }
            if sink.isFinished {
                SocketIO.closeSocket(fd)
                sink.link = .none
                sink.isRemoved = true
                return false
            }
        }
        return moved
    }

    /// Whether the inspector closed the connection (or the network lost it), which is then
    /// given up (``lost(_:_:_:)``). The inspector sends nothing after its answer to the hello
    /// but, before it closes, why it refused the run.
    private func isLost(_ sink: Sink, _ fd: Int32) -> Bool {
        var scratch = UInt64(0)
        unlock()
        let peer = withUnsafeMutableBytes(of: &scratch) { SocketIO.receiveSome(fd, into: $0.baseAddress!, $0.count) }
        lock()
        switch peer {
        case .wouldBlock:
            return false
        case .done:
            lost(sink, fd, "the inspector refused the run and closed the connection")
        case .closed:
            lost(sink, fd, "the inspector closed the connection")
        case .failed(let message):
            lost(sink, fd, "the connection to the inspector failed: \(message)")
        }
        return true
    }

    // MARK: Failures

    /// A connection that was accepted is lost: what the ring holds is dropped, and the instance
    /// tries again after its backoff (reset if the run lasted).
    private func lost(_ sink: Sink, _ fd: Int32, _ message: String) {
        SocketIO.closeSocket(fd)
        if case .open(_, let since) = sink.link, ContinuousClock.now - since >= .seconds(5) {
            sink.backoff = Self.initialBackoff
        }
        sink.link = .none
        sink.discardQueued()
        giveUpRun(sink, message)
    }

    /// A connection could not be made, or its hello was not answered: the run's lines are
    /// dropped, its restored start with them, and the instance tries again after its backoff.
    private func fail(_ sink: Sink, _ message: String) {
        sink.link = .none
        sink.discardQueued()
        sink.dropped += sink.helloDropped
        sink.helloDropped = 0
        giveUpRun(sink, message)
    }

    private func giveUpRun(_ sink: Sink, _ message: String) {
        sink.isRunPending = false
        sink.runEnds = false
        sink.freezeWanted = false
        sink.restoredStart.removeAll()
        sink.restoredStartSent = 0
        if sink.phase == .live { sink.phase = .gap }
        sink.reconnectAt = .now + sink.backoff
        sink.backoff = min(sink.backoff * 2, Self.maximalBackoff)
        if sink.isFinished { sink.isRemoved = true }
        note(sink, message)
    }

    private func note(_ sink: Sink, _ message: String) {
        sink.lastError = message
        lastError = "\(sink.name): \(message)"
    }
}

/// `text` as a JSON string, quotes included.
func jsonString(_ text: String) -> String {
    var json = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": json += "\\\""
        case "\\": json += "\\\\"
        case "\n": json += "\\n"
        case "\r": json += "\\r"
        case "\t": json += "\\t"
        case let control where control.value < 0x20:
            json += "\\u00" + (control.value < 0x10 ? "0" : "") + String(control.value, radix: 16)
        default: json.unicodeScalars.append(scalar)
        }
    }
    return json + "\""
}
