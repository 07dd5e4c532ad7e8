/// The observers of one machine, notified in the order they were added.
///
/// Each observer hears the ``NotificationKinds`` it was added for, less those it turns out not
/// to want (``stopDelivering(_:toObserversOf:)``). Adding or removing an observer while a
/// notification is being delivered is safe: the change applies from the next notification on.
///
/// `hears(_:)`, `isEmpty`, `notify(_:_:)` and `forEachObserver(hearing:_:)` are inlinable, so
/// that a generated machine calls a copy specialized to its own ``MachineObservation`` type: a
/// machine pays one comparison for a notification nobody hears, which it then does not even
/// build, and a direct call for each observer that hears it. Delivering counts no references:
/// the list keeps its observers (and, during a delivery, whatever it lets go of) alive itself.
public final class ObservationList<Observation: MachineObservation> {
    /// What the observers receive: the machine's `Notification` type.
    public typealias Notification = Observation.Notification

    /// One observer, in a class of its own so that delivering can call it through the
    /// reference the list holds, without retaining it.
    @usableFromInline
    final class Entry {
        @usableFromInline let observation: Observation

        init(_ observation: Observation) {
            self.observation = observation
        }
    }

    /// An observer as the list stores it: what it hears, and its entry, retained by the list.
    @usableFromInline
    struct Slot {
        @usableFromInline var entry: Unmanaged<Entry>
        @usableFromInline var kinds: NotificationKinds
        @usableFromInline var id: UInt64
        /// The object the observer calls, if it was added for one.
        @usableFromInline var object: ObjectIdentifier?
    }

    // Only ever read during a delivery, and replaced by code that calls no observer (a slot's
    // kinds may only narrow in place): the run-time exclusivity check, a call per access,
    // could never fail.

    /// The observers in the order added; `nil` when there are none.
    @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<Slot>?
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// What some observer hears: the union of the slots' kinds.
    @exclusivity(unchecked) @usableFromInline var heard: NotificationKinds = []
    /// How many deliveries are running (more than one when an observer notifies again).
    @exclusivity(unchecked) @usableFromInline var deliveries = 0
    /// Whether a change during a delivery left storage or entries to free once it ends.
    @exclusivity(unchecked) @usableFromInline var hasRetired = false
    private var retiredSlots: [UnsafeMutablePointer<Slot>] = []
    private var retiredEntries: [Unmanaged<Entry>] = []
    private var nextID: UInt64 = 0

    /// An empty list: nobody observes, so a machine builds no notification.
    public init() {}

    deinit {
        for index in 0..<count {
            slots.unsafelyUnwrapped[index].entry.release()
        }
        slots?.deallocate()
        releaseRetired()
    }

    /// Whether nobody observes.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Whether some observer hears a notification of `kinds`; machines check this before
    /// building one.
    @inlinable
    public func hears(_ kinds: NotificationKinds) -> Bool {
        heard.rawValue & kinds.rawValue != 0
    }

    /// Adds an observer of the notifications of `kinds`; cancel the token to remove it.
    ///
    /// `object` is the object the observer calls, such as a machine's `Observer`: it may later
    /// stop hearing kinds it does not want, through ``stopDelivering(_:toObserversOf:)``.
    public func add(
        _ observation: Observation, hearing kinds: NotificationKinds = .all, for object: AnyObject? = nil
    ) -> ObservationToken {
        let id = nextID
        nextID += 1
        let slot = Slot(entry: .passRetained(Entry(observation)), kinds: kinds, id: id, object: object.map(ObjectIdentifier.init))
        replaceSlots(with: currentSlots + [slot])
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
        notify(.all, notification)
    }

    /// Delivers a notification of `kind` to the observers that hear it, in the order added.
    ///
    /// It goes to the observers there were when it started: one added meanwhile hears from the
    /// next notification on, one removed meanwhile still hears this one. The storage read here
    /// is never changed in place, and what a change lets go of is freed when the last delivery
    /// ends, so the observers are called without retaining them.
    ///
    /// Specialized for the machine but never inlined: a machine notifies from many places, and
    /// a copy of this loop at each would make its dispatch, observed or not, bigger and slower.
    @inlinable @inline(never)
    public func notify(_ kind: NotificationKinds, _ notification: Notification) {
        forEachObserver(hearing: kind) { $0.receive(notification) }
    }

    /// Calls `deliver` with each observer that hears `kind`, in the order added, and forgets
    /// those for which it returns `false`: what a machine that calls some observers itself
    /// (an `Observer`'s hooks) delivers through, from one function of its own that is never
    /// inlined. Observers added or removed meanwhile are treated as by ``notify(_:_:)``.
    @inlinable
    public func forEachObserver(hearing kind: NotificationKinds, _ deliver: (Observation) -> Bool) {
        guard let slots else { return }
        let count = self.count
        deliveries &+= 1
        var index = 0
        while index < count {
            let slot = slots[index]
            if slot.kinds.rawValue & kind.rawValue != 0 {
                let stillObserving = slot.entry._withUnsafeGuaranteedRef { deliver($0.observation) }
                if !stillObserving {
                    forget(slot.id)
                }
            }
            index &+= 1
        }
        deliveries &-= 1
        if hasRetired, deliveries == 0 {
            releaseRetired()
        }
    }

    /// Stops delivering notifications of `kinds` to the observers added for `object`, from the
    /// next notification on; the other observers hear what they heard.
    ///
    /// What a machine's `Observer` hook does when it is left to its default implementation:
    /// the hook does nothing, and would do nothing for that object at every call, so the
    /// machine stops building and delivering its notification for it. Safe during a delivery.
    public func stopDelivering(_ kinds: NotificationKinds, toObserversOf object: AnyObject) {
        let object = ObjectIdentifier(object)
        var heard: NotificationKinds = []
        for index in 0..<count {
            let slot = slots.unsafelyUnwrapped + index
            if slot.pointee.object == object {
                // In place: a delivery reads each slot once, and may only skip a kind it would
                // have delivered for nothing.
                slot.pointee.kinds.subtract(kinds)
            }
            heard.formUnion(slot.pointee.kinds)
        }
        self.heard = heard
    }

    /// Removes the observer `id`, if it is still there.
    @usableFromInline
    func forget(_ id: UInt64) {
        var remaining = currentSlots
        guard let index = remaining.firstIndex(where: { $0.id == id }) else { return }
        let removed = remaining.remove(at: index)
        replaceSlots(with: remaining)
        if deliveries > 0 {
            retiredEntries.append(removed.entry)
            hasRetired = true
        } else {
            // May run the observer's deinit, which may change the list: it is consistent.
            removed.entry.release()
        }
    }

    private var currentSlots: [Slot] {
        Array(UnsafeBufferPointer(start: slots, count: count))
    }

    /// Puts `newSlots` in fresh storage. The old storage is freed at once, or, when a delivery
    /// may still be reading it, once the last delivery ends.
    private func replaceSlots(with newSlots: [Slot]) {
        let old = slots
        if newSlots.isEmpty {
            slots = nil
        } else {
            let storage = UnsafeMutablePointer<Slot>.allocate(capacity: newSlots.count)
            newSlots.withUnsafeBufferPointer { storage.initialize(from: $0.baseAddress!, count: $0.count) }
            slots = storage
        }
        count = newSlots.count
        heard = newSlots.reduce(into: []) { $0.formUnion($1.kinds) }
        guard let old else { return }
        if deliveries > 0 {
            retiredSlots.append(old)
            hasRetired = true
        } else {
            old.deallocate()
        }
    }

    /// Frees what changes during deliveries let go of; called when no delivery runs.
    @usableFromInline
    func releaseRetired() {
        let storage = retiredSlots
        let entries = retiredEntries
        retiredSlots = []
        retiredEntries = []
        hasRetired = false
        for old in storage {
            old.deallocate()
        }
        // Releasing may run observers' deinits, which may change the list: it is consistent.
        for entry in entries {
            entry.release()
        }
    }
}

extension ObservationList {
    /// The elements that `transform` makes of the notifications of `kinds` from now on, as an
    /// asynchronous sequence: what a machine's `transitions` property returns.
    ///
    /// The sequence finishes when the list is released with its machine, so that a `for await`
    /// loop over it ends too. Once its consumer stops iterating, the observation ends at the
    /// next notification.
    public func stream<Element: Sendable>(
        hearing kinds: NotificationKinds = .all,
        _ transform: @escaping (Notification) -> Element?
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let feed = StreamFeed(continuation)
        _ = add(Observation { notification in
            guard let element = transform(notification) else { return true }
            if case .terminated = feed.continuation.yield(element) { return false }
            return true
        }, hearing: kinds)
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

    /// A token whose ``cancel()`` calls `onCancel`, once.
    ///
    /// - Parameter onCancel: ends the observation; it should hold what it observes weakly.
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
