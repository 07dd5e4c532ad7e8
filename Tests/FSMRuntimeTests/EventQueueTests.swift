import FSMRuntime
import Testing

@Suite("EventQueue: first in, first out, reused")
struct EventQueueTests {
    @Test func startsEmpty() {
        var queue = EventQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.popFirst() == nil)
    }

    @Test func popsInTheOrderAppended() {
        var queue = EventQueue<String>()
        for word in ["a", "b", "c"] {
            queue.append(word)
        }
        #expect(queue.count == 3)
        #expect(queue.popFirst() == "a")
        #expect(queue.popFirst() == "b")
        #expect(queue.count == 1)
        #expect(queue.popFirst() == "c")
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    @Test func appendingWhileDrainingKeepsTheOrder() {
        var queue = EventQueue<Int>()
        queue.append(1)
        queue.append(2)
        var popped: [Int] = []
        var next = 3
        while let element = queue.popFirst() {
            popped.append(element)
            if next <= 6 {
                queue.append(next)
                next += 1
            }
        }
        #expect(popped == [1, 2, 3, 4, 5, 6])
    }

    @Test func isReusableAfterBeingDrained() {
        var queue = EventQueue<Int>()
        for round in 0..<3 {
            for element in 0..<4 {
                queue.append(round * 10 + element)
            }
            var popped: [Int] = []
            while let element = queue.popFirst() {
                popped.append(element)
            }
            #expect(popped == (0..<4).map { round * 10 + $0 })
            #expect(queue.isEmpty)
        }
    }

    @Test func removeAllEmptiesItForReuse() {
        var queue = EventQueue<Int>()
        queue.append(1)
        queue.append(2)
        _ = queue.popFirst()
        queue.removeAll()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.popFirst() == nil)
        queue.append(3)
        #expect(queue.count == 1)
        #expect(queue.popFirst() == 3)
    }

    @Test func copiesAreIndependent() {
        var queue = EventQueue<Int>()
        queue.append(1)
        queue.append(2)
        var copy = queue
        #expect(copy.popFirst() == 1)
        #expect(queue.count == 2)
        #expect(queue.popFirst() == 1)
        #expect(copy.popFirst() == 2)
    }

    @Test func holdsManyElementsInOrder() {
        var queue = EventQueue<Int>()
        for element in 0..<10_000 {
            queue.append(element)
            if element.isMultiple(of: 3) { _ = queue.popFirst() }
        }
        var popped: [Int] = []
        while let element = queue.popFirst() {
            popped.append(element)
        }
        #expect(popped == Array(3334..<10_000))
    }
}
