import Foundation

/// Runs `body` on the main actor and returns its result, the main thread draining the main
/// queue with its run loop, as an app's main thread does.
///
/// fsm-bench's top level stays synchronous: an `await` there would make it an async `main`,
/// whose main queue libdispatch on Linux drains from worker threads after parking the main
/// thread. That adds a thread wake-up to every job of the main actor (most of a cycle's time in
/// the invocation section) and is more than Valgrind can follow.
@MainActor func runOnMainRunLoop<Result: Sendable>(_ body: @escaping @MainActor () async -> Result) -> Result {
    var result: Result?
    Task { @MainActor in
        result = await body()
    }
    while result == nil {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
    return result!
}
