import FSMRuntime
import Foundation
import Testing

/// `PropertyEncoding` and `PropertyDecoding` write and read what synthesized `Codable` does for
/// a generated `struct` (`Snapshot`, `History`, a parallel state's regions).
@Suite("Property coding: what synthesized Codable writes for a struct")
struct PropertyCodingTests {
    struct Written: Codable, Equatable {
        var state: String
        var remembered: Int?
        var list: [Int]?

        init(state: String, remembered: Int?, list: [Int]?) {
            self.state = state
            self.remembered = remembered
            self.list = list
        }

        init(from decoder: any Decoder) throws {
            let properties = try PropertyDecoding(from: decoder)
            self.state = try properties.decode("state")
            self.remembered = try properties.decode("remembered")
            self.list = try properties.decode("list")
        }

        func encode(to encoder: any Encoder) throws {
            var properties = PropertyEncoding(to: encoder)
            try properties.encode(self.state, "state")
            try properties.encode(self.remembered, "remembered")
            try properties.encode(self.list, "list")
        }
    }

    /// The same properties, `Codable` synthesized.
    struct Synthesized: Codable, Equatable {
        var state: String
        var remembered: Int?
        var list: [Int]?
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: [(nil, nil), (2, nil), (nil, []), (3, [1, 2])] as [(Int?, [Int]?)])
    func itWritesWhatSynthesisWritesAndReadsWhatSynthesisWrote(remembered: Int?, list: [Int]?) throws {
        let written = Written(state: "detail", remembered: remembered, list: list)
        let synthesized = Synthesized(state: "detail", remembered: remembered, list: list)
        #expect(try json(written) == json(synthesized))
        #expect(try JSONDecoder().decode(Written.self, from: JSONEncoder().encode(synthesized)) == written)
    }

    @Test func anOptionalIsNilWhenAbsentOrNull() throws {
        let decoded = try JSONDecoder().decode(Written.self, from: Data(#"{"state":"a","remembered":null}"#.utf8))
        #expect(decoded == Written(state: "a", remembered: nil, list: nil))
    }

    @Test(arguments: [#"{}"#, #"{"state":1}"#, #"{"state":"a","remembered":"x"}"#, #"{"state":"a","list":[true]}"#, "[]", "3"])
    func whatItCannotReadIsADecodingError(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Written.self, from: Data(json.utf8)) }
    }
}
