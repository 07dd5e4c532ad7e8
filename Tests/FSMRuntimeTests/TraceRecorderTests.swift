import FSMRuntime
import Testing

/// ``TraceRecorder``'s lines: the header and `start` first, each record one JSON object on a
/// line of its own, text escaped, the configuration in the order of the states given.
@Suite struct TraceRecorderTests {
    enum Light: String, CaseIterable {
        case off, on, dimmed
    }

    /// The lines a recorder hands to its sink, each written whole.
    final class Sink {
        var lines: [String] = []
    }

    @Test func everyRecordIsOneLine() {
        let sink = Sink()
        let recorder = TraceRecorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0") {
            sink.lines.append(String(decoding: $0, as: UTF8.self))
        }
        recorder.entry("off")
        recorder.step(Light.allCases) { $0 == .off }
        recorder.event("switch", payload: "level: 3")
        recorder.guardAnswer("isPowered", arguments: "level: 3", true)
        recorder.exit("off")
        recorder.output("glow", payload: nil)
        recorder.entry("on")
        recorder.transition(trigger: "switch")
        recorder.step(Light.allCases) { $0 != .off }
        recorder.timer(of: "on")
        recorder.transition(trigger: nil)
        recorder.ignored("switch")
        recorder.kept("dim")
        recorder.result(of: "load", .output("ready"))
        recorder.result(of: "load", .element)
        recorder.started("load")
        recorder.cancelled("load")
        recorder.dropped("load")
        recorder.step(Light.allCases) { _ in false }
        #expect(sink.lines == [
            #"{"fsmcTrace":2,"machine":"Lamp","spec":"Lamp.fsm","fsmcVersion":"0.1.0"}"# + "\n",
            #"{"kind":"start"}"# + "\n",
            #"{"kind":"entry","state":"off"}"# + "\n",
            #"{"kind":"step","configuration":["off"]}"# + "\n",
            #"{"kind":"event","name":"switch","payload":"level: 3"}"# + "\n",
            #"{"kind":"guard","name":"isPowered","arguments":"level: 3","answer":true}"# + "\n",
            #"{"kind":"exit","state":"off"}"# + "\n",
            #"{"kind":"output","name":"glow"}"# + "\n",
            #"{"kind":"entry","state":"on"}"# + "\n",
            #"{"kind":"transition","trigger":"switch"}"# + "\n",
            #"{"kind":"step","configuration":["on","dimmed"]}"# + "\n",
            #"{"kind":"timer","state":"on"}"# + "\n",
            #"{"kind":"transition","trigger":null}"# + "\n",
            #"{"kind":"ignored","event":"switch"}"# + "\n",
            #"{"kind":"kept","event":"dim"}"# + "\n",
            #"{"kind":"result","invocation":"load","outcome":"output","output":"ready"}"# + "\n",
            #"{"kind":"result","invocation":"load","outcome":"element"}"# + "\n",
            #"{"kind":"started","invocation":"load"}"# + "\n",
            #"{"kind":"cancelled","invocation":"load"}"# + "\n",
            #"{"kind":"dropped","invocation":"load"}"# + "\n",
            #"{"kind":"step","configuration":[]}"# + "\n",
        ])
    }

    /// A child machine's recorder writes into its parent's trace, each record marked with the
    /// invocations that run it, from its `start` with its machine's name on; `stop()` is a step
    /// ending with no active state.
    @Test func aChildsRecordsGoIntoTheParentsTraceMarked() {
        let sink = Sink()
        let recorder = TraceRecorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0") {
            sink.lines.append(String(decoding: $0, as: UTF8.self))
        }
        let child = recorder.child("dimmer", machine: "Dimmer")
        child.entry("low")
        let grandchild = child.child("fader", machine: "Fader")
        grandchild.guardAnswer("isSlow", true)
        child.stop()
        child.exit("low")
        child.stopped()
        recorder.entry("on")
        #expect(Array(sink.lines.dropFirst(2)) == [
            #"{"kind":"start","in":"dimmer","machine":"Dimmer"}"# + "\n",
            #"{"kind":"entry","in":"dimmer","state":"low"}"# + "\n",
            #"{"kind":"start","in":"dimmer.fader","machine":"Fader"}"# + "\n",
            #"{"kind":"guard","in":"dimmer.fader","name":"isSlow","answer":true}"# + "\n",
            #"{"kind":"stop","in":"dimmer"}"# + "\n",
            #"{"kind":"exit","in":"dimmer","state":"low"}"# + "\n",
            #"{"kind":"step","in":"dimmer","configuration":[]}"# + "\n",
            #"{"kind":"entry","state":"on"}"# + "\n",
        ])
    }

    @Test func textIsEscaped() {
        let sink = Sink()
        let recorder = TraceRecorder(machine: "Lamp", spec: "Lamp.fsm", fsmcVersion: "0.1.0") {
            sink.lines.append(String(decoding: $0, as: UTF8.self))
        }
        recorder.event("say", payload: "\"hi\"\\\n\t\r\u{1}é")
        #expect(sink.lines.last == #"{"kind":"event","name":"say","payload":"\"hi\"\\\n\t\r\u0001é"}"# + "\n")
    }
}
