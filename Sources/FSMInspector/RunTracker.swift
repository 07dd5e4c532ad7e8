/// What a sink knows of its machine's run from the lines going by, to begin a new run where
/// lines were lost with a **restored start** (docs/Inspector.md): the header, whether a step is
/// open and who opened it, the last `step` record of the machine and of each child machine, and
/// each child's machine name.
///
/// It reads only the start of each line, relying on the order in which ``TraceRecorder`` writes
/// a record's members (`{"kind":"step","in":"a.b",…`): no JSON is parsed. Its buffers are reused,
/// so that tracking allocates nothing per line once every child has run a step.
final class RunTracker {
    /// The header line, as the recorder wrote it.
    private let header = ByteBuffer(capacity: 128)
    /// The last `step` record of the recorded machine.
    private let rootStep = ByteBuffer(capacity: 128)
    /// Whether a step is open: the line after a step's `step` record is the next stimulus.
    private(set) var isStepOpen = false
    /// Whether the open step, or the last one once it closed, is the recorded machine's (else
    /// `openPath`'s, a child's).
    private var isOpenedByRoot = true
    private let openPath = ByteBuffer(capacity: 32)
    /// Every child machine that has run, in the order each first started: a parent before the
    /// children it runs.
    private var children: [Child] = []

    private final class Child {
        /// The invocations that run it (`in`), as written: JSON string content.
        let path = ByteBuffer(capacity: 32)
        /// Its machine's name, as written.
        let machine = ByteBuffer(capacity: 32)
        /// Its last `step` record; empty once it started again, until its first step.
        let lastStep = ByteBuffer(capacity: 128)
        /// Whether its last step left it some active state.
        var isRunning = false
        /// Whether the restored start being written restores it.
        var isRestored = false
    }

    /// Whether the run is between steps, past its first: a restored start can be written.
    var canRestore: Bool { !isStepOpen && header.count > 0 && rootStep.count > 0 }

    /// Whether a new run may begin now, before the next stimulus is known: after a step of the
    /// recorded machine (after a child's, the machine may be about to take what the child
    /// emitted: ``mayBeginRun(with:)`` decides once the next line comes).
    var mayBeginRunNow: Bool { canRestore && isOpenedByRoot }

    /// Whether a new run may begin with `line`, the next step's stimulus (``canRestore``): not
    /// when a child's step just ended and a `result` follows, the machine taking what the child
    /// emitted or finished with, which it held in between and a configuration does not say.
    func mayBeginRun(with line: UnsafeRawBufferPointer) -> Bool {
        canRestore && (isOpenedByRoot || !line.has(#"{"kind":"result""#, at: 0))
    }

    /// Takes note of `line`, a whole line of the trace, newline included.
    func track(_ line: UnsafeRawBufferPointer) {
        // `{"kind":"` is 9 bytes.
        guard line.has(#"{"kind":""#, at: 0) else {
            if header.count == 0 && line.has(#"{"fsmcTrace":"#, at: 0) { header.set(line) }
            return
        }
        let isStep = line.has(#"step""#, at: 9)
        let isStart = !isStep && line.has(#"start""#, at: 9)
        var index = 9
        while index < line.count && line[index] != UInt8(ascii: "\"") { index += 1 }
        index += 1
        var path: UnsafeRawBufferPointer?
        if line.has(#","in":""#, at: index) {
            let start = index + 7
            index = line.endOfString(from: start)
            path = UnsafeRawBufferPointer(rebasing: line[start..<index])
            index += 1
        }
        if !isStepOpen {
            // A stimulus: it opens the step its `in` names.
            isStepOpen = true
            isOpenedByRoot = path == nil
            if let path { openPath.set(path) }
        }
        if isStep {
            if let path {
                let child = child(at: path)
                child.lastStep.set(line)
                child.isRunning = !line.ends(with: "[]}\n")
                if !isOpenedByRoot && openPath.equals(path) { isStepOpen = false }
            } else {
                rootStep.set(line)
                if isOpenedByRoot { isStepOpen = false }
            }
        } else if line.has(#"result""#, at: 9), line.has(#","invocation":""#, at: index) {
            // A child machine finished: its parent took its `done`. `,"invocation":"` is 15 bytes.
            let start = index + 15
            let end = line.endOfString(from: start)
            if line.has(#"","outcome":"done""#, at: end) {
                finishChildren(of: UnsafeRawBufferPointer(rebasing: line[start..<end]), in: path)
            }
        } else if isStart, let path {
            let child = child(at: path)
            child.lastStep.removeAll()
            child.isRunning = false
            if line.has(#","machine":""#, at: index) {
                let start = index + 12
                let end = line.endOfString(from: start)
                child.machine.set(UnsafeRawBufferPointer(rebasing: line[start..<end]))
            }
        }
    }

    /// Marks the child `invocation` of the machine at `parentPath` (the recorded machine's for
    /// `nil`), and every child it runs, as running no more.
    private func finishChildren(of invocation: UnsafeRawBufferPointer, in parentPath: UnsafeRawBufferPointer?) {
        for child in children where child.isRunning {
            let path = child.path.bytes
            var offset = 0
            if let parentPath {
                guard path.count > parentPath.count, path.starts(with: parentPath), path[parentPath.count] == UInt8(ascii: ".") else { continue }
                offset = parentPath.count + 1
            }
            let rest = path[offset...]
            guard rest.starts(with: invocation) else { continue }
            let after = offset + invocation.count
            if after == path.count || path[after] == UInt8(ascii: ".") { child.isRunning = false }
        }
    }

    private func child(at path: UnsafeRawBufferPointer) -> Child {
        for child in children where child.path.equals(path) { return child }
        let child = Child()
        child.path.set(path)
        children.append(child)
        return child
    }

    /// Writes the lines a run that does not begin at the machine's creation begins with into
    /// `out` (emptied first): the header (as trace format 3), the machine's restored `start`,
    /// each running child's restored `start` and last `step`, parents first, then the
    /// machine's last `step`. Call it only when ``canRestore``.
    func writeRestoredStart(into out: ByteBuffer) {
        out.removeAll()
        out.append(#"{"fsmcTrace":3"#)
        let header = header.bytes
        var index = 13
        while index < header.count && header[index] != UInt8(ascii: ",") && header[index] != UInt8(ascii: "}") { index += 1 }
        out.append(UnsafeRawBufferPointer(rebasing: header[index...]))
        out.append(#"{"kind":"start","restored":true}\#n"#)
        for child in children {
            child.isRestored = child.isRunning && child.lastStep.count > 0 && isParentRestored(child)
            guard child.isRestored else { continue }
            out.append(#"{"kind":"start","in":""#)
            out.append(child.path.bytes)
            out.append(#"","machine":""#)
            out.append(child.machine.bytes)
            out.append(#"","restored":true}\#n"#)
            out.append(child.lastStep.bytes)
        }
        out.append(rootStep.bytes)
    }

    /// Whether `child`'s parent is the recorded machine or a child restored before it.
    private func isParentRestored(_ child: Child) -> Bool {
        let path = child.path.bytes
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return true }
        let parentPath = UnsafeRawBufferPointer(rebasing: path[..<dot])
        for parent in children where parent !== child && parent.path.equals(parentPath) { return parent.isRestored }
        return false
    }
}
