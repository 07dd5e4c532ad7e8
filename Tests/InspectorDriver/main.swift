// inspector-driver: an app the live inspector's tests run against `fsmc inspect`
// (Tests/Browser/inspector_test.py, docs/Inspector.md). It runs generated machines of the
// Machines target with FSMInspector's live sink and does what its standard input says, a line
// at a time, answering each on standard output:
//
//   journey            a new Profile on the recorded journey (machines/ProfileTracing.swift),
//                      streamed live: `journey <n>`
//   step <n>           the journey's next step: `stepped <n> <state> <label>`
//   sync               waits until every line written so far was sent: `synced`
//   status             the sink's status: `status <connected> <dropped lines> <last error>`
//   load <rate> <s>    the load test: see `runLoad`
//   quit
//
// Usage: inspector-driver --port <port> --token <token> [--host <address>]
import FSMInspector
import FSMRuntime
import Foundation
import Machines

/// What the command line gave.
struct Options {
    var host = "127.0.0.1"
    var port = 0
    var token = ""

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else { Self.usage("\(option) needs a value") }
            switch option {
            case "--host": host = value
            case "--port":
                guard let number = Int(value) else { Self.usage("--port takes a number") }
                port = number
            case "--token": token = value
            default: Self.usage("unknown option \(option)")
            }
        }
        if port == 0 || token.isEmpty { Self.usage("--port and --token are needed") }
    }

    static func usage(_ message: String) -> Never {
        FileHandle.standardError.write(Data("inspector-driver: \(message)\nusage: inspector-driver --port <port> --token <token> [--host <address>]\n".utf8))
        exit(2)
    }
}

/// One answer, sent at once: the test waits for it.
func answer(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// The name of the state a flat machine's `state` is in: `loading(id: 4)` is `loading`.
func stateName(_ state: Profile.State) -> String {
    String(String(describing: state).prefix { $0 != "(" })
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let inspector = LiveInspector.connect(host: options.host, port: options.port, token: options.token)
var journeys: [(journey: ProfileJourney, next: Int)] = []

while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case "journey":
        journeys.append((ProfileJourney(observers: [Profile.TraceObserver(recordingTo: inspector)]), 0))
        answer("journey \(journeys.count)")
    case "step":
        guard words.count == 2, let number = Int(words[1]), journeys.indices.contains(number - 1) else {
            answer("error: step <journey number>")
            continue
        }
        let (journey, next) = journeys[number - 1]
        guard next < journey.steps.count else {
            answer("error: journey \(number) has no step left")
            continue
        }
        journey.steps[next].run()
        journeys[number - 1].next += 1
        answer("stepped \(number) \(stateName(journey.profile.state)) \(journey.steps[next].label)")
    case "sync":
        answer(inspector.waitUntilSent(timeout: .seconds(30)) ? "synced" : "error: lines still unsent after 30 s")
    case "status":
        let status = inspector.status
        answer("status \(status.connectedInstances) \(status.droppedLines) \(status.lastError ?? "-")")
    case "load":
        guard words.count == 3, let rate = Int(words[1]), let seconds = Int(words[2]), rate > 0, seconds > 0 else {
            answer("error: load <events per second> <seconds>")
            continue
        }
        answer(runLoad(rate: rate, seconds: seconds))
    case "quit":
        exit(0)
    default:
        answer("error: unknown command '\(line)'")
    }
}
