/// A driver for tests: it runs no work. The test sees which invocations run and which were
/// cancelled, and completes, fails, yields and finishes them itself, in any order, as
/// ``ManualClock`` lets a test fire timers. Outcomes are delivered at once, on the caller's
/// thread: use it on the same actor (or thread) as the machine it drives.
///
/// ```swift
/// let invocations = ManualInvocationDriver()
/// let profile = Profile(actions: actions, invocations: invocations)
/// profile.send(.open(id: 4))
/// #expect(invocations.running == ["fetchUser"])
/// invocations.complete("fetchUser", returning: User(name: "Ada"))
/// ```
public final class ManualInvocationDriver: SynchronousInvocationDriver {
    /// Something that happened to an invocation, as ``log`` records it.
    public enum Event: Hashable, Sendable {
        /// The invocation of that name started: its state was entered.
        case started(String)
        /// The running invocation of that name was cancelled: its state was left.
        case cancelled(String)
    }

    private struct Entry {
        var id: UInt64
        var name: String
        var isStream: Bool
        var deliver: (InvocationOutcome<Any>) -> Void
    }

    private var entries: [Entry] = []
    private var nextID: UInt64 = 0
    /// Every start and cancellation, in order.
    public private(set) var log: [Event] = []

    /// A driver with nothing running and an empty ``log``.
    public init() {}

    /// The names of the running invocations, in the order they started.
    public var running: [String] { entries.map(\.name) }

    /// Whether `name` runs.
    public func isRunning(_ name: String) -> Bool {
        entries.contains { $0.name == name }
    }

    /// Records `work` as running (``running``, ``log``) without running anything: the test
    /// delivers its outcomes with ``complete(_:returning:)``, ``fail(_:with:)``,
    /// ``yield(_:_:)`` and ``finish(_:)``.
    ///
    /// - Returns: what the machine cancels when the invocation's state is left: it removes the
    ///   invocation from ``running`` and logs ``Event/cancelled(_:)``.
    public func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        let id = nextID
        nextID += 1
        let name = work.name
        let deliver = { work.deliver($0) }
        entries.append(
            Entry(id: id, name: name, isStream: work.isStream) { outcome in
                switch outcome {
                case .returned(let value): deliver(.returned(Self.cast(value, to: Value.self, returnedBy: name)))
                case .element(let value): deliver(.element(Self.cast(value, to: Value.self, returnedBy: name)))
                case .finished: deliver(.finished)
                case .failed(let error): deliver(.failed(error))
                }
            })
        log.append(.started(name))
        return RunningInvocation { [weak self] in
            guard let self, let index = entries.firstIndex(where: { $0.id == id }) else { return }
            entries.remove(at: index)
            log.append(.cancelled(name))
        }
    }

    /// The call `name` returns `value` (`()` for a call without results; a tuple for several).
    public func complete(_ name: String, returning value: Any = ()) {
        let entry = take(name, expectingStream: false)
        entry.deliver(.returned(value))
    }

    /// The call or stream `name` throws `error`.
    public func fail(_ name: String, with error: any Error) {
        take(name, expectingStream: nil).deliver(.failed(error))
    }

    /// The stream `name` yields `element`.
    public func yield(_ name: String, _ element: Any = ()) {
        guard let entry = entries.first(where: { $0.name == name }) else {
            preconditionFailure("ManualInvocationDriver: no invocation '\(name)' runs (running: \(running))")
        }
        precondition(entry.isStream, "ManualInvocationDriver: '\(name)' is a call, not a stream: complete it")
        entry.deliver(.element(element))
    }

    /// The stream `name` finishes.
    public func finish(_ name: String) {
        take(name, expectingStream: true).deliver(.finished)
    }

    /// Removes the running invocation `name`, which ends now.
    private func take(_ name: String, expectingStream: Bool?) -> Entry {
        guard let index = entries.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("ManualInvocationDriver: no invocation '\(name)' runs (running: \(running))")
        }
        if let expectingStream {
            precondition(
                entries[index].isStream == expectingStream,
                expectingStream ? "ManualInvocationDriver: '\(name)' is a call: complete it" : "ManualInvocationDriver: '\(name)' is a stream: finish it")
        }
        return entries.remove(at: index)
    }

    private static func cast<Value>(_ value: Any, to type: Value.Type, returnedBy name: String) -> Value {
        guard let typed = value as? Value else {
            preconditionFailure("ManualInvocationDriver: '\(name)' delivers \(Value.self), not \(Swift.type(of: value))")
        }
        return typed
    }
}
