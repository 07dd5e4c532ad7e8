import FSMRuntime
import Foundation
import Testing

/// `SnapshotCoding`, `HistoryEncoding` and `HistoryDecoding` write what synthesized `Codable`
/// writes for a generated `Snapshot` and `History`.
@Suite("Snapshot and History coding")
struct SnapshotCodingTests {
    struct Snapshot: Codable, Equatable {
        var state: String
        var history: History

        init(state: String, history: History) {
            self.state = state
            self.history = history
        }

        init(from decoder: any Decoder) throws {
            (state, history) = try SnapshotCoding.decode(String.self, History.self, from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try SnapshotCoding.encode(state: state, history: history, to: encoder)
        }
    }

    struct History: Codable, Equatable {
        var main: String?
        var player: Int?

        init(main: String? = nil, player: Int? = nil) {
            self.main = main
            self.player = player
        }

        init(from decoder: any Decoder) throws {
            let remembered = try HistoryDecoding(from: decoder)
            main = try remembered.decode("main")
            player = try remembered.decode("player")
        }

        func encode(to encoder: any Encoder) throws {
            var remembered = HistoryEncoding(to: encoder)
            try remembered.encode(main, "main")
            try remembered.encode(player, "player")
        }
    }

    /// What synthesis writes for the same types.
    struct SynthesizedSnapshot: Codable, Equatable {
        var state: String
        var history: SynthesizedHistory
    }

    struct SynthesizedHistory: Codable, Equatable {
        var main: String?
        var player: Int?
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: [(nil, nil), ("list", nil), ("list", 2)] as [(String?, Int?)])
    func itWritesWhatSynthesisWritesAndReadsItBack(main: String?, player: Int?) throws {
        let snapshot = Snapshot(state: "detail", history: History(main: main, player: player))
        let synthesized = SynthesizedSnapshot(state: "detail", history: SynthesizedHistory(main: main, player: player))
        #expect(try json(snapshot) == json(synthesized))
        #expect(try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(synthesized)) == snapshot)
    }

    @Test(arguments: [#"{"state":"a"}"#, #"{"history":{}}"#, #"{"state":1,"history":{}}"#, #"{"state":"a","history":{"player":"x"}}"#, "[]"])
    func whatItCannotReadIsADecodingError(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8)) }
    }
}
