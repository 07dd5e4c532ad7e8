import FSMCompiler

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What must hold for every input the compiler is given, whatever its bytes: the checks the
/// fuzz target (`Fuzz/FuzzCompiler.swift`, which compiles this file too) and the mutation
/// test (``MutationTests``) run on each input.
///
/// The whole pipeline runs, as `fsmc` runs it: compile, render the diagnostics with their
/// source lines, and for an accepted spec emit Swift, the three diagrams and the three forms
/// of test paths. A crash, or an input that never ends, is the caller's to notice (libFuzzer
/// does, and a test process dies); the properties that need looking at the results are
/// checked here:
///
/// - the input takes less than a second of CPU time, or a second per 32 KiB of a larger input
///   (CPU time, not wall-clock time: on a machine busy with builds, a process may wait for
///   the CPU for longer than that; a mutant that copies a 65 KB line of 13,000 payload types
///   writes 4.5 MB of Swift in about a second of linear work, which is no hang), path
///   planning aside: its searches are bounded by situations (``PathPlanner/maximumSituations``),
///   and a spec with parallel states and histories can reach the bound, which costs a few
///   seconds in a debug build; it gets ``pathPlanningTimeLimit``;
/// - every diagnostic, note and suggestion lies inside the file, and its line and column
///   agree with its byte offset;
/// - a spec with no errors has a model (a spec is never refused without an error that says
///   why), and every emitter gives a non-empty text (Swift declaring the machine's class);
/// - the generated Swift has no control character but line feeds and tabs, whatever the spec
///   holds in its doc comments, strings and payload types;
/// - `fsmc format` lays out every spec that parses (it refuses only syntax errors, never with
///   its own "could not lay this spec out", which means the layout changed more than white
///   space), and the layout formats to itself.
enum PipelineProperties {
    /// What one run of the pipeline found.
    struct Outcome {
        /// Broken properties, one message each; empty when all hold.
        var violations: [String] = []
        /// Whether the spec was accepted (no errors) and everything was emitted.
        var isAccepted = false
        /// The CPU time the pipeline took, in seconds, path planning aside.
        var cpuSeconds = 0.0
        /// The CPU time path planning took, in seconds.
        var planningSeconds = 0.0
    }

    /// The most CPU time an input of `byteCount` bytes may take, in seconds, in a debug build
    /// too, path planning aside: a second, and a second per 32 KiB above that, so work that
    /// grows with the input passes and work that grows faster does not.
    static func cpuTimeLimit(byteCount: Int) -> Double {
        max(1.0, Double(byteCount) / 32_768)
    }

    /// The most CPU time planning the test paths of one input may take, in seconds, in a
    /// debug build too.
    static let pathPlanningTimeLimit = 5.0

    /// Runs the whole pipeline on `bytes` and checks the properties.
    static func check(_ bytes: [UInt8]) -> Outcome {
        let start = threadCPUTime()
        var outcome = run(bytes)
        outcome.cpuSeconds = threadCPUTime() - start - outcome.planningSeconds
        let limit = cpuTimeLimit(byteCount: bytes.count)
        if outcome.cpuSeconds >= limit {
            outcome.violations.append("took \(outcome.cpuSeconds) s of CPU time, more than \(limit) s for \(bytes.count) bytes")
        }
        if outcome.planningSeconds >= pathPlanningTimeLimit {
            outcome.violations.append("planned paths in \(outcome.planningSeconds) s of CPU time, more than \(pathPlanningTimeLimit) s")
        }
        return outcome
    }

    /// The CPU time this thread has used, in seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func run(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        let source = SourceText(bytes: bytes)
        let compilation = Compiler.compile(source)
        for diagnostic in compilation.diagnostics {
            outcome.violations += problems(of: diagnostic.range, in: source, what: "diagnostic '\(diagnostic.message)'")
            for note in diagnostic.notes {
                outcome.violations += problems(of: note.range, in: source, what: "note '\(note.message)'")
            }
            if let suggestion = diagnostic.suggestion {
                outcome.violations += problems(of: suggestion.range, in: source, what: "suggestion '\(suggestion.replacement)'")
            }
        }
        let rendered = DiagnosticRenderer(path: "Fuzz.fsm", source: source).render(compilation.diagnostics)
        if compilation.diagnostics.isEmpty != rendered.isEmpty {
            outcome.violations.append("the renderer printed \(rendered.utf8.count) bytes for \(compilation.diagnostics.count) diagnostics")
        }
        outcome.violations += formattingProblems(source)
        guard !compilation.hasErrors else { return outcome }
        guard let model = compilation.model, let machine = compilation.executable else {
            outcome.violations.append("no errors, but no model or executable machine either")
            return outcome
        }
        let swift = SwiftEmitter.emit(machine, sourceFileName: "Fuzz.fsm", specPath: "Fuzz.fsm")
        if !swift.hasPrefix("// Generated by fsmc") || !swift.contains("final class \(model.name)") {
            outcome.violations.append("the emitted Swift does not declare 'final class \(model.name)'")
        }
        let planningStart = threadCPUTime()
        let plan = PathPlanner.plan(model)
        outcome.planningSeconds = threadCPUTime() - planningStart
        let swiftTests = PathsSwiftTestingEmitter.emit(plan, sourceFileName: "Fuzz.fsm", module: "Fuzz")
        for (format, text) in [("Swift", swift), ("paths Swift Testing", swiftTests)] where containsControlCharacters(text) {
            outcome.violations.append("the \(format) has a control character other than a line feed or a tab")
        }
        let texts = [
            ("DOT", DotEmitter.emit(model)),
            ("Mermaid", MermaidEmitter.emit(model)),
            ("PlantUML", PlantUMLEmitter.emit(model)),
            ("paths text", PathsTextEmitter.emit(plan, sourceFileName: "Fuzz.fsm")),
            ("paths JSON", PathsJSONEmitter.emit(plan, sourceFileName: "Fuzz.fsm")),
            ("paths Swift Testing", swiftTests),
        ]
        for (format, text) in texts where text.isEmpty {
            outcome.violations.append("the \(format) emitter wrote nothing")
        }
        outcome.isAccepted = true
        return outcome
    }

    /// What is wrong with `fsmc format`'s layout of a spec.
    private static func formattingProblems(_ source: SourceText) -> [String] {
        let formatted: String
        do {
            formatted = try formatSpec(source)
        } catch {
            let ownFailure = error.diagnostics.contains { $0.message.hasPrefix("fsmc format could not lay this spec out") }
            return ownFailure ? ["fsmc format changed more than white space, and refused the spec"] : []
        }
        guard let again = try? formatSpec(formatted) else {
            return ["fsmc format refused its own layout"]
        }
        return again == formatted ? [] : ["fsmc format's layout formats to something else again"]
    }

    /// Whether generated Swift has a control character a spec smuggled in: a lone carriage
    /// return ends a comment line early and makes code of the rest; a NUL breaks the file.
    private static func containsControlCharacters(_ text: String) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }
    }

    /// What is wrong with a range: outside the file, backwards, or with a line and column
    /// that do not match its offset.
    private static func problems(of range: SourceRange, in source: SourceText, what: String) -> [String] {
        var problems: [String] = []
        for (end, location) in [("start", range.start), ("end", range.end)] {
            guard (0...source.bytes.count).contains(location.offset) else {
                problems.append("\(what): \(end) offset \(location.offset) is outside the file of \(source.bytes.count) bytes")
                continue
            }
            let expected = source.location(at: location.offset)
            if expected.line != location.line || expected.column != location.column {
                problems.append("\(what): \(end) is at \(location) but its offset \(location.offset) is at \(expected)")
            }
        }
        if range.start.offset > range.end.offset {
            problems.append("\(what): the range \(range) ends before it starts")
        }
        return problems
    }
}
