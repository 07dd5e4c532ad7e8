import Foundation

/// Runs blocking work on a thread of its own and waits for it without holding a thread of
/// Swift's cooperative pool.
///
/// Swift Testing runs tests as tasks on the cooperative pool, which has one thread per core:
/// two cores here. A long synchronous test (compiling a huge spec, running `swiftc` or
/// `fsmc`) would hold one of them for its whole run, and the tests that need the pool, such
/// as those waiting for a real timer to come back on an actor, would starve.
public func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Swift.Result { try work() })
        }
        thread.stackSize = 16 << 20
        thread.start()
    }
}
