import FSMCompiler
import Foundation
import Testing
import TestSupport

/// ``LiveReplay``: a run fed a line at a time replays as ``TraceReplay`` replays the whole
/// file, and a run picked up at any step boundary with a restored start (docs/Inspector.md,
/// what the live inspector's app side sends after a reconnect) replays the rest of it alike,
/// child machines included; restored starts that do not fit the spec are located divergences.
@Suite struct LiveReplayTests {
    /// The spec `name` in machines/ (its siblings in the same folder as its children).
    static func machine(_ path: String, siblings: [String] = []) throws -> (ExecutableMachine, [String: ExecutableMachine]) {
        let read = { (path: String) throws in SourceText(try ExampleMachines.text(of: path)) }
        let siblingTexts = try siblings.map(read)
        var children: [String: ExecutableMachine] = [:]
        for (index, text) in siblingTexts.enumerated() {
            var others = siblingTexts
            others.remove(at: index)
            let child = try #require(Compiler.compile(text, machines: MachineCatalog(specs: others)).executable)
            children[child.model.name] = child
        }
        let machine = try #require(Compiler.compile(try read(path), machines: MachineCatalog(specs: siblingTexts)).executable)
        return (machine, children)
    }

    static func runLines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: ExampleMachines.folder.appendingPathComponent("runs/\(name)"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    static let examples: [(spec: String, siblings: [String], run: String)] = [
        ("Profile.fsm", [], "Profile.jsonl"),
        ("Flows/ReaderFlow.fsm", ["Flows/OnboardingFlow.fsm", "Flows/EditorFlow.fsm"], "ReaderFlow.jsonl"),
    ]

    /// Feeds `lines` one by one; the steps and the divergence.
    static func feed(_ lines: [String], to machine: ExecutableMachine, children: [String: ExecutableMachine]) -> ([ReplayedRun.Step], TraceDivergence?) {
        var live = LiveReplay(machine: machine, children: children)
        var steps: [ReplayedRun.Step] = []
        for line in lines {
            switch live.append(line[...]) {
            case .pending: break
            case .step(let step): steps.append(step)
            case .diverged(let divergence): return (steps, divergence)
            }
        }
        return (steps, live.divergence)
    }

    @Test(arguments: 0..<2) func aRunFedLineByLineReplaysAsTheWholeFile(example: Int) throws {
        let (spec, siblings, run) = Self.examples[example]
        let (machine, children) = try Self.machine(spec, siblings: siblings)
        let lines = try Self.runLines(run)
        let whole = TraceReplay.replay(text: lines.joined(separator: "\n") + "\n", on: machine, children: children)
        #expect(whole.matches)
        let (steps, divergence) = Self.feed(lines, to: machine, children: children)
        #expect(divergence == nil)
        #expect(steps.map(\.lines) == whole.steps.map(\.lines))
        #expect(steps.map(\.configuration) == whole.steps.map(\.configuration))
        #expect(steps.map(\.stimulus) == whole.steps.map(\.stimulus))
        #expect(steps.map(\.entries) == whole.steps.map(\.entries))
    }

    /// The restored start the app's side sends for a run cut after line `cut` (a step's end):
    /// the configuration of every child machine running then, parents first, and the
    /// machine's own. A child runs from its `start` until its `step` with no state (it was
    /// stopped) or its parent's `result` saying it is done.
    static func restoredRun(_ lines: [String], after cut: Int) throws -> [String] {
        let trace = try RecordedTrace.read(lines.joined(separator: "\n"))
        var childMachines: [[String]: String] = [:]
        var lastSteps: [[String]: String] = [:]
        var running: Set<[String]> = []
        for line in trace.lines where line.number <= cut {
            switch line.record {
            case .start(let machine?):
                childMachines[line.path] = machine
                running.insert(line.path)
            case .step(let configuration):
                lastSteps[line.path] = lines[line.number - 1]
                if configuration.isEmpty { running.remove(line.path) }
            case .result(let invocation, .done):
                running = running.filter { !$0.starts(with: line.path + [invocation]) }
            default: break
            }
        }
        var restored = [lines[0].replacing(#"{"fsmcTrace":2"#, with: #"{"fsmcTrace":3"#), #"{"kind":"start","restored":true}"#]
        for path in running.sorted(by: { ($0.count, $0.joined()) < ($1.count, $1.joined()) }) {
            restored.append(#"{"kind":"start","in":"\#(path.joined(separator: "."))","machine":"\#(childMachines[path]!)","restored":true}"#)
            restored.append(lastSteps[path]!)
        }
        restored.append(lastSteps[[]]!)
        return restored + lines[cut...]
    }

    @Test(arguments: 0..<2) func aRunPickedUpAtAnyStepReplaysTheRestAlike(example: Int) throws {
        let (spec, siblings, run) = Self.examples[example]
        let (machine, children) = try Self.machine(spec, siblings: siblings)
        let lines = try Self.runLines(run)
        let whole = TraceReplay.replay(text: lines.joined(separator: "\n") + "\n", on: machine, children: children)
        // After every step but the last, where the app's side picks a run up: after the
        // machine's own steps, and after a child's unless the machine then takes what the
        // child emitted or finished with (held in between, which a configuration does not say).
        let cuts = whole.steps.map(\.lines.upperBound).dropLast().filter { end in
            !lines[end].hasPrefix(#"{"kind":"result""#) || whole.steps.first { $0.lines.upperBound == end }!.path.isEmpty
        }
        #expect(cuts.count > 4)
        for cut in cuts {
            let restored = try Self.restoredRun(lines, after: cut)
            let (steps, divergence) = Self.feed(restored, to: machine, children: children)
            #expect(divergence == nil, "picked up after line \(cut): \(divergence?.message ?? "")")
            let expected = whole.steps.filter { $0.lines.lowerBound > cut }
            #expect(steps.first?.stimulus == .restored)
            #expect(steps.dropFirst().map(\.configuration) == expected.map(\.configuration), "picked up after line \(cut)")
            #expect(steps.dropFirst().map(\.stimulus) == expected.map(\.stimulus), "picked up after line \(cut)")
        }
    }

    static let profileHeader = #"{"fsmcTrace":3,"machine":"Profile","spec":"Profile.fsm","fsmcVersion":"0.1.0"}"#

    @Test func restoredStartsThatDoNotFitTheSpecAreLocated() throws {
        let (machine, children) = try Self.machine("Profile.fsm")
        let cases: [([String], Int, String)] = [
            ([#"{"kind":"step","configuration":["nowhere"]}"#], 3, "the trace restores Profile to state 'nowhere', which its spec does not declare"),
            ([#"{"kind":"step","configuration":["idle","showing"]}"#], 3,
             "the trace restores Profile to [idle, showing], which is not a configuration of its spec"),
            ([#"{"kind":"entry","state":"idle"}"#, #"{"kind":"step","configuration":["idle"]}"#], 3,
             "a restored start holds only the restored starts of the child machines running and their 'step' records, found 'entry idle'"),
            ([#"{"kind":"start","in":"fetchUser","machine":"Profile","restored":true}"#, #"{"kind":"step","configuration":["loading"]}"#], 3,
             "the trace recorded a step of the child machine fetchUser, which the spec does not run here"),
        ]
        for (body, line, message) in cases {
            let lines = [Self.profileHeader, #"{"kind":"start","restored":true}"#] + body
            let (_, divergence) = Self.feed(lines, to: machine, children: children)
            #expect(divergence?.line == line, "\(body)")
            #expect(divergence?.message == message)
        }
        // A restored start is trace format 3's.
        let older = [Self.profileHeader.replacing(#""fsmcTrace":3"#, with: #""fsmcTrace":2"#), #"{"kind":"start","restored":true}"#]
        let refusal = Self.feed(older, to: machine, children: children).1
        #expect(refusal?.line == 2)
        #expect(refusal?.message == "'restored' is a member of trace format 3 (a run picked up mid-way); this trace declares format 2")
        // Only the first step is a start, restored or not.
        let late = [
            Self.profileHeader, #"{"kind":"start","restored":true}"#, #"{"kind":"step","configuration":["idle"]}"#,
            #"{"kind":"start","restored":true}"#,
        ]
        #expect(Self.feed(late, to: machine, children: children).1?.message == "'restored start' opens only the first step")
    }

    @Test func aRestoredMachineRunsItsStatesTimersAndInvocations() throws {
        let (machine, children) = try Self.machine("Profile.fsm")
        let lines = [
            Self.profileHeader, #"{"kind":"start","restored":true}"#, #"{"kind":"step","configuration":["loading"]}"#,
            // The timeout of `loading` runs from the restore, and so does its fetch.
            #"{"kind":"timer"}"#, #"{"kind":"cancelled","invocation":"fetchUser"}"#, #"{"kind":"exit","state":"loading"}"#,
            #"{"kind":"entry","state":"failed"}"#, #"{"kind":"transition","trigger":null}"#, #"{"kind":"step","configuration":["failed"]}"#,
        ]
        let (steps, divergence) = Self.feed(lines, to: machine, children: children)
        #expect(divergence == nil, "\(divergence?.message ?? "")")
        #expect(steps.count == 2)
        #expect(steps.first?.interpreter.runningInvocations.count == 1)
    }

    @Test func aDivergenceStaysAndALineThatCannotBeReadIsOne() throws {
        let (machine, children) = try Self.machine("Profile.fsm")
        var live = LiveReplay(machine: machine, children: children)
        _ = live.append(Self.profileHeader[...])
        guard case .diverged(let divergence) = live.append(#"{"kind":"start""#[...]) else {
            Issue.record("a cut line is a divergence")
            return
        }
        #expect(divergence.line == 2)
        #expect(divergence.column != nil)
        guard case .diverged(let again) = live.append(#"{"kind":"start"}"#[...]) else {
            Issue.record("after a divergence, every line answers it")
            return
        }
        #expect(again == divergence)
    }
}
