/// What an invocation's work tells its machine.
public enum InvocationOutcome<Value> {
    /// A call returned `Value`.
    case returned(Value)
    /// A stream yielded an element.
    case element(Value)
    /// A stream finished.
    case finished
    /// The call or the stream threw.
    case failed(any Error)
}

/// The work of one invocation, as a generated machine hands it to its ``InvocationDriver``:
/// what to run and where its outcomes go.
public struct InvocationWork<Value> {
    /// One call of an `Actions` function, run on the machine's isolation.
    public typealias Call = nonisolated(nonsending) () async throws -> Value

    /// What the work is.
    public enum Body {
        /// `invoke name(…)`: one call of an `Actions` function, which returns or throws.
        case call(Call)
        /// `invoke stream name(…)`: the elements of the sequence an `Actions` function returns.
        case stream(() -> InvocationElements<Value>)
    }

    /// The invocation's name in the spec, as tests and logs name it.
    public let name: String
    /// The actor the machine lives on, where the work starts and its outcomes are delivered;
    /// `nil` outside any actor.
    public let isolation: (any Actor)?
    /// What to run: a call or a stream.
    public let body: Body
    /// Where the outcomes go: the machine's one sink for this invocation, made once, so that a
    /// start allocates no delivering closure.
    @usableFromInline let sink: InvocationSink<Value>
    /// Which run of the invocation this is, handed to the sink with each outcome.
    @usableFromInline let run: UInt64

    /// Work whose outcomes reach `sink` tagged with `run`.
    @inlinable
    public init(name: String, isolation: (any Actor)?, body: Body, run: UInt64, sink: InvocationSink<Value>) {
        self.name = name
        self.isolation = isolation
        self.body = body
        self.run = run
        self.sink = sink
    }

    /// Work whose outcomes reach `deliver`: for drivers' own tests.
    public init(name: String, isolation: (any Actor)?, body: Body, deliver: @escaping (InvocationOutcome<Value>) -> Void) {
        self.init(name: name, isolation: isolation, body: body, run: 0, sink: InvocationSink { _, outcome in deliver(outcome) })
    }

    /// Hands an outcome to the machine, on ``isolation``. The machine drops what arrives after
    /// the invocation was cancelled or ended, and its observers hear `dropped`, so a driver need
    /// not be exact about it, and should hand over what cancelled work comes back with rather
    /// than discard it unheard.
    @inlinable
    public func deliver(_ outcome: InvocationOutcome<Value>) {
        sink.deliver(run, outcome)
    }

    /// Whether the work is a stream (elements, then its end) rather than a call.
    public var isStream: Bool {
        if case .stream = body { true } else { false }
    }
}

/// Where one invocation's outcomes reach its machine, with the run they come from: a
/// generated machine makes one per `invoke`, once, and every run of it shares it.
public class InvocationSink<Value> {
    @usableFromInline let deliver: (_ run: UInt64, InvocationOutcome<Value>) -> Void

    /// A sink that hands each outcome, with the run it comes from, to `deliver`.
    ///
    /// - Parameter deliver: receives the run's number and its outcome; it must hold the machine
    ///   weakly, since every run's work holds the sink.
    public init(_ deliver: @escaping (_ run: UInt64, InvocationOutcome<Value>) -> Void) {
        self.deliver = deliver
    }
}

/// Runs the work of a machine's invocations (`invoke` in a state).
///
/// A generated machine asks its driver to run an invocation's work at the end of the step that
/// entered the state, and cancels it when the state is left. Two drivers come with the runtime:
/// ``TaskInvocationDriver`` (a `Task` per invocation, the default) and
/// ``ManualInvocationDriver`` (for tests: the test completes, fails, yields and finishes the
/// running invocations itself).
public protocol InvocationDriver: AnyObject {
    /// Starts `work`, which delivers its outcomes through `work.deliver` on `work.isolation`
    /// until the returned handle is cancelled.
    func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation
}

/// A driver that delivers outcomes only from inside calls its owner makes
/// (``ManualInvocationDriver``'s), on the owner's thread: what a machine outside any actor
/// can take, as it takes a ``SynchronousMachineClock``.
public protocol SynchronousInvocationDriver: InvocationDriver {}

/// An invocation's work as its driver runs it: a `Task`, held as it is (no object beside it),
/// or whatever a closure stops. Cancelling it stops it; the machine cancels every invocation it
/// runs when it is released, and delivers nothing any of them sends afterwards.
public struct RunningInvocation {
    private enum Work {
        case task(Task<Void, Never>)
        case other(CancellationHandle)
    }

    private let work: Work

    /// Work a task does; cancelling cancels the task.
    public init(task: Task<Void, Never>) {
        work = .task(task)
    }

    /// Work `onCancel` stops; called at most once, also when the last copy of this value is
    /// released uncancelled.
    public init(onCancel: @escaping () -> Void) {
        work = .other(CancellationHandle(onCancel: onCancel))
    }

    /// Stops the work; calling it again does nothing.
    public func cancel() {
        switch work {
        case .task(let task): task.cancel()
        case .other(let handle): handle.cancel()
        }
    }
}
