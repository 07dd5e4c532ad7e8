import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Invocations (language version 3) in the soundness campaign: random specs of the soundness
/// profile with calls and streams in some states and `done`, `error` and `on` transitions on
/// them. A spec the checks refuse is the generator's bug and fails the test with its diagnostics; one whose Swift
/// does not compile with `-warnings-as-errors` is minimized and reported as the other campaign's.
///
/// `FSMC_INVOCATION_SOUNDNESS_COUNT` sets how many specs (default 120);
/// `FSMC_INVOCATION_SOUNDNESS_SIZE` their size (`small`, `medium`, the default, or `large`);
/// `FSMC_SOUNDNESS_SEED` the seed, as for ``randomSpecsCompileWithWarningsAsErrors()``.
extension GeneratedSwiftSoundnessTests {
    static let invocationCount = Int(environment["FSMC_INVOCATION_SOUNDNESS_COUNT"] ?? "") ?? 120

    static var invocationProfile: SpecProfile {
        var profile = SpecProfile.soundness
        profile.invocations = true
        // `@Observable` machines go with them: their step ends are the invocations' too.
        profile.observable = true
        return profile
    }

    static let invocationSize: SpecSize = switch environment["FSMC_INVOCATION_SOUNDNESS_SIZE"] {
    case "small": .small
    case "large": .large
    default: .medium
    }

    @Test func randomSpecsWithInvocationsCompileWithWarningsAsErrors() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let failures = try await onOwnThread {
            try Self.campaign(
                compiler, profile: Self.invocationProfile, size: Self.invocationSize, count: Self.invocationCount,
                reportsRefusedSpecs: true)
        }
        #expect(failures.isEmpty, "\(failures.count) generated specs with invocations failed:\n\n\(failures.joined(separator: "\n\n"))")
    }

    /// What the invocation campaigns found, fixed in the Swift back end, kept: each spec
    /// generates Swift that compiles with `-warnings-as-errors` (seed 1356668966, a run of the
    /// default count, unless noted).
    static let invocationRegressions: [String] = [
        // A call's results that no transition reads were bound all the same (`let hashValue =
        // value.hashValue`: "initialization of immutable value … was never used"; spec 17).
        """
        machine UnusedResults {
            state s1 {
                invoke fetch4(hashValue: Bool, in: String?)
                done fetch4 -> s2
            }
            initial state s2
        }
        """,
        // Foundation types only in invocation results: the file did not import Foundation
        // ("cannot find type 'UUID' in scope"; specs 21, 23, 107).
        """
        machine FoundationResults {
            initial state s1 {
                invoke ping4(from: UUID)
                invoke stream watch5(at: Date, data: Data)
                invoke load6(of: [URL]?, when: Float)
            }
        }
        """,
        // Result labels Swift reserves in a tuple type: `InvocationOutcome<(init: [URL]?, return:
        // Int??)>` ("expected parameter name followed by ':'"; spec 29).
        """
        machine KeywordResultLabels {
            initial state s1 {
                invoke configuration(default: [URL]?, of: [String: Int])
                invoke stream nonisolated(init: [URL]?, return: Int??)
                on nonisolated [isReady] / apply
                done configuration -> s2 / keep
            }
            state s2
        }
        """,
        // A result labeled `value` hid the tuple from the parts after it (`let value =
        // value.value; let type = value.type`: "value of type 'Bool' has no member 'type'";
        // spec 96).
        """
        machine ResultLabeledValue {
            initial state s1 {
                invoke stream updates25(value: Bool, type: Int)
                on updates25 [isOn] -> s2
            }
            state s2
        }
        """,
        // A region's transition on a stream's elements that the only state inside it preempts
        // is not written, yet its guard's reading of the results was bound (second run, spec 52).
        """
        machine PreemptedResultsReader {
            state event {
                initial state s2
            }
            state transition(level15: Int??, since16: Double?) {
                initial state group4 {
                    initial final state end5
                }
                parallel state async {
                    state region13 {
                        invoke stream watch24(description: Substring, count: Set<String>)
                        initial state s14 {
                            on watch24 -> s2
                        }
                        on watch24 [can44() && can78]
                    }
                }
            }
            initial state s18
        }
        """,
        // Large specs (seed 7, FSMC_INVOCATION_SOUNDNESS_SIZE=large). Two invocations whose
        // names differ only in their first letter's case: both walks were `takeDoneOfOutput`
        // ("invalid redeclaration"; spec 117).
        """
        machine InvocationsDifferingInCase {
            initial state a {
                invoke Output
                invoke stream output(id: Int, Type: Int?)
                done Output -> b
                done output -> b
                error output [isBad] -> b
                on output / apply
            }
            state b
        }
        """,
        // A call's one result of a function type, passed on by `raise` and `emit`: the walk's
        // parameter did not escape ("passing non-escaping parameter 'of' to function expecting
        // an '@escaping' closure"; spec 45).
        """
        machine ClosureResult {
            event tick(of: @Sendable (Int) -> Void)
            output handler(of: @Sendable (Int) -> Void)
            initial state a {
                invoke load27(of: @Sendable (Int) -> Void)
                done load27 -> b / raise tick(of: of), emit handler(of: of)
            }
            state b
        }
        """,
    ]

    @Test func theInvocationCampaignsFindingsCompile() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.invocationRegressions.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}

/// fsmc's interpreter, the one semantics, runs random specs with invocations without trapping:
/// it starts each, then sends events, delivers what the running invocations may deliver (done,
/// error, a stream's elements, from runs current and from runs that ended) and moves time to
/// the next timer's deadline, answering guards at random. Every delivery of a run that is no longer current must be
/// dropped, and every running invocation's state must be active.
@Suite("The interpreter runs random specs with invocations")
struct InvocationInterpreterRunTests {
    @Test func randomSpecsWithInvocationsRun() async throws {
        try await onOwnThread {
            var generator = SpecGenerator(
                seed: GeneratedSwiftSoundnessTests.seed, profile: GeneratedSwiftSoundnessTests.invocationProfile, size: .medium)
            var random = SplitMix64(seed: GeneratedSwiftSoundnessTests.seed)
            var problems: [String] = []
            for index in 0..<GeneratedSwiftSoundnessTests.invocationCount {
                let spec = generator.makeSpec(machineName: "Run\(index)")
                let compilation = Compiler.compile(SourceText(spec.text))
                guard let machine = compilation.executable else { continue }
                let model = machine.model
                let guardNames = model.guards.map(\.name)
                func answers() -> Set<String> { Set(guardNames.filter { _ in random.next() % 2 == 0 }) }
                var interpreter = MachineInterpreter(machine: machine)
                _ = interpreter.start(answers: answers())
                var ended: [MachineInterpreter.InvocationRun] = []
                for _ in 0..<40 where !interpreter.isFinished && !interpreter.diverged {
                    for run in interpreter.runningInvocations where !interpreter.isActive(model[run.invocation].owner) {
                        problems.append("spec \(index): '\(model[run.invocation].name)' runs while its state is not active\n\(spec.text)")
                    }
                    let running = interpreter.runningInvocations
                    switch random.below(4) {
                    case 0 where !model.events.isEmpty:
                        _ = interpreter.send(EventID(random.below(model.events.count)), answers: answers())
                    case 1 where !ended.isEmpty:
                        // A late result: dropped, whatever it is.
                        let run = random.pick(ended)
                        let taken = interpreter.deliver(random.chance(50) ? .done : .error, from: run, answers: answers())
                        if !taken.isEmpty { problems.append("spec \(index): a late result of '\(model[run.invocation].name)' was taken\n\(spec.text)") }
                    case 2:
                        // To the next timer's deadline: a timer that restarts itself every 10ms
                        // fires once, not 360,000 times in an hour.
                        guard let next = interpreter.runningTimers.map(\.deadline).min() else { continue }
                        _ = interpreter.advance(to: next, answers: answers())
                    default:
                        guard !running.isEmpty else { continue }
                        let run = random.pick(running)
                        let isStream = model[run.invocation].kind == .stream
                        let result: InvocationResult = isStream && random.chance(60) ? .element : random.chance(70) ? .done : .error
                        _ = interpreter.deliver(result, from: run, answers: answers())
                    }
                    ended += running.filter { !interpreter.runningInvocations.contains($0) }
                }
                if problems.count > 3 { break }
            }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
        }
    }
}
