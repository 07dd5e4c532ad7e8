import FSMRuntime
import Foundation

/// Streams the runs of an app's recorded machines to `fsmc inspect`, the live inspector
/// (docs/Inspector.md), which shows them on its page as they happen.
///
/// ```swift
/// #if FSMC_RECORDING
/// import FSMInspector
///
/// let inspector = LiveInspector.connect(port: 7777, token: "the token fsmc inspect printed")
/// let recorder = inspector.recorder(machine: "Profile", spec: "Profile.fsm", fsmcVersion: fsmRuntimeVersion)
/// let profile = Profile(actions: screen, observers: [Profile.TraceObserver(recorder)])
/// #endif
/// ```
///
/// Each recorder it makes is one **instance** (`Profile #1`, `Profile #2`, …): its own
/// connection to the inspector, carrying one **run** of the machine after a hello.
///
/// **It never blocks the machine.** A line the recorder writes is copied into the instance's
/// ring of `bufferSize` bytes, under a lock nobody holds across a system call, and that is
/// all; one background thread per inspector connects, says hello and sends every instance's
/// lines. A line that does not fit, or that comes while no connection is up (the inspector is
/// slow, not started yet, gone), is dropped and counted. Its run then ends, and once the
/// machine's open step has closed a new run begins on a new connection: its hello counts the
/// lines dropped, and it begins with a **restored start** (the header, the machine's `start`
/// marked `restored`, each running child machine's `start` and last `step`, parents first, then
/// the machine's last `step`) before the lines that follow. An instance whose inspector is gone
/// tries again after 0.1 s, doubling up to 2 s; one whose hello is refused (a wrong token)
/// stops for good. When a recorder is released (its machine is gone), its instance sends what
/// it holds and closes its connection. The instances go on while their recorders live, even
/// once the `LiveInspector` itself is released; its thread ends after the last of them.
///
/// Depend on the `FSMInspector` product only where the app defines `FSMC_RECORDING` (the
/// condition that compiles the generated machines' recording), for instance a debug
/// configuration's target, so that apps that do not record link none of this.
public final class LiveInspector: TraceDestination {
    private let engine: Engine

    private init(engine: Engine) {
        self.engine = engine
    }

    deinit {
        engine.release()
    }

    /// An inspector at `host`:`port`, reached from a background thread started here: this
    /// returns at once, and the machines' lines are buffered while it connects.
    ///
    /// - Parameters:
    ///   - host: the address `fsmc inspect` listens on (a name or a numeric address); loopback
    ///     by default, as `fsmc inspect` listens there by default.
    ///   - port: the port `fsmc inspect` printed.
    ///   - token: the token `fsmc inspect` printed; a hello with another is refused.
    ///   - bufferSize: the bytes each instance buffers while its lines wait to be sent (at least
    ///     64); a line that does not fit is dropped. The default, 1 MiB, holds seconds of a busy
    ///     machine's lines.
    public static func connect(host: String = "127.0.0.1", port: Int, token: String, bufferSize: Int = 1 << 20) -> LiveInspector {
        let info = ProcessInfo.processInfo
        let engine = Engine(
            host: host, port: port, token: token, bufferSize: max(bufferSize, 64),
            process: "\(info.processName) (pid \(info.processIdentifier))")
        engine.startDrainer()
        return LiveInspector(engine: engine)
    }

    /// A recorder for a new instance of `machine`, named `<machine> #<n>` (the n-th instance of
    /// that machine this inspector records): hand it to the machine's `TraceObserver`, or drive
    /// it yourself. It has written the run's header and `start`: create it before the machine.
    ///
    /// - Parameters:
    ///   - machine: the machine's name, as the spec declares it.
    ///   - spec: the spec's file name (`Profile.fsm`).
    ///   - fsmcVersion: the version of fsmc that generated the machine (`fsmRuntimeVersion`).
    public func recorder(machine: String, spec: String, fsmcVersion: String) -> TraceRecorder {
        makeRecorder(machine: machine, spec: spec, fsmcVersion: fsmcVersion, instance: nil)
    }

    /// A recorder for a new instance of `machine` named `instance` on the inspector's page
    /// (`Settings profile`); see ``recorder(machine:spec:fsmcVersion:)``.
    public func recorder(machine: String, spec: String, fsmcVersion: String, instance: String) -> TraceRecorder {
        makeRecorder(machine: machine, spec: spec, fsmcVersion: fsmcVersion, instance: instance)
    }

    private func makeRecorder(machine: String, spec: String, fsmcVersion: String, instance: String?) -> TraceRecorder {
        let handle = SinkHandle(engine.addSink(named: instance, machine: machine))
        return TraceRecorder(machine: machine, spec: spec, fsmcVersion: fsmcVersion) { line in
            handle.sink.write(line)
        }
    }

    /// Waits until every instance has sent every line its machine wrote so far to the
    /// inspector, which accepted its run, or until `timeout` passed: `false` then, or at once
    /// when the inspector refused an instance (an instance is cut off, refused or still
    /// connecting; ``status`` says which). For the end of a command-line tool, and for tests;
    /// an app need not call it.
    public func waitUntilSent(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            switch engine.isAllSent() {
            case true?: return true
            case nil: return false
            case false?: break
            }
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// How the instances fare, now: for an app to show, and for tests.
    public var status: Status { engine.status() }

    /// How a ``LiveInspector``'s instances fare.
    public struct Status: Sendable, Equatable {
        /// The instances whose recorders are alive (and those still sending their last lines).
        public var instances: [Instance]
        /// The lines dropped by every instance since the inspector was made, those gone
        /// included.
        public var droppedLines: Int
        /// The last thing that went wrong, `<instance>: <what>`; `nil` while nothing has.
        public var lastError: String?

        /// How many instances have their run accepted by the inspector and stream it now.
        public var connectedInstances: Int { instances.count { $0.state == .connected } }

        /// The instance of that name.
        public func instance(named name: String) -> Instance? { instances.first { $0.name == name } }

        /// One instance: one recorder, streaming its machine's runs.
        public struct Instance: Sendable, Equatable {
            /// The instance's name, as the inspector's page shows it (`Profile #1`).
            public var name: String
            public var state: State
            /// The lines this instance dropped.
            public var droppedLines: Int
            /// How many runs the inspector accepted from it (each connection carries one).
            public var runs: Int
            /// What went wrong last, `nil` since its last run was accepted.
            public var lastError: String?
        }

        /// Where an instance is.
        public enum State: Sendable, Equatable {
            /// Its run is connecting, or its hello waits for the answer; its lines are buffered.
            case connecting
            /// The inspector accepted its run; its lines stream.
            case connected
            /// No connection: its lines are dropped and counted until it tries again (after a
            /// backoff, at the machine's next step boundary).
            case waiting
            /// The inspector refused its hello, saying why: it has stopped for good.
            case refused(String)
        }
    }
}
