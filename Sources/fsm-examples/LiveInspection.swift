import FSMInspector
import FSMRuntime
import Foundation
import Machines

/// `fsm-examples --inspect [<host>:]<port> --token <token> [--pace <seconds>]`: the Profile's
/// journey (``ProfileJourney``, what `--record` writes as `Profile.jsonl`) played a step at a
/// time, `pace` seconds apart (1 by default), streamed live to `fsmc inspect` (docs/Inspector.md,
/// README's "Watch it live"), so that its page follows each step as it happens.
func inspectProfileJourney(_ arguments: [String]) -> Int32 {
    var address: String?
    var token: String?
    var pace = 1.0
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
        let value = remaining.popFirst()
        switch (option, value) {
        case ("--inspect", let value?): address = value
        case ("--token", let value?): token = value
        case ("--pace", let value?) where Double(value).map { $0 >= 0 } ?? false: pace = Double(value)!
        default:
            print("usage: fsm-examples --inspect [<host>:]<port> --token <token> [--pace <seconds>]")
            return 2
        }
    }
    guard let address, let token else {
        print("usage: fsm-examples --inspect [<host>:]<port> --token <token> [--pace <seconds>]  (fsmc inspect prints the port and the token)")
        return 2
    }
    let parts = address.split(separator: ":", omittingEmptySubsequences: false)
    guard let port = parts.last.flatMap({ Int($0) }), (1...65_535).contains(port), parts.count <= 2 else {
        print("fsm-examples: error: --inspect takes the inspector's port, or <host>:<port> (127.0.0.1:7300), not '\(address)'")
        return 2
    }
    let host = parts.count == 2 ? String(parts[0]) : "127.0.0.1"
    let inspector = LiveInspector.connect(host: host, port: port, token: token)
    print("Profile's journey, live to the inspector at \(host):\(port), a step every \(pace) s:")
    let journey = ProfileJourney(observers: [Profile.TraceObserver(recordingTo: inspector)])
    for step in journey.steps {
        Thread.sleep(forTimeInterval: pace)
        step.run()
        print("  \(step.label): \(journey.profile.state)")
    }
    guard inspector.waitUntilSent(timeout: .seconds(10)) else {
        print("fsm-examples: error: the inspector did not take the run: \(inspector.status.lastError ?? "it is not reachable")")
        return 1
    }
    print("Sent. The inspector's page keeps the run: save it as a trace or a Swift test from there.")
    return 0
}
