#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing: wall-clock time on the continuous clock, or the CPU time of the calling thread.
enum Stopwatch {
    /// Runs `body` once and returns its result and how long it took, in seconds.
    static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
        let start = ContinuousClock.now
        let result = try body()
        return (result, (ContinuousClock.now - start).seconds)
    }

    /// Runs `body` once and returns its result and the CPU time this thread spent in it, in
    /// seconds. Unlike
    /// wall-clock time it leaves out the time other processes had the core, which on a busy
    /// two-core machine is most of the noise.
    static func measureThreadTime<T>(_ body: () -> T) -> (result: T, seconds: Double) {
        let start = threadTime()
        let result = body()
        return (result, threadTime() - start)
    }

    private static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

extension Array where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count); 0 when empty.
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
