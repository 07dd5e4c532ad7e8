/// A first-in, first-out queue that keeps its storage, so a machine that queues events
/// (sent from inside a step, or raised) stops allocating once it has warmed up.
public struct EventQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    public init() {}

    @inline(__always)
    public var isEmpty: Bool { head == storage.count }

    public var count: Int { storage.count - head }

    public mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element.
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

    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }
}
