import FSMRuntime
import Foundation
import Testing

/// A nested machine without state data or parallel states saves its configuration as the name
/// of its active atomic state (names are unique across the machine), and its `History` and
/// `Snapshot` keyed as synthesized `Codable` would key them.
@Suite("Nested configurations are coded as their active atomic state")
struct ConfigurationCodingTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static let everyConfiguration: [Workshop.State] = [
        .idle, .room(.desk), .room(.cabinet(.drawer)), .room(.cabinet(.shelf)), .room(.cabinet(.closed)),
    ]

    @Test(arguments: everyConfiguration)
    func eachConfigurationIsTheNameOfItsAtomicStateAndComesBack(_ state: Workshop.State) throws {
        let name = Workshop.configurationDescription(state).split(separator: ".").last.map(String.init)!
        #expect(try json(state) == "\"\(name)\"")
        #expect(try decode(Workshop.State.self, json(state)) == state)
    }

    @Test func theTypeOfACompoundStatesChildrenIsCodedAsTheConfigurationItIsPartOf() throws {
        #expect(try json(Workshop.State.Room.cabinet(.shelf)) == "\"shelf\"")
        #expect(try decode(Workshop.State.Room.self, "\"shelf\"") == .cabinet(.shelf))
        #expect(try decode(Workshop.State.Room.self, "\"desk\"") == .desk)
        // A compound state whose children are all atomic keeps its String raw values.
        #expect(try json(Workshop.State.Cabinet.drawer) == "\"drawer\"")
    }

    @Test(arguments: [
        #""room""#,                // a compound state: it does not name one configuration
        #""cabinet""#,
        #""nowhere""#,             // not a state of the spec
        #""DESK""#,
        #"{"room": {"_0": "desk"}}"#,  // the synthesized format of before
        #"3"#,
        #"null"#,
    ])
    func anythingButTheNameOfAnAtomicStateIsADecodingError(_ json: String) {
        #expect(throws: DecodingError.self) { try decode(Workshop.State.self, json) }
        #expect(throws: DecodingError.self) { try decode(Workshop.State.Room.self, json) }
    }

    @Test func anAtomicStateOutsideTheTypesCompoundStateIsADecodingError() {
        #expect(throws: DecodingError.self) { try decode(Workshop.State.Room.self, #""idle""#) }
    }

    @Test func theSnapshotKeysItsStateAndHistoryAndLeavesOutWhatNothingRemembers() throws {
        let fresh = Workshop.Snapshot(state: .idle)
        #expect(try json(fresh) == #"{"history":{},"state":"idle"}"#)
        let remembering = Workshop.Snapshot(state: .idle, history: Workshop.History(room: .cabinet(.shelf)))
        #expect(try json(remembering) == #"{"history":{"room":"shelf"},"state":"idle"}"#)
        #expect(try decode(Workshop.Snapshot.self, json(remembering)) == remembering)
        #expect(try decode(Workshop.Snapshot.self, #"{"history":{"room":null},"state":"desk"}"#) == Workshop.Snapshot(state: .room(.desk)))
    }

    @Test(arguments: [
        #"{"state":"idle"}"#,                          // no history
        #"{"history":{}}"#,                            // no state
        #"{"history":{"room":"idle"},"state":"idle"}"#, // a memory outside its state
        #"{"history":[],"state":"idle"}"#,
        #"[]"#,
    ])
    func aCorruptSnapshotIsADecodingError(_ json: String) {
        #expect(throws: DecodingError.self) { try decode(Workshop.Snapshot.self, json) }
    }
}
