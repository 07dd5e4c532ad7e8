/// The observers of one machine: closures that receive its notifications, in the order they
/// were added.
///
/// Adding or removing an observer while a notification is being delivered is safe: the
/// change applies from the next notification on.
public final class ObserverList<Notification> {
    private struct Entry {
        var id: UInt64
        var handler: (Notification) -> Void
        /// For an observer that lives only as long as an object: that object, weakly.
        weak var owner: AnyObject?
        var hasOwner: Bool

        var isReleased: Bool { hasOwner && owner == nil }
    }

    private var entries: [Entry] = []
    private var nextID: UInt64 = 0

    public init() {}

    /// Whether nobody observes; machines check this before building a notification.
    @inline(__always)
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds an observer; cancel the token to remove it.
    public func add(_ handler: @escaping (Notification) -> Void) -> ObservationToken {
        append(Entry(id: nextID, handler: handler, owner: nil, hasOwner: false))
    }

    /// Adds an observer that ends when `owner` is released (or the token is cancelled); the
    /// list holds `owner` weakly and forgets the observer once `owner` is gone.
    public func add(whileAlive owner: AnyObject, _ handler: @escaping (Notification) -> Void) -> ObservationToken {
        append(Entry(id: nextID, handler: handler, owner: owner, hasOwner: true))
    }

    private func append(_ entry: Entry) -> ObservationToken {
        let id = entry.id
        nextID += 1
        entries.append(entry)
        return ObservationToken { [weak self] in
            self?.entries.removeAll { $0.id == id }
        }
    }

    /// Delivers a notification to every observer.
    public func notify(_ notification: Notification) {
        var sawReleasedOwner = false
        // Iterates a copy, so handlers may add or remove observers.
        for entry in entries {
            if entry.isReleased {
                sawReleasedOwner = true
                continue
            }
            entry.handler(notification)
        }
        if sawReleasedOwner {
            entries.removeAll(where: \.isReleased)
        }
    }
}

extension ObserverList {
    /// The elements that `transform` makes of the notifications from now on, as an
    /// asynchronous sequence: what a machine's `transitions` property returns.
    ///
    /// The sequence finishes when the list is released with its machine, so that a `for await`
    /// loop over it ends too. Once its consumer stops iterating, the observation ends at the
    /// next notification.
    public func stream<Element: Sendable>(_ transform: @escaping (Notification) -> Element?) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let feed = StreamFeed(continuation)
        var token: ObservationToken?
        token = add { notification in
            guard let element = transform(notification) else { return }
            if case .terminated = feed.continuation.yield(element) {
                token?.cancel()
            }
        }
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
