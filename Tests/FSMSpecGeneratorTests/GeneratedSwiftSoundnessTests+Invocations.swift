import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Invocations (language version 3, behind the preview gate) in the soundness campaign: random
/// specs of the soundness profile with calls and streams in some states and `done`, `error` and
/// `on` transitions on them, compiled with `CompilerOptions(runsInvocations: true)`. A spec the
/// checks refuse is the generator's bug and fails the test with its diagnostics; one whose Swift
/// does not compile with `-warnings-as-errors` is minimized and reported as the other campaign's.
///
/// `FSMC_INVOCATION_SOUNDNESS_COUNT` sets how many specs (default 120); `FSMC_SOUNDNESS_SEED`
/// the seed, as for ``randomSpecsCompileWithWarningsAsErrors()``.
extension GeneratedSwiftSoundnessTests {
    static let invocationCount = Int(environment["FSMC_INVOCATION_SOUNDNESS_COUNT"] ?? "") ?? 120

    static var invocationProfile: SpecProfile {
        var profile = SpecProfile.soundness
        profile.invocations = true
        return profile
    }

    static let invocationOptions = CompilerOptions(runsInvocations: true)

    @Test func randomSpecsWithInvocationsCompileWithWarningsAsErrors() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let failures = try await onOwnThread {
            try Self.campaign(
                compiler, profile: Self.invocationProfile, count: Self.invocationCount,
                options: Self.invocationOptions, reportsRefusedSpecs: true)
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
    ]

    @Test func theInvocationCampaignsFindingsCompile() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.invocationRegressions.map { text in
            let compilation = Compiler.compile(SourceText(text), options: Self.invocationOptions)
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}
