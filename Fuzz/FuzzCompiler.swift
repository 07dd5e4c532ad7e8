// The libFuzzer target for the whole compiler pipeline: source bytes → diagnostics →
// Swift, diagrams and test paths. Built and run by `Fuzz/fuzz.sh`, not by SwiftPM: it needs
// `-sanitize=fuzzer,address`.
//
// libFuzzer reports crashes (a trap, an AddressSanitizer error) by itself, and inputs that
// never finish (`-timeout`, wall-clock). The properties that need looking at the results
// are ``PipelineProperties``', shared with the mutation test of the test suite; and each
// input must take under a second of CPU time, measured here, because wall-clock time on a
// machine shared with builds says more about the other processes than about the compiler.
// A broken property traps, which libFuzzer keeps as a crasher like any other crash.

import FSMCompiler

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The most CPU time one input may take.
let cpuTimeLimit = 1.0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiler(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let start = threadCPUTime()
    var violations = PipelineProperties.check(bytes).violations
    let elapsed = threadCPUTime() - start
    if elapsed >= cpuTimeLimit {
        violations.append("took \(elapsed) s of CPU time, more than \(cpuTimeLimit) s")
    }
    if !violations.isEmpty {
        fatalError("property broken:\n" + violations.joined(separator: "\n"))
    }
    return 0
}

/// The CPU time this thread has used, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
