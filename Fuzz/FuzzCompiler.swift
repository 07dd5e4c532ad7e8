// The libFuzzer target for the whole compiler pipeline: source bytes → diagnostics →
// Swift, diagrams and test paths. Built and run by `Fuzz/fuzz.sh`, not by SwiftPM: it needs
// `-sanitize=fuzzer,address`.
//
// libFuzzer reports crashes (a trap, an AddressSanitizer error) by itself, and inputs that
// never finish (`-timeout`, wall-clock). The other properties, each input under a second of
// CPU time among them, are ``PipelineProperties``', shared with the mutation test of the
// test suite. A broken property traps, which libFuzzer keeps as a crasher like any other.

import FSMCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiler(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = PipelineProperties.check(Array(UnsafeBufferPointer(start: data, count: size))).violations
    if !violations.isEmpty {
        fatalError("property broken:\n" + violations.joined(separator: "\n"))
    }
    return 0
}
