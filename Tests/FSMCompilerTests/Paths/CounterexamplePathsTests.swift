import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Counterexamples as test paths (``CounterexamplePaths``): the guards each step needs holding,
/// timers at their deadlines, the violation where the counterexample says, every path replayed
/// in the interpreter; and the counterexamples the generated machine cannot be driven through,
/// refused at their `assert`.
@Suite struct CounterexamplePathsTests {
    static let gate = """
        machine Gate {
            event coin
            event push
            initial state locked {
                on coin [isPaid] -> unlocked
                on push [isForced] -> passing
                on push -> alarm
            }
            state unlocked { on push -> passing; after 5s -> locked }
            state passing { always -> locked }
            state alarm { after 1s -> broken }
            final state broken
        }

        """

    /// The paths of `properties` over `spec`, checked to replay in the interpreter as they
    /// claim and to end where their counterexamples end (unless the property breaks within
    /// the last step).
    static func paths(
        _ spec: String, _ properties: [String], samples: SampleValues = SampleValues(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (CounterexamplePaths, CheckedSpec) {
        let checked = try CheckedSpec(spec, properties, sourceLocation: sourceLocation)
        let report = checked.check()
        let paths = CounterexamplePaths(report, of: checked.executable, samples: samples)
        for path in paths.paths {
            let replay = PathReplay(path, of: checked.executable)
            let claimed = PathReplay.claimed(by: path)
            #expect(replay.start == claimed.start && replay.steps == claimed.steps, "\(path.purpose)", sourceLocation: sourceLocation)
            guard case .counterexample(let index) = path.purpose,
                  case .fails(let counterexample?) = report.results[index].verdict
            else {
                Issue.record("\(path.purpose) is no counterexample of a failing property", sourceLocation: sourceLocation)
                continue
            }
            // Past a violation within the last step, the path may answer guards anew.
            guard path.violatingMicrostep == nil else { continue }
            let end = counterexample.steps.last!.configurations.last!
            let atomicEnd = end.filter { checked.model[$0].isAtomic }
            #expect((path.steps.last?.atomicStatesAfter ?? path.startAtomicStates) == atomicEnd, sourceLocation: sourceLocation)
        }
        return (paths, checked)
    }

    @Test func eachStepHoldsTheGuardsItsCounterexampleAnswersTrue() throws {
        let (paths, checked) = try Self.paths(
            Self.gate, ["never in(alarm)", "in(passing) only after in(unlocked)", "never in(broken)", "reachable in(unlocked)"])
        #expect(paths.refusals.isEmpty)
        // One path per failing property with a counterexample; `reachable` holds.
        #expect(paths.paths.map(\.purpose) == [.counterexample(0), .counterexample(1), .counterexample(2)])
        #expect(paths.paths.map { $0.steps.map(\.holdingGuards) } == [[[]], [["isForced"]], [[], []]])
        // The timer fires when the clock reaches its deadline.
        #expect(paths.paths[2].steps.map(\.stimulus) == [.send(EventID(1)), .advance(nanoseconds: 1_000_000_000)])
        // `passing` is passed through: the violation is the configuration after the step's
        // first transition.
        #expect(paths.paths[1].violatingMicrostep == 0)
        #expect(paths.paths[0].violatingMicrostep == nil)
        #expect(checked.model.properties.count == 4)
    }

    @Test func aGuardTheStartAsksHoldsBeforeTheMachineIsMade() throws {
        let spec = """
            machine Vault {
                event enter
                initial state idle { always [inMaintenance] -> service; on enter -> service }
                state service {}
            }

            """
        let (paths, _) = try Self.paths(spec, ["never in(service)"])
        #expect(paths.paths.count == 1)
        #expect(paths.paths[0].startHoldingGuards == ["inMaintenance"])
        #expect(paths.paths[0].steps.isEmpty)
        let tests = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "Vault.fsm", module: nil)
        #expect(tests.contains("""
                    let script = VaultPathScript()
                    script.holdingGuards = ["inMaintenance"]
                    let machine = Vault(actions: script)
            """))
        #expect(tests.contains("// 'never in(service)' breaks here.\n        #expect(machine.isIn(.service))"))
    }

    /// The refusal of the only property of `spec`: its message, then each note as `note line:
    /// message`.
    static func refusal(_ spec: String, _ property: String, samples: SampleValues = SampleValues()) throws -> [String] {
        let (paths, checked) = try Self.paths(spec, [property], samples: samples)
        #expect(paths.paths.isEmpty)
        #expect(paths.refusals.allSatisfy { $0.range == checked.model.properties[0].range && $0.severity == .error })
        return paths.refusals.flatMap { diagnostic in
            [diagnostic.message] + diagnostic.notes.map { "note \($0.range.start.line): \($0.message)" }
        }
    }

    @Test func aGuardThatMustAnswerBothWaysInOneStepIsAnsweredPerCall() throws {
        let spec = """
            machine Latch {
                event press
                initial state open { on press [isArmed] -> closing }
                state closing { always [isArmed] -> open; always -> shut }
                state shut {}
            }

            """
        // `isArmed` answers true for the press, then false for the eventless transitions: one
        // answer per call of the guard's function, in the order the generated machine calls it.
        let (paths, _) = try Self.paths(spec, ["never in(shut)"])
        #expect(paths.refusals.isEmpty)
        let step = try #require(paths.paths.first?.steps.last)
        #expect(step.guardQueues == ["isArmed": [true, false]])
        #expect(step.holdingGuards == [])
        let tests = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "Latch.fsm", module: nil)
        #expect(tests.contains("func isArmed() -> Bool { answer(\"isArmed\") }"))
        #expect(tests.contains("""
                    script.answersPerCall = ["isArmed": [true, false]]
                    machine.send(.press)
                    #expect(script.answersPerCall.isEmpty)
                    #expect(machine.state == .shut)
            """))
    }

    @Test func pastAViolationTheStepMayAnswerGuardsAnew() throws {
        let spec = """
            machine Latch {
                event press
                initial state open { on press [isArmed] -> closing }
                state closing { always [isArmed] -> open; always -> shut }
                final state shut
            }

            """
        // The counterexample passes through `closing` on its way to `shut`, answering
        // `isArmed` both ways; answered `true` throughout, the step passes through `closing`
        // too, back to `open`.
        let (paths, _) = try Self.paths(spec, ["never in(closing)"])
        #expect(paths.refusals.isEmpty)
        #expect(paths.paths.first?.steps.map(\.holdingGuards) == [["isArmed"]])
        #expect(paths.paths.first?.steps.last?.atomicStatesAfter == [StateID(0)])
        #expect(paths.paths.first?.violatingMicrostep == 0)
    }

    @Test func aTimerFiredBeforeOneDueFirstIsRefused() throws {
        let spec = """
            machine Oven {
                initial state heating { after 1s -> done; after 2s -> burnt }
                state done {}
                state burnt {}
            }

            """
        let refusal = try Self.refusal(spec, "never in(burnt)")
        #expect(refusal.count == 1)
        #expect(refusal.first?.hasSuffix(
            "step 2 (a timer of 'heating') fires a timer of 'heating' before one of 'heating' that is due first, which a clock fires first") == true)
    }

    @Test func aPayloadWithoutASampleIsRefusedAndASampleLetsItThrough() throws {
        let spec = """
            machine Till {
                event pay(Money)
                initial state open { on pay -> paid }
                state paid {}
            }

            """
        let refusal = try Self.refusal(spec, "never in(paid)")
        #expect(refusal.first?.hasSuffix(
            "step 2 (event 'pay') sends 'pay', whose payload has no sample value of type 'Money': give one with --sample") == true)
        let samples = SampleValues([.init(type: "Money", expression: "Money(cents: 100)")])
        let (paths, _) = try Self.paths(spec, ["never in(paid)"], samples: samples)
        #expect(paths.refusals.isEmpty)
        let tests = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "Till.fsm", module: "Shop", specPath: "Till.fsm")
        #expect(tests.contains("machine.send(.pay(Money(cents: 100)))"))
        #expect(tests.contains("// regenerate with `fsmc verify Till.fsm --format swift-testing --module Shop --sample 'Money=Money(cents: 100)'`."))
    }

    @Test func aValueFunctionWithoutASampleIsRefused() throws {
        let spec = """
            machine Meter {
                event read
                output reading(Reading)
                initial state idle { on read -> shown / emit reading(currentReading) }
                state shown {}
            }

            """
        let refusal = try Self.refusal(spec, "never in(shown)")
        #expect(refusal.first?.hasSuffix(
            "step 2 (event 'read') calls 'currentReading', whose result has no sample value of type 'Reading': give one with --sample") == true)
    }

    @Test func aViolationPassedByAsTheMachineStartsIsObservedThroughInit() throws {
        let spec = """
            machine Boot {
                event go
                initial state booting { always -> ready }
                state ready { on go -> booting }
            }

            """
        let (paths, _) = try Self.paths(spec, ["never in(booting)"])
        #expect(paths.refusals.isEmpty)
        let path = try #require(paths.paths.first)
        #expect(path.steps.isEmpty)
        #expect(path.violatingMicrostep == 0)
        let tests = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "Boot.fsm", module: nil)
        #expect(tests.contains("private final class BootStartObserver: Boot.Observer {"))
        #expect(tests.contains("""
                    let observer = BootStartObserver()
                    let machine = Boot(observers: [observer])
                    #expect(machine.state == .ready)
                    try #require(observer.passed.count > 0)
                    // 'never in(booting)' breaks here.
                    #expect(observer.passed[0] == .booting)
            """))
    }

    @Test func conditionsOnARecordedConfigurationOfANestedMachine() throws {
        let spec = """
            machine Vault {
                event enter
                initial state closed {
                    initial state idle { on enter -> checking }
                    state checking { always -> unlocked }
                }
                state open { initial state unlocked {} }
            }

            """
        let (paths, _) = try Self.paths(spec, ["never in(checking) && !(in(idle) || in(open))"])
        let tests = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "Vault.fsm", module: nil)
        #expect(tests.contains("""
                    var passed: [Vault.State] = []
                    machine.observeTransitions { passed.append($0.target) }
                    machine.send(.enter)
                    #expect(machine.state == .open(.unlocked))
                    try #require(passed.count > 0)
            """))
        #expect(tests.contains(
            "#expect(Vault.configuration(passed[0], contains: .checking) && !(Vault.configuration(passed[0], contains: .idle) || Vault.configuration(passed[0], contains: .open)))"))
        #expect(tests.contains("func property1Fails() throws {"))
    }

    /// On random specs with random properties (seeded), every counterexample is either
    /// written, replaying in the interpreter as its path claims and ending where it ends, or
    /// refused at its `assert`; most are written.
    @Test func randomCounterexamplesAreWrittenOrRefused() throws {
        // The agreement tests' flat profile and seed (PropertyCheckerAgreementTests): specs the
        // checker decides quickly.
        var profile = SpecProfile.differential
        profile.parallelStates = false
        profile.history = false
        var generator = SpecGenerator(seed: 0x9E0F_0003, profile: profile, size: .small)
        var random = SplitMix64(seed: 0xC0DE)
        var written = 0
        var refused = 0
        for index in 0..<20 {
            let spec = generator.makeSpec(machineName: "Generated\(index)")
            guard let model = PropertyCheckerAgreementTests.model(of: spec.document.text), CounterexamplePaths.refusals(model).isEmpty else { continue }
            let properties = [0, 2, 3].map { PropertyCheckerAgreementTests.randomProperty(kind: $0, states: model.states.map(\.name), &random) }
            let (paths, checked) = try Self.paths(spec.document.text, properties)
            written += paths.paths.count
            refused += paths.refusals.count
            for refusal in paths.refusals {
                #expect(checked.model.properties.contains { $0.range == refusal.range }, "seed \(spec.seed): \(refusal.message)")
            }
        }
        #expect(written > refused && written >= 10, "\(written) written, \(refused) refused")
    }
}

/// The counterexample tests in `Counterexamples/` of the MachinesTests and
/// InvocationMachinesTests targets are what `fsmc verify --format swift-testing` writes today
/// for the mutants in their `Mutants/` (`FSMC_RECORD_PATHS=1` re-records them); the targets run
/// them on the machines the plugin builds from their `Specs/`, the mutants without their
/// properties (a failing property stops a build).
@Suite("Committed counterexample tests of the mutants", .offThePool)
struct CommittedCounterexampleTests {
    /// Each mutant as `Target/Name`.
    static let mutants = ["MachinesTests/Gate", "MachinesTests/Vault", "MachinesTests/Latch", "InvocationMachinesTests/CheckoutMutant"]

    @Test(arguments: mutants)
    func committedCounterexampleTestsAreUpToDate(_ mutant: String) throws {
        let (target, name) = (mutant.split(separator: "/")[0], mutant.split(separator: "/")[1])
        let folder = ExampleMachines.packageRoot.appendingPathComponent("Tests/\(target)")
        let path = "Tests/\(target)/Mutants/\(name).fsm"
        let text = try String(contentsOf: ExampleMachines.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let compilation = Compiler.compile(SourceText(text), propertyBounds: nil)
        let machine = try #require(compilation.executable, "\(compilation.diagnostics)")
        let report = PropertyChecker.check(machine)
        let paths = CounterexamplePaths(report, of: machine)
        #expect(paths.refusals.isEmpty)
        #expect(paths.paths.count == report.results.count - 1, "every property but one fails with a counterexample")
        let generated = PathsSwiftTestingEmitter.emit(paths, sourceFileName: "\(name).fsm", module: nil, specPath: path)
        GoldenFile.expect(
            generated, matches: folder.appendingPathComponent("Counterexamples/\(name)Counterexamples.swift"),
            recordingVariable: "FSMC_RECORD_PATHS")
    }

    /// The spec the plugin builds is the mutant without its properties (and comments).
    @Test(arguments: mutants)
    func theBuiltSpecIsTheMutantWithoutItsProperties(_ mutant: String) throws {
        let (target, name) = (mutant.split(separator: "/")[0], mutant.split(separator: "/")[1])
        let folder = ExampleMachines.packageRoot.appendingPathComponent("Tests/\(target)")
        func body(_ file: String, droppingProperties: Bool) throws -> [String] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return text.split(separator: "\n").map(String.init).filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && (!trimmed.hasPrefix("//") || trimmed.hasPrefix("///"))
                    && !(droppingProperties && trimmed.hasPrefix("assert "))
            }
        }
        let mutant = try body("Mutants/\(name).fsm", droppingProperties: true)
        let built = try body("Specs/\(name).fsm", droppingProperties: false)
        #expect(mutant == built)
        #expect(try body("Mutants/\(name).fsm", droppingProperties: false).count > mutant.count)
    }
}
