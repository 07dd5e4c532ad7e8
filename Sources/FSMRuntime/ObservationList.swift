/// The observers of one machine, notified in the order they were added.
///
/// Adding or removing an observer while a notification is being delivered is safe: the
/// change applies from the next notification on.
///
/// `isEmpty` and `notify(_:)` are inlinable, so that a generated machine calls a copy
/// specialized to its own ``MachineObservation`` type: a machine nobody observes pays one
/// comparison per notification, which it then does not even build, and one observer costs a
/// direct call.
public final class ObservationList<Observation: MachineObservation> {
    public typealias Notification = Observation.Notification

    @usableFromInline
    struct Entry {
        @usableFromInline var id: UInt64
        @usableFromInline var observation: Observation
    }

    // Only ever read, or changed by code that calls no observer: the run-time exclusivity
    // check (a call per access, on every notification) can never fail.
    @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []
    private var nextID: UInt64 = 0

    public init() {}

    /// Whether nobody observes; machines check this before building a notification.
    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds an observer; cancel the token to remove it.
    public func add(_ observation: Observation) -> ObservationToken {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, observation: observation))
        return ObservationToken { [weak self] in
            self?.forget(id)
        }
    }

    /// Adds a closure that hears every notification; cancel the token to remove it.
    public func add(_ handler: @escaping (Notification) -> Void) -> ObservationToken {
        add(Observation { notification in
            handler(notification)
            return true
        })
    }

    /// Adds an observer that ends when `owner` is released (or the token is cancelled); the
    /// list holds `owner` weakly and forgets the observer once `owner` is gone.
    public func add(whileAlive owner: AnyObject, _ handler: @escaping (Notification) -> Void) -> ObservationToken {
        add(Observation { [weak owner] notification in
            guard owner != nil else { return false }
            handler(notification)
            return true
        })
    }

    /// Delivers a notification to every observer.
    @inlinable
    public func notify(_ notification: Notification) {
        if entries.count == 1 {
            // The usual case: the entry's copy keeps its observer alive, whatever it changes.
            deliver(notification, to: entries[0])
        } else {
            // Iterates a copy, so observers may add or remove observers.
            for entry in entries {
                deliver(notification, to: entry)
            }
        }
    }

    @inlinable
    func deliver(_ notification: Notification, to entry: Entry) {
        if !entry.observation.receive(notification) {
            forget(entry.id)
        }
    }

    /// Removes the observer `id`, if it is still there.
    @usableFromInline
    func forget(_ id: UInt64) {
        entries.removeAll { $0.id == id }
    }
}

extension ObservationList {
    /// The elements that `transform` makes of the notifications from now on, as an
    /// asynchronous sequence: what a machine's `transitions` property returns.
    ///
    /// The sequence finishes when the list is released with its machine, so that a `for await`
    /// loop over it ends too. Once its consumer stops iterating, the observation ends at the
    /// next notification.
    public func stream<Element: Sendable>(_ transform: @escaping (Notification) -> Element?) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let feed = StreamFeed(continuation)
        _ = add(Observation { notification in
            guard let element = transform(notification) else { return true }
            if case .terminated = feed.continuation.yield(element) { return false }
            return true
        })
        return stream
    }
}

/// Finishes a stream when the observer that feeds it is released.
private final class StreamFeed<Element: Sendable> {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}

/// Keeps an observation alive until ``cancel()``.
///
/// Dropping the token does not end the observation (so `machine.observe { … }` needs no
/// stored token); keep it to stop observing later.
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        let cancel = onCancel
        onCancel = nil
        cancel?()
    }
}
