import FSMCompiler
import FSMSpecGenerator
import Testing

/// ``TraceReplay`` on a kettle with a guarded timer that emits: a recorded run that matches,
/// and each way one diverges or cannot be read, with the exact located message.
@Suite struct TraceReplayTests {
    static let spec = """
        machine Kettle {
            event switchOn
            event switchOff
            output whistle

            initial state off { on switchOn -> heating }
            state heating {
                after 250ms [isBoiling] -> boiled / emit whistle
                after 2m -> off
                on switchOff -> off
            }
            state boiled {
                on switchOff -> off
            }
        }
        """

    static let header = #"{"fsmcTrace":1,"machine":"Kettle","spec":"Kettle.fsm","fsmcVersion":"0.1.0"}"#

    /// The run: start, switch on, the timer fires with the kettle boiling.
    static let lines = [
        header,
        #"{"kind":"start"}"#,
        #"{"kind":"entry","state":"off"}"#,
        #"{"kind":"step","configuration":["off"]}"#,
        #"{"kind":"event","name":"switchOn"}"#,
        #"{"kind":"exit","state":"off"}"#,
        #"{"kind":"entry","state":"heating"}"#,
        #"{"kind":"transition","trigger":"switchOn"}"#,
        #"{"kind":"step","configuration":["heating"]}"#,
        #"{"kind":"timer","state":"heating"}"#,
        #"{"kind":"guard","name":"isBoiling","answer":true}"#,
        #"{"kind":"exit","state":"heating"}"#,
        #"{"kind":"output","name":"whistle","payload":"()"}"#,
        #"{"kind":"entry","state":"boiled"}"#,
        #"{"kind":"transition","trigger":null}"#,
        #"{"kind":"step","configuration":["boiled"]}"#,
    ]

    func machine() throws -> ExecutableMachine {
        let compilation = Compiler.compile(SourceText(Self.spec))
        return try #require(compilation.executable)
    }

    func replay(_ lines: [String]) throws -> ReplayedRun {
        TraceReplay.replay(text: lines.joined(separator: "\n") + "\n", on: try machine())
    }

    /// `lines` with line `number` (1-based) replaced.
    func changing(_ number: Int, to line: String) -> [String] {
        var lines = Self.lines
        lines[number - 1] = line
        return lines
    }

    @Test func aMatchingRunReplaysStepByStep() throws {
        let run = try replay(Self.lines)
        #expect(run.divergence == nil)
        #expect(run.steps.map(\.lines) == [2...4, 5...9, 10...16])
        #expect(run.steps.map { $0.configuration.map { run.machine.model[$0].name } } == [["off"], ["heating"], ["boiled"]])
        #expect(run.steps[2].answers == ["isBoiling"])
        #expect(run.steps[2].guardAnswers == [ReplayedRun.GuardAnswer(name: "isBoiling", arguments: nil, answer: true)])
        #expect(run.steps[2].interpreter.now == 250_000_000)
    }

    @Test func aChangedTargetIsReportedWhereTheTraceSaysIt() throws {
        let run = try replay(changing(14, to: #"{"kind":"entry","state":"off"}"#))
        let divergence = try #require(run.divergence)
        #expect(divergence.rendered(tracePath: "run.jsonl") == "run.jsonl:14: error: the trace recorded 'entry off', the spec does 'entry boiled' here")
        #expect(divergence.notes.map(\.message) == ["the spec takes this transition here"])
        #expect(divergence.notes.map(\.range.start.line) == [8])
        #expect(run.steps.count == 2)
    }

    @Test func anEventTheTraceIgnoredIsReportedWithTheTransitionTheSpecTakes() throws {
        var lines = Array(Self.lines.prefix(5))
        lines += [#"{"kind":"ignored","event":"switchOn"}"#, #"{"kind":"step","configuration":["off"]}"#]
        let divergence = try #require(try replay(lines).divergence)
        #expect(divergence.rendered(tracePath: "r") == "r:6: error: the trace recorded 'ignored switchOn', the spec does 'exit off' here")
        #expect(divergence.notes.map(\.range.start.line) == [6])
    }

    @Test func aGuardAnsweredOtherwiseLeadsElsewhere() throws {
        let run = try replay(changing(11, to: #"{"kind":"guard","name":"isBoiling","answer":false}"#))
        let divergence = try #require(run.divergence)
        #expect(divergence.rendered(tracePath: "run.jsonl") == "run.jsonl:12: error: the trace recorded 'exit heating', the spec does nothing more in this step")
    }

    @Test func aMissingRecordIsReportedAtTheStepsEnd() throws {
        var lines = Self.lines
        lines.remove(at: 12)  // the output
        let divergence = try #require(try replay(lines).divergence)
        #expect(divergence.rendered(tracePath: "run.jsonl") == "run.jsonl:13: error: the trace recorded 'entry boiled', the spec does 'output whistle' here")
        let truncatedStep = Array(Self.lines.prefix(15)) + [#"{"kind":"step","configuration":["boiled"]}"#]
        #expect(try replay(truncatedStep).divergence == nil)
        let withoutTransition = Array(Self.lines.prefix(14)) + [#"{"kind":"step","configuration":["boiled"]}"#]
        #expect(try replay(withoutTransition).divergence?.rendered(tracePath: "r") == "r:15: error: the step ends here in the trace, the spec does 'transition on no event' first")
    }

    @Test func aWrongConfigurationIsReportedAtTheStepRecord() throws {
        let run = try replay(changing(9, to: #"{"kind":"step","configuration":["off"]}"#))
        #expect(run.divergence?.rendered(tracePath: "r") == "r:9: error: the trace recorded the configuration [off], the spec's is [heating]")
    }

    @Test func aTruncatedTraceEndsInsideAStep() throws {
        let run = try replay(Array(Self.lines.prefix(13)))
        #expect(run.divergence?.rendered(tracePath: "r") == "r:13: error: the trace ends inside a step (it has no 'step' record): was it cut short?")
        #expect(run.steps.count == 2)
    }

    @Test func stimuliTheSpecCannotTakeAreLocated() throws {
        #expect(try replay(changing(5, to: #"{"kind":"event","name":"boil"}"#)).divergence?.rendered(tracePath: "r")
            == "r:5: error: the spec declares no event 'boil'")
        #expect(try replay(changing(10, to: #"{"kind":"timer","state":"off"}"#)).divergence?.rendered(tracePath: "r")
            == "r:10: error: the trace recorded a timer of 'off', the spec runs none here (it is not active, or declares no 'after')")
        #expect(try replay(changing(11, to: #"{"kind":"guard","name":"isHot","answer":true}"#)).divergence?.rendered(tracePath: "r")
            == "r:11: error: the spec has no guard 'isHot'")
        #expect(try replay(changing(2, to: #"{"kind":"event","name":"switchOn"}"#)).divergence?.rendered(tracePath: "r")
            == "r:2: error: a recorded run starts with the machine's 'start' step, found 'event switchOn'")
        #expect(try replay(changing(6, to: #"{"kind":"event","name":"switchOff"}"#)).divergence?.rendered(tracePath: "r")
            == "r:6: error: 'event switchOff' opens a step before the previous one ended with its 'step' record")
    }

    @Test func malformedLinesAreLocatedErrors() throws {
        let cases: [(String, String)] = [
            (#"{"kind":"exit","state":}"#, "r:6:24: error: expected a value"),
            (#"{"kind":"exit","state":"off""#, "r:6:29: error: expected ',' or '}', found the end of the line"),
            (#"{"kind":"exit","state":"off","colour":"red"}"#, "r:6:1: error: unknown member 'colour' in a 'exit' record"),
            (#"{"kind":"exit"}"#, "r:6:1: error: a 'exit' record needs 'state'"),
            (#"{"kind":"melt","state":"off"}"#, "r:6:1: error: unknown record kind 'melt'"),
            (#"["exit"]"#, "r:6:1: error: a trace line is a JSON object"),
            (#"{"kind":"exit","state":"off"} x"#, "r:6:31: error: unexpected text after the record"),
            (#"{"kind":"exit","state":"o\q"}"#, "r:6:27: error: unknown escape in a string"),
            (#"{"kind":"step","configuration":[1.5]}"#, "r:6:33: error: numbers in a trace are integers"),
        ]
        for (line, message) in cases {
            #expect(try replay(changing(6, to: line)).divergence?.rendered(tracePath: "r") == message, "\(line)")
        }
        #expect(try replay(changing(1, to: #"{"fsmcTrace":4,"machine":"Kettle","spec":"K","fsmcVersion":"0"}"#)).divergence?.rendered(tracePath: "r")
            == "r:1:1: error: trace format 4 is not one this fsmc reads (it reads formats 1 to 3)")
        #expect(try replay(changing(1, to: #"{"fsmcTrace":1,"machine":"Toaster","spec":"K","fsmcVersion":"0"}"#)).divergence?.rendered(tracePath: "r")
            == "r:1: error: the trace recorded machine 'Toaster', the spec declares 'Kettle'")
        #expect(TraceReplay.replay(text: "", on: try machine()).divergence?.rendered(tracePath: "r")
            == "r:1:1: error: the trace is empty: it starts with a header line {\"fsmcTrace\": 1, …}")
    }

    @Test func escapedTextReadsBack() throws {
        let line = #"{"kind":"event","name":"switchOn","payload":"say \"hi\"\n\u00e9\ud83d\ude00"}"#
        let trace = try RecordedTrace.read([Self.header, line].joined(separator: "\n"))
        #expect(trace.lines.map(\.record) == [.event(name: "switchOn", payload: "say \"hi\"\né😀")])
    }

    /// Seeded random damage to a good trace (bytes dropped, doubled, replaced, lines swapped
    /// or cut): every replay ends, matching or with a divergence at a line of the damaged text.
    @Test func damagedTracesNeverTrap() throws {
        let machine = try machine()
        var random = SplitMix64(seed: 0x7EAC_E0FF)
        let original = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
        let alphabet = Array(#"{}[]",:\ 0123456789-.aeflnrstu"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var diverged = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<random.inRange(1...4) {
                let position = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(bytes[position], at: position)
                case 2: bytes[position] = random.pick(alphabet)
                default: bytes.removeLast(random.below(max(1, bytes.count - 1)))
                }
                if bytes.isEmpty { bytes = [0x0A] }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let run = TraceReplay.replay(text: text, on: machine)
            guard let divergence = run.divergence else { continue }
            diverged += 1
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect((1...max(1, lineCount)).contains(divergence.line), "\(divergence) in\n\(text)")
        }
        #expect(diverged > 1_000)
    }
}
