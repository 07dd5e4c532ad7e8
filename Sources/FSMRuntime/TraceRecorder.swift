/// Writes a machine's run as JSON lines, the trace format `fsmc replay` checks against the spec
/// (docs/TraceFormat.md, format 1): a header, then one record per line in the order things
/// happened, each step opened by its stimulus and closed by the configuration it ended in.
///
/// An app records by wiring a machine's notifications to it (an `Observer` passed to the
/// machine's `init`, so that the initial entry is heard too) and its guards' answers (a
/// wrapper of its `Actions`), and around each `send`: ``event(_:payload:)`` before, ``step(_:isActive:)``
/// after (README's "Recording a run" shows the wiring). Nothing changes in the machine: a
/// machine nobody records costs what it did.
///
/// Each record is written into one byte buffer the recorder keeps and reuses, then handed to
/// `write` as one line: recording allocates nothing per record beyond what `write` does with
/// the bytes (and the text of a payload, when the app describes one).
public final class TraceRecorder {
    /// The trace format this recorder writes: 2, which added child machines' runs (`in`) and
    /// `stop`.
    public static let formatVersion = 2

    /// The line being built: storage the recorder owns, grown when a line needs more, never
    /// shrunk, so that a record is bytes stored, not an array's checks on every byte.
    private var line: UnsafeMutablePointer<UInt8>
    private var capacity = 256
    private var count = 0
    private let write: (UnsafeRawBufferPointer) -> Void
    /// For a child machine's recorder, the invocations that run it from the recorded machine
    /// down, joined by dots: every record it writes carries it as `in`.
    private let path: String?
    /// Writes the `step` record of a step the recorder's clock or driver opened; set by
    /// ``closeSteps(_:isActive:)``.
    private var closeStep: (() -> Void)?

    /// A recorder that hands each line, its newline included, to `write`, starting with the
    /// header and the `start` record: create it before the machine, whose initial entry is the
    /// first step (end it with ``step(_:isActive:)``).
    ///
    /// - Parameters:
    ///   - machine: the machine's name, as the spec declares it.
    ///   - spec: the spec's file name (`Navigator.fsm`).
    ///   - fsmcVersion: the version of fsmc that generated the machine
    ///     (``fsmRuntimeVersion``, which is the same).
    ///   - write: receives each line, its newline included, in bytes that are valid only
    ///     during the call: copy what you keep (`Data(bytes)`, a file's `write`).
    public init(machine: String, spec: String, fsmcVersion: String, write: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.write = write
        path = nil
        line = .allocate(capacity: capacity)
        append(#"{"fsmcTrace":"#)
        append(contentsOf: String(Self.formatVersion))
        member("machine", machine)
        member("spec", spec)
        member("fsmcVersion", fsmcVersion)
        endLine()
        record("start")
        endLine()
    }

    /// A recorder for the run of a child machine: its records go into this recorder's trace,
    /// each with the invocation that runs it (`in`), starting with its `start`.
    private init(child invocation: String, machine: String, of parent: TraceRecorder) {
        write = parent.write
        path = parent.path.map { "\($0).\(invocation)" } ?? invocation
        line = .allocate(capacity: capacity)
        record("start")
        member("machine", machine)
        endLine()
    }

    /// The recorder of a child machine that invocation `invocation` starts running
    /// (`invoke EditorFlow as editorFlow`): it writes into this trace, each record marked with
    /// the invocation (docs/TraceFormat.md, "Child machines"), and has written the child's
    /// `start`. Give it to the child's `TraceObserver`; a generated parent that records does.
    ///
    /// - Parameters:
    ///   - invocation: the invocation's name, as the spec declares it.
    ///   - machine: the child machine's name.
    public func child(_ invocation: String, machine: String) -> TraceRecorder {
        TraceRecorder(child: invocation, machine: machine, of: self)
    }

    deinit {
        line.deallocate()
    }

    // MARK: - Stimuli: each opens a step

    /// The app sent an event (before the machine handles it); `payload` describes its payload.
    public func event(_ name: String, payload: String? = nil) { record("event", named: name, payload: payload) }

    /// A timer of `state` (an `after` transition's) fired; `nil` when the app cannot tell
    /// whose (a ``TraceRecordingClock`` cannot): the earliest running timer.
    public func timer(of state: String?) {
        record("timer")
        if let state { member("state", state) }
        endLine()
    }

    /// What an invocation delivered.
    public enum Outcome: Sendable {
        /// A call returned, a stream finished, or a child machine reached a top-level final
        /// state.
        case done
        /// A call or a stream threw.
        case error
        /// A stream yielded an element.
        case element
        /// A child machine emitted its output of that name.
        case output(String)
    }

    /// Invocation `invocation` delivered `outcome`.
    public func result(of invocation: String, _ outcome: Outcome) {
        record("result")
        member("invocation", invocation)
        switch outcome {
        case .done: member("outcome", "done")
        case .error: member("outcome", "error")
        case .element: member("outcome", "element")
        case .output(let name):
            member("outcome", "output")
            member("output", name)
        }
        endLine()
    }

    /// `stop()` ended the machine (as a parent cancelling its child does): the step that exits
    /// its states opens; close it with ``stopped()``.
    public func stop() {
        record("stop")
        endLine()
    }

    /// Closes the step `stop()` opened: the machine has no active state any more.
    public func stopped() {
        record("step")
        append(#","configuration":[]"#)
        endLine()
    }

    // MARK: - What a step leads to

    /// A guard was asked and answered; `arguments` describes what it was given.
    public func guardAnswer(_ name: String, arguments: String? = nil, _ answer: Bool) {
        record("guard")
        member("name", name)
        if let arguments { member("arguments", arguments) }
        append(answer ? #","answer":true"# : #","answer":false"#)
        endLine()
    }

    /// A state was left (its exit actions ran).
    public func exit(_ state: String) { record("exit", "state", state) }

    /// A state was entered (its entry actions ran).
    public func entry(_ state: String) { record("entry", "state", state) }

    /// The transitions of one microstep were taken; `trigger` is their event's name, `nil`
    /// when no event triggered them.
    public func transition(trigger: String?) {
        record("transition")
        if let trigger {
            member("trigger", trigger)
        } else {
            append(#","trigger":null"#)
        }
        endLine()
    }

    /// An action emitted output `name`; `payload` describes its payload.
    public func output(_ name: String, payload: String? = nil) { record("output", named: name, payload: payload) }

    /// No transition took `event` (or the machine had finished).
    public func ignored(_ event: String) { record("ignored", "event", event) }

    /// No transition took `event`, and an active state defers it.
    public func kept(_ event: String) { record("kept", "event", event) }

    /// Invocation `invocation` started.
    public func started(_ invocation: String) { record("started", "invocation", invocation) }

    /// Invocation `invocation`, running, was cancelled.
    public func cancelled(_ invocation: String) { record("cancelled", "invocation", invocation) }

    /// What invocation `invocation` delivered once it no longer ran was dropped.
    public func dropped(_ invocation: String) { record("dropped", "invocation", invocation) }

    // MARK: - Step ends

    /// The step ended with the states `isActive` holds for active, in the order of `states`
    /// (a generated machine's `StateID.allCases`, or `State.allCases` of a flat one: document
    /// order); pass the same array each time, made once, so that nothing is allocated.
    public func step<ID: RawRepresentable>(_ states: [ID], isActive: (ID) -> Bool) where ID.RawValue == String {
        record("step")
        append(#","configuration":["#)
        var first = true
        for state in states where isActive(state) {
            if !first { append(UInt8(ascii: ",")) }
            first = false
            quoted(state.rawValue)
        }
        append(UInt8(ascii: "]"))
        endLine()
    }

    /// Tells the recorder how to close the steps it opens itself: those of a timer that fired
    /// through a ``TraceRecordingClock`` and of a result delivered through a
    /// ``TraceRecordingInvocationDriver``, which end with the states `isActive` holds for active
    /// (see ``step(_:isActive:)``). Call it once the machine exists.
    public func closeSteps<ID: RawRepresentable>(_ states: [ID], isActive: @escaping (ID) -> Bool) where ID.RawValue == String {
        closeStep = { [unowned self] in step(states, isActive: isActive) }
    }

    /// Closes a step the recorder's clock or driver opened, once the machine handled it.
    func closeOpenedStep() {
        closeStep?()
    }

    // MARK: - Writing

    private func record(_ kind: StaticString) {
        append(#"{"kind":""#)
        append(kind)
        append(UInt8(ascii: "\""))
        if let path { member("in", path) }
    }

    /// A whole record of one member, as most of what a step leads to is.
    private func record(_ kind: StaticString, _ name: StaticString, _ value: String) {
        record(kind)
        member(name, value)
        endLine()
    }

    /// A whole record of a name and, when there is one, a payload: an event's or an output's.
    private func record(_ kind: StaticString, named name: String, payload: String?) {
        record(kind)
        member("name", name)
        if let payload { member("payload", payload) }
        endLine()
    }

    private func member(_ name: StaticString, _ value: String) {
        append(#",""#)
        append(name)
        append(#"":"#)
        quoted(value)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private func quoted(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // The runs between bytes that must be escaped are copied whole: a payload written
            // as a Swift literal has a quote at each end and rarely anything else to escape.
            var runStart = 0
            for index in bytes.indices where Self.needsEscaping(bytes[index]) {
                append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escaped(bytes[index])
                runStart = index + 1
            }
            append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        append(UInt8(ascii: "\""))
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append(#"\""#)
        case UInt8(ascii: "\\"): append(#"\\"#)
        case UInt8(ascii: "\n"): append(#"\n"#)
        case UInt8(ascii: "\r"): append(#"\r"#)
        case UInt8(ascii: "\t"): append(#"\t"#)
        case 0..<0x20:
            append(#"\u00"#)
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0xF))
        default: append(byte)
        }
    }

    private func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    private func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private func append(_ byte: UInt8) {
        reserve(1)
        line[count] = byte
        count += 1
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (line + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Room for `more` bytes: the storage doubles when a line outgrows it.
    @inline(__always) private func reserve(_ more: Int) {
        if count + more > capacity { grow(toHold: count + more) }
    }

    // Apart from `reserve`, so that the check every append makes is inlined and this is not.
    @inline(never) private func grow(toHold needed: Int) {
        var grown = capacity * 2
        while needed > grown { grown *= 2 }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        storage.update(from: line, count: count)
        line.deallocate()
        line = storage
        capacity = grown
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private func endLine() {
        append("}\n" as StaticString)
        write(UnsafeRawBufferPointer(start: line, count: count))
        count = 0
    }
}
