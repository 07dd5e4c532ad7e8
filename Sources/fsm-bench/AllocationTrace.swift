#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Counts heap allocations with glibc's allocation tracer, `mtrace(3)`: between `mtrace()` and
/// `muntrace()`, glibc writes a line to the file `MALLOC_TRACE` names for every `malloc`,
/// `realloc` and `free` of any code in the process, the Swift runtime's included.
///
/// Since glibc 2.34 the tracer lives in `libc_malloc_debug.so`, which must be preloaded, so the
/// allocation benchmark runs in a child process (``childEnvironment(traceFile:)``) that counts
/// with ``count(_:)``. The library's `mtrace` is a compatibility symbol that plain `dlsym`
/// does not see (it finds libc's empty stub), hence the versioned lookup.
enum AllocationTrace {
    private typealias TraceSwitch = @convention(c) () -> Void
    private typealias VersionedLookup = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?

    /// The environment of a child process that can count allocations into `traceFile`, or
    /// `nil` when this system has no `libc_malloc_debug.so.0` next to its libc.
    static func childEnvironment(traceFile: URL) -> [String: String]? {
        guard let library = mallocDebugLibrary() else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = library
        environment["MALLOC_TRACE"] = traceFile.path
        return environment
    }

    /// How many blocks `body` allocated (`malloc`, `calloc`, `realloc`, `memalign`), or `nil`
    /// when this process cannot trace allocations.
    static func count(_ body: () -> Void) -> Int? {
        guard let tracer, let path = ProcessInfo.processInfo.environment["MALLOC_TRACE"] else { return nil }
        tracer.start()
        body()
        tracer.stop()
        guard let trace = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        // "@ caller + 0xADDRESS 0xSIZE" for an allocation, "> 0xADDRESS 0xSIZE" for the new
        // block of a realloc, "- 0xADDRESS" for a free.
        return trace.split(separator: "\n").count { $0.contains(" + ") || $0.contains(" > ") }
    }

    /// How many blocks `body` allocated, on any thread, until it returned; `nil` when this
    /// process cannot trace allocations. For work that suspends (tasks, yields to an actor).
    nonisolated(nonsending) static func count(_ body: () async -> Void) async -> Int? {
        guard let tracer, let path = ProcessInfo.processInfo.environment["MALLOC_TRACE"] else { return nil }
        tracer.start()
        await body()
        tracer.stop()
        guard let trace = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return trace.split(separator: "\n").count { $0.contains(" + ") || $0.contains(" > ") }
    }

    private static let tracer: (start: TraceSwitch, stop: TraceSwitch)? = {
        #if canImport(Glibc)
        let process = dlopen(nil, RTLD_NOW)
        guard let lookup = dlsym(process, "dlvsym").map({ unsafeBitCast($0, to: VersionedLookup.self) }) else { return nil }
        // The first symbol version of each architecture's glibc: x86_64, aarch64, i386,
        // ppc64le, s390x, riscv64.
        for version in ["GLIBC_2.2.5", "GLIBC_2.17", "GLIBC_2.0", "GLIBC_2.3", "GLIBC_2.2", "GLIBC_2.27"] {
            guard let start = lookup(process, "mtrace", version), let stop = lookup(process, "muntrace", version),
                  // Without the preloaded library, these are libc's stubs, which trace nothing.
                  isInMallocDebugLibrary(start)
            else { continue }
            return (unsafeBitCast(start, to: TraceSwitch.self), unsafeBitCast(stop, to: TraceSwitch.self))
        }
        #endif
        return nil
    }()

    /// `libc_malloc_debug.so.0` in the directory of the libc this process runs with.
    private static func mallocDebugLibrary() -> String? {
        guard let maps = readSystemFile("/proc/self/maps"),
              let libc = maps.split(separator: "\n").lazy.compactMap({ $0.split(separator: " ").last }).first(where: { $0.hasSuffix("/libc.so.6") })
        else { return nil }
        let library = URL(fileURLWithPath: String(libc)).deletingLastPathComponent().appendingPathComponent("libc_malloc_debug.so.0").path
        return FileManager.default.fileExists(atPath: library) ? library : nil
    }

    private static func isInMallocDebugLibrary(_ address: UnsafeMutableRawPointer) -> Bool {
        guard let maps = readSystemFile("/proc/self/maps") else { return false }
        let value = UInt(bitPattern: address)
        return maps.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            guard let path = fields.last, path.hasSuffix("libc_malloc_debug.so.0"),
                  let range = fields.first?.split(separator: "-"), range.count == 2,
                  let low = UInt(range[0], radix: 16), let high = UInt(range[1], radix: 16)
            else { return false }
            return (low..<high).contains(value)
        }
    }
}
