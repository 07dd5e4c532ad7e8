import FSMRuntime
import Foundation
import Machines
import Testing

/// Restoring a machine from saved data that is corrupt, truncated or from another version
/// of the spec: decoding throws a `DecodingError`, so the app can start afresh; it never
/// crashes and never makes a machine in a state the spec does not have.
@Suite("Restoring from corrupt or unknown Codable data")
struct CorruptSnapshotTests {
    /// Decodes `json` as `T`, returning the error it throws.
    func decodingError<T: Decodable>(_ type: T.Type, from json: String) -> (any Error)? {
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        #""paused""#,              // a Player state, not a CallTracker one
        #""IDLE""#,                // names are case-sensitive
        #""""#,
        #"3"#,
        #"null"#,
        #"{"idle": {}}"#,
        #"["idle"]"#,
    ])
    func anUnknownOrMistypedStateIsADecodingError(_ json: String) {
        let error = decodingError(CallTracker.State.self, from: json)
        #expect(error is DecodingError, "\(json) gave \(String(describing: error))")
    }

    @Test(arguments: [
        "",
        "\"idle",
        "{",
        "\u{FFFD}\u{0}garbage",
        String(repeating: "[", count: 100_000),
    ])
    func garbageIsAnErrorNotACrash(_ json: String) {
        #expect(decodingError(CallTracker.State.self, from: json) != nil)
        #expect(decodingError([CallTracker.State].self, from: json) != nil)
    }

    @Test(arguments: [
        #"{"seek": {"to": "fast"}}"#,       // a payload of the wrong type
        #"{"seek": {}}"#,                  // a payload missing
        #"{"rewind": {}}"#,                // an event the spec does not have
        #"{"play": {}, "pause": {}}"#,     // two cases at once
        #"{}"#,
    ])
    func aCorruptEventIsADecodingError(_ json: String) {
        let error = decodingError(Player.Event.self, from: json)
        #expect(error is DecodingError, "\(json) gave \(String(describing: error))")
    }

    @Test func everyStateSurvivesARoundTripAndRestoresItsMachine() throws {
        for state in CallTracker.State.allCases {
            let data = try JSONEncoder().encode(state)
            let decoded = try JSONDecoder().decode(CallTracker.State.self, from: data)
            let machine = CallTracker(clock: ManualClock(), restoring: decoded)
            #expect(machine.state == state)
        }
    }
}
