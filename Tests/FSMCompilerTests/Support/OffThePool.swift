import Testing
import TestSupport

/// Runs each test of a suite on ``ThreadPoolExecutor/shared`` instead of Swift's cooperative
/// pool: the compiler's tests compute, synchronously, for thousands of cases, and on the pool
/// they would make the real-time timer tests of the other targets wait behind them (see
/// ``ThreadPoolExecutor``). The test stays the same task, so its issues, task locals and
/// cancellation are its own.
struct OffThePoolTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(ThreadPoolExecutor.shared) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Runs each test of the suite off the cooperative pool (``OffThePoolTrait``).
    static var offThePool: Self { Self() }
}
