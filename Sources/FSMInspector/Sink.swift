import FSMRuntime

/// One machine instance's way to the inspector: the lines its recorder writes, in a bounded
/// ring of bytes the drainer sends from, and what the sink knows to begin a new run after a gap.
///
/// Everything here is guarded by the engine's lock; the machine's thread takes it once per
/// line (``write(_:)``), the drainer whenever it looks at the sink. Only the drainer takes
/// bytes out of the ring and only ``write(_:)`` puts them in, so that the drainer sends the bytes
/// it took note of without the lock while the machine appends behind them.
final class Sink: @unchecked Sendable {
    let engine: Engine
    /// The instance's name, the hello's `instance`.
    let name: String

    // MARK: The ring

    private let storage: UnsafeMutableRawPointer
    let capacity: Int
    /// Where the oldest byte not yet sent is.
    private(set) var readIndex = 0
    /// How many bytes wait to be sent.
    private(set) var queued = 0

    // MARK: Runs

    enum Phase {
        /// Lines go into the ring.
        case live
        /// Lines are dropped and counted, until a new run begins at a step boundary.
        case gap
        /// The inspector refused the instance: lines are dropped (and counted) for good.
        case stopped
    }

    var phase = Phase.live
    /// The lines dropped since the last run that reached the inspector ended (the next
    /// hello's `dropped`).
    var dropped = 0
    /// Every line this instance dropped.
    var droppedTotal = 0
    /// What the ring holds is the end of the current run: once it is sent, the drainer closes
    /// the connection (a line did not fit).
    var runEnds = false
    /// The drainer wants a new run to begin at the next step boundary.
    var freezeWanted = false
    /// A run has begun (its restored start is in `restoredStart`, its lines go into the ring)
    /// and waits for its connection.
    var isRunPending = true
    /// The hello's `dropped` of the pending or current run.
    var helloDropped = 0
    /// The lines the pending or current run begins with before the ring's: its restored start
    /// (empty for the instance's first run, which the recorder's own lines begin).
    let restoredStart = ByteBuffer(capacity: 512)
    var restoredStartSent = 0
    let tracker = RunTracker()

    // MARK: The drainer's

    enum Link {
        /// No connection.
        case none
        /// Connecting to `addresses[index]`, until `deadline`.
        case connecting(Int32, addresses: [SocketAddress], index: Int, deadline: ContinuousClock.Instant)
        /// The hello is sent; the answer is awaited until `deadline`.
        case handshaking(Int32, deadline: ContinuousClock.Instant)
        /// The inspector accepted the run, `since` then.
        case open(Int32, since: ContinuousClock.Instant)
    }

    var link = Link.none
    /// The answer to the hello, as it arrives.
    var answer: [UInt8] = []
    /// When to try again after a failed connection or a lost one.
    var reconnectAt: ContinuousClock.Instant?
    var backoff = Engine.initialBackoff
    /// The recorder is gone: send what is left and close.
    var isFinished = false
    /// The drainer is done with the sink.
    var isRemoved = false
    var refusal: String?
    var lastError: String?
    /// How many runs the inspector accepted.
    var runs = 0

    init(engine: Engine, name: String, bufferSize: Int) {
        self.engine = engine
        self.name = name
        capacity = bufferSize
        storage = .allocate(byteCount: bufferSize, alignment: 1)
    }

    deinit {
        storage.deallocate()
    }

    // MARK: - The machine's thread

    /// Takes one line from the recorder, its newline included: copies it into the ring, or
    /// drops and counts it. Never waits but for the lock, which nobody holds across a system call.
    func write(_ line: UnsafeRawBufferPointer) {
        engine.lock()
        defer { engine.unlock() }
        switch phase {
        case .live:
            tracker.track(line)
            if line.count <= capacity - queued {
                enqueue(line)
                // The drainer, when it sleeps for long, needs waking; lingering between rounds
                // of sending, only when the ring fills.
                if engine.isDrainerWaiting && (!engine.isDrainerLingering || queued > capacity / 2) {
                    engine.wakeDrainer()
                }
            } else {
                // What the ring holds goes out as the end of this run; a new run begins after
                // the open step.
                phase = .gap
                runEnds = true
                countDropped(1)
                engine.wakeDrainer()
            }
        case .gap:
            if freezeWanted && tracker.mayBeginRun(with: line) {
                // A new run, its restored start, then this line, its first step's stimulus.
                beginRun()
                tracker.track(line)
                enqueue(line)
                engine.wakeDrainer()
            } else {
                tracker.track(line)
                countDropped(1)
            }
        case .stopped:
            countDropped(1)
        }
    }

    @inline(__always)
    private func enqueue(_ line: UnsafeRawBufferPointer) {
        guard let source = line.baseAddress else { return }
        var writeIndex = readIndex + queued
        if writeIndex >= capacity { writeIndex -= capacity }
        let first = min(line.count, capacity - writeIndex)
        (storage + writeIndex).copyMemory(from: source, byteCount: first)
        if first < line.count {
            storage.copyMemory(from: source + first, byteCount: line.count - first)
        }
        queued += line.count
    }

    func countDropped(_ lines: Int) {
        dropped += lines
        droppedTotal += lines
    }

    // MARK: - Either thread, under the lock

    /// Begins a new run at a step boundary: its restored start, the lines dropped so far for its
    /// hello; the lines from now on go into the ring, for its connection. The ring is empty.
    func beginRun() {
        tracker.writeRestoredStart(into: restoredStart)
        restoredStartSent = 0
        helloDropped = dropped
        dropped = 0
        phase = .live
        freezeWanted = false
        isRunPending = true
    }

    /// The bytes the drainer sends next from the ring: the oldest, up to the ring's end.
    var nextQueuedBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + readIndex, count: min(queued, capacity - readIndex))
    }

    /// `count` bytes of the ring were sent.
    func consume(_ count: Int) {
        readIndex += count
        if readIndex >= capacity { readIndex -= capacity }
        queued -= count
    }

    /// Empties the ring, counting its lines as dropped.
    func discardQueued() {
        var lines = 0
        var index = readIndex
        for _ in 0..<queued {
            if storage.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "\n") { lines += 1 }
            index += 1
            if index == capacity { index = 0 }
        }
        countDropped(lines)
        readIndex = 0
        queued = 0
    }
}

/// Held by the recorder's `write` (and so by its children's): when the last of them is
/// released, the machine is gone and its sink finishes.
final class SinkHandle {
    let sink: Sink

    init(_ sink: Sink) {
        self.sink = sink
    }

    deinit {
        sink.engine.finish(sink)
    }
}
