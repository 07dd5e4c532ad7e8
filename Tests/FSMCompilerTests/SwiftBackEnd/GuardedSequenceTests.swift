@testable import FSMSwift
import FSMCompiler
import TestSupport
import Testing

/// ``GuardedSequence``: "the first transition whose guard holds, up to the first unguarded one",
/// in its three shapes, and what writing it reports.
@Suite(.offThePool) struct GuardedSequenceTests {
    private func sequence(_ guards: [GuardModel?]) -> GuardedSequence {
        GuardedSequence(count: guards.count, guardAt: { guards[$0] }, condition: { guardModel in
            if case .call(let name) = guardModel { return "actions.\(name)()" }
            return nil
        })
    }

    @Test func cutsAfterTheFirstCandidateThatAlwaysHolds() {
        let cut = sequence([.call("a"), .else, .call("b")])
        #expect(cut.branches.map(\.position) == [0, 1])
        #expect(cut.branches.map(\.condition) == ["actions.a()", nil])
        #expect(cut.isExhaustive)
        #expect(cut.takenAtOnce == nil)
        #expect(sequence([nil, .call("a")]).takenAtOnce == 0)
        #expect(!sequence([.call("a"), .call("b")]).isExhaustive)
        #expect(!sequence([]).isExhaustive)
    }

    @Test func blocksReportWhetherControlLeaves() {
        var writer = CodeWriter()
        let written = sequence([.call("a"), nil]).writeBlocks(into: &writer) { branch, writer in
            writer.line("return \(branch.position)")
        }
        #expect(written.leaves)
        #expect(writer.text == "if actions.a() {\n    return 0\n}\nreturn 1\n")
        var open = CodeWriter()
        #expect(!sequence([.call("a")]).writeBlocks(into: &open) { _, writer in writer.line("take()") }.leaves)
    }

    @Test func linesAndChains() {
        var lines = CodeWriter()
        let leaves = sequence([.call("a"), .call("b")]).writeLines(into: &lines) { "return \($0)" }.leaves
        #expect(!leaves)
        #expect(lines.text == "if actions.a() { return 0 }\nif actions.b() { return 1 }\n")

        var chain = CodeWriter()
        sequence([.call("a"), .call("b")]).writeChain(into: &chain, body: { branch, writer in writer.line("take(\(branch.position))") }) { writer in
            writer.line("return")
        }
        #expect(chain.text == "if actions.a() {\n    take(0)\n} else if actions.b() {\n    take(1)\n} else {\n    return\n}\n")

        var atOnce = CodeWriter()
        sequence([nil]).writeChain(into: &atOnce, body: { branch, writer in writer.line("take(\(branch.position))") }) { writer in
            writer.line("return")
        }
        #expect(atOnce.text == "take(0)\n")

        var none = CodeWriter()
        sequence([]).writeChain(into: &none, body: { _, _ in }) { writer in writer.line("open()") }
        #expect(none.text == "open()\n")
    }

    @Test func aChoiceKnownAtOnceIsAValue() throws {
        let lowered = try Lowered("machine M {\n event go\n initial state a { on go -> b }\n state b { on go [ok] -> a }\n}")
        let machine = lowered.executable
        let unguarded = machine.transitions(of: .state(lowered.state("a")), for: try lowered.event("go"))
        var choice = ChoiceCode()
        choice.returnFirst(of: unguarded, in: machine) { _ in "ok" }
        #expect(choice.immediateValue == "\(unguarded[0].index)")
        let guarded = machine.transitions(of: .state(lowered.state("b")), for: try lowered.event("go"))
        var code = ChoiceCode()
        code.returnFirst(of: guarded, in: machine) { _ in "actions.ok()" }
        #expect(code.immediateValue == nil)
        #expect(code.statements.text == "if actions.ok() { return \(guarded[0].index) }\nreturn nil\n")
        var empty = ChoiceCode()
        empty.returnFirst(of: [], in: machine) { _ in nil }
        #expect(empty.immediateValue == "nil")
    }
}
