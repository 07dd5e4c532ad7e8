import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The properties of the example machines (`machines/*.fsm`) say what each promises: they hold
/// of the machines as written, and each mutant below (a dropped transition, a changed target, a
/// negated guard: the slips a property is there to catch) breaks the one it names, with a
/// counterexample the interpreter replays to the violation.
@Suite(.offThePool) struct ExampleMachineMutantTests {
    struct Mutant: CustomTestStringConvertible, Sendable {
        var spec: String
        /// What the mutant does to the spec's text: `original` replaced by `replacement`.
        var original: String
        var replacement: String
        /// The text of the property it breaks (``PropertyModel/text``).
        var broken: String

        var testDescription: String { "\(spec): \(original) → \(replacement.isEmpty ? "(dropped)" : replacement)" }
    }

    static let mutants: [Mutant] = [
        // A changed target: logging in skips the state that says so.
        Mutant(spec: "Checkout", original: "on loggedIn -> afterLogIn", replacement: "on loggedIn -> beforePayment",
               broken: "in(beforePayment) only after in(afterLogIn)"),
        // A dropped transition: a registration that fails strands the flow.
        Mutant(spec: "Checkout", original: "error registerForPush -> stable / report", replacement: "",
               broken: "always reachable in(beforeLogIn) || in(stable)"),
        // A negated guard: italic without bold.
        Mutant(spec: "Navigator", original: "[in(boldOn)]", replacement: "[!in(boldOn)]",
               broken: "in(italicOn) only after in(boldOn)"),
        // A dropped transition: a sleeping app never wakes up.
        Mutant(spec: "Navigator", original: "on wake -> main.history", replacement: "",
               broken: "always reachable in(login)"),
        // A changed target: the call counts as ended while the app is still being left.
        Mutant(spec: "CallTracker", original: "on willResignActive -> callStarting", replacement: "on willResignActive -> callEnded",
               broken: "in(callEnded) only after in(callInProgress)"),
        // A dropped transition: a failed fetch is a dead end.
        Mutant(spec: "Profile", original: "state failed { on retry -> idle }", replacement: "state failed",
               broken: "always reachable in(idle)"),
    ]

    static func compile(_ text: String) -> Compilation {
        Compiler.compile(SourceText(text))
    }

    static func text(of spec: String) throws -> String {
        String(decoding: try RepositorySpecs.bytes(of: "machines/\(spec).fsm"), as: UTF8.self)
    }

    @Test(arguments: ["Checkout", "Navigator", "CallTracker", "Profile"])
    func everyPropertyOfTheExampleHolds(spec: String) throws {
        let compilation = Self.compile(try Self.text(of: spec))
        let machine = try #require(compilation.executable)
        #expect(compilation.diagnostics.isEmpty)
        #expect(!machine.model.properties.isEmpty)
        let report = PropertyChecker.check(machine)
        #expect(report.results.allSatisfy { $0.verdict == .holds })
    }

    @Test(arguments: mutants)
    func theMutantBreaksTheProperty(mutant: Mutant) throws {
        let original = try Self.text(of: mutant.spec)
        #expect(original.contains(mutant.original))
        let compilation = Self.compile(original.replacingOccurrences(of: mutant.original, with: mutant.replacement))
        let machine = try #require(compilation.executable)
        let report = PropertyChecker.check(machine)
        let failing = report.results.filter { if case .fails = $0.verdict { true } else { false } }.map(\.property.text)
        #expect(failing == [mutant.broken])
        // The build reports it at the property's line.
        let property = try #require(machine.model.properties.first { $0.text == mutant.broken })
        #expect(compilation.diagnostics.contains {
            $0.severity == .error && $0.range == property.range && $0.message.hasPrefix("property '\(mutant.broken)' fails")
        })
        for result in report.results {
            guard case .fails(let counterexample?) = result.verdict else { continue }
            #expect(PropertyChecker.replay(counterexample, of: result.property, in: machine))
        }
    }
}
