import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc verify --format swift-testing`: a test per counterexample, a counterexample the
/// generated machine cannot be driven through refused at its `assert`, `--sample`, `--module`.
extension CommandLineTests {
    static let latch = """
        machine Latch {
            event press
            event pay(Money)
            event knock
            initial state open {
                on press [isArmed] -> closing
                on pay -> paid
                on knock -> knocked
            }
            state closing { always [isArmed] -> open; always -> shut }
            final state shut
            final state paid
            final state knocked
            assert never in(shut)
            assert never in(paid)
            assert never in(knocked)
        }

        """

    @Test func verifyWritesATestPerCounterexampleAndRefusesWhatCannotBeDriven() async throws {
        try await withFiles(["Latch.fsm": Self.latch]) { directory in
            let run = try await fsmc(["verify", "Latch.fsm", "--format", "swift-testing", "--module", "Locks"], in: directory)
            // Properties fail: the status is 1 whatever the format.
            #expect(run.status == 1)
            #expect(run.stderr.contains("""
                Latch.fsm:15:5: error: the counterexample of 'never in(paid)' cannot be written as a Swift Testing test: \
                step 2 (event 'pay') sends 'pay', whose payload has no sample value of type 'Money': give one with --sample

                """))
            #expect(!run.stderr.contains("'never in(shut)' cannot be written"))
            #expect(run.stdout.contains("// regenerate with `fsmc verify Latch.fsm --format swift-testing --module Locks`.\n"))
            #expect(run.stdout.contains("@testable import Locks\n"))
            #expect(run.stdout.contains("@Test(\"'never in(knocked)' fails: knock\")\n    func property3Fails() {"))
            // `isArmed` answers true, then false, within the press: one answer per call.
            #expect(run.stdout.contains("func property1Fails() {"))
            #expect(run.stdout.contains("script.answersPerCall = [\"isArmed\": [true, false]]\n"))

            let sampled = try await fsmc(
                ["verify", "Latch.fsm", "--format=swift-testing", "--sample", "Money=Money(cents: 5)", "--output", "LatchCounterexamples.swift"],
                in: directory)
            #expect(sampled.status == 1)
            #expect(sampled.stdout == "")
            #expect(!sampled.stderr.contains("'never in(paid)'"))
            let file = try String(contentsOf: directory.appendingPathComponent("LatchCounterexamples.swift"), encoding: .utf8)
            #expect(file.contains("machine.send(.pay(Money(cents: 5)))"))
            #expect(file.contains("func property2Fails() {"))
        }
    }

    @Test func verifyNamesSwiftTestingAmongItsFormatsAndRefusesABadSample() async throws {
        try await withFiles(["Latch.fsm": Self.latch]) { directory in
            let format = try await fsmc(["verify", "Latch.fsm", "--format", "xctest"], in: directory)
            #expect(format.status == 2)
            #expect(format.stderr == "fsmc verify: error: unknown format 'xctest'; use text, json, swift-testing\n")
            let sample = try await fsmc(["verify", "Latch.fsm", "--format", "swift-testing", "--sample", "Money"], in: directory)
            #expect(sample.status == 2)
            #expect(sample.stderr.hasPrefix("fsmc verify: error: --sample: "))
        }
    }
}

extension CommandLineTests {
    @Test func verifyRefusesChildMachinesInSwiftTestingAndWritesAnEmptySuiteWhenNothingFails() async throws {
        let parent = """
            machine Host {
                initial state idle { invoke Guest as guest; done guest -> over }
                final state over
                assert never in(over)
            }

            """
        let child = """
            machine Guest {
                event leave
                initial state here { on leave -> gone }
                final state gone
            }

            """
        try await withFiles(["Host.fsm": parent, "Guest.fsm": child]) { directory in
            let refused = try await fsmc(["verify", "Host.fsm", "--sibling", "Guest.fsm", "--format", "swift-testing"], in: directory)
            #expect(refused.status == 1)
            #expect(refused.stdout == "")
            #expect(refused.stderr.contains(
                "Host.fsm:2:26: error: Swift Testing counterexamples do not drive child machines yet (use --format text or json): 'guest' invokes machine 'Guest'\n"))
            let none = try await fsmc(["verify", "Guest.fsm", "--format", "swift-testing"], in: directory)
            #expect(none.status == 0)
            #expect(none.stdout.contains("/// No property of Guest.fsm fails with a run that shows it.\n@Suite(\"Guest counterexamples\")\nstruct GuestCounterexamples {\n}\n"))
        }
    }
}
