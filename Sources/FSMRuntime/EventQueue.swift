/// A first-in, first-out queue that keeps its storage, so a machine that queues events
/// (sent from inside a step, or raised) stops allocating once it has warmed up.
///
/// Inlinable, so that generated machines use a copy specialized to their event type: a
/// machine checks `isEmpty` after every step, which must cost a comparison, not a call.
public struct EventQueue<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0

    /// An empty queue, with no storage until the first element arrives.
    @inlinable
    public init() {}

    /// The storage empties as soon as its last element is popped, so an empty queue has no
    /// storage left: one comparison.
    @inlinable
    public var isEmpty: Bool { storage.isEmpty }

    /// How many elements wait in the queue.
    @inlinable
    public var count: Int { storage.count - head }

    /// Adds `element` behind those already waiting.
    @inlinable
    public mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element.
    @inlinable
    public mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    /// Drops every waiting element, keeping the storage for the next ones.
    @inlinable
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }
}
