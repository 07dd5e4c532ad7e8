/// What one `invoke` of a machine runs and where its outcomes go: a generated machine makes
/// one per `invoke`, once, and every run shares it, so that starting a run costs what a `Task`
/// written by hand costs, with nothing allocated to carry the call.
///
/// A run hands the routine the data of its state (`Arguments`: `Void`, one value, or a tuple),
/// which the routine passes on to the machine's `Actions`.
public final class InvocationRoutine<Arguments, Value>: InvocationSink<Value> {
    /// One call of an `Actions` function with a run's arguments, on the machine's isolation.
    public typealias Call = nonisolated(nonsending) (Arguments) async throws -> Value

    /// What the work is.
    public enum Body {
        /// `invoke name(…)`: one call of an `Actions` function, which returns or throws.
        case call(Call)
        /// `invoke stream name(…)`: the elements of the sequence an `Actions` function returns.
        case stream((Arguments) -> InvocationElements<Value>)
    }

    @usableFromInline let body: Body

    /// A routine running `body` whose outcomes reach `deliver` with the run they come from.
    public init(_ body: Body, deliver: @escaping (_ run: UInt64, InvocationOutcome<Value>) -> Void) {
        self.body = body
        super.init(deliver)
    }

    /// One run as any ``InvocationDriver`` takes it: its body holds `arguments`.
    @inlinable
    func work(name: String, isolation: (any Actor)?, arguments: Arguments, run: UInt64) -> InvocationWork<Value> {
        switch body {
        case .call(let call):
            // A local function, not a closure: Swift makes a closure literal nonisolated, and
            // it would run the call on the global executor; a `nonisolated(nonsending)`
            // function runs it where it is called, on the machine's isolation.
            nonisolated(nonsending) func callWithArguments() async throws -> Value { try await call(arguments) }
            return InvocationWork(name: name, isolation: isolation, body: .call(callWithArguments), run: run, sink: self)
        case .stream(let elements):
            return InvocationWork(name: name, isolation: isolation, body: .stream { elements(arguments) }, run: run, sink: self)
        }
    }
}

/// One run of a routine, as ``TaskInvocationDriver`` carries it into its task: the routine,
/// its arguments and its number.
@usableFromInline
struct RoutineRun<Arguments, Value> {
    @usableFromInline let routine: InvocationRoutine<Arguments, Value>
    @usableFromInline let arguments: Arguments
    @usableFromInline let run: UInt64

    @inlinable
    init(routine: InvocationRoutine<Arguments, Value>, arguments: Arguments, run: UInt64) {
        (self.routine, self.arguments, self.run) = (routine, arguments, run)
    }

    @inlinable
    func deliver(_ outcome: InvocationOutcome<Value>) {
        routine.deliver(run, outcome)
    }
}

extension InvocationWork {
    /// This work as the run of a routine of its own, for a driver that runs routines: its
    /// closures are wrapped once more, which only work handed over by hand pays.
    @usableFromInline
    var asRoutineRun: RoutineRun<Void, Value> {
        let routineBody: InvocationRoutine<Void, Value>.Body
        switch body {
        case .call(let call):
            // A local function, not a closure, as in `work(name:isolation:arguments:run:)`.
            nonisolated(nonsending) func callIgnoringArguments(_: Void) async throws -> Value { try await call() }
            routineBody = .call(callIgnoringArguments)
        case .stream(let elements):
            routineBody = .stream { _ in elements() }
        }
        return RoutineRun(routine: InvocationRoutine(routineBody) { [sink, run] _, outcome in sink.deliver(run, outcome) }, arguments: (), run: run)
    }
}
