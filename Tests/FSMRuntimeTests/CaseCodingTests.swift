import FSMRuntime
import Foundation
import Testing

/// `CaseEncoding` and `CaseDecoding` write and read what synthesized `Codable` does for an enum
/// with payloads (a generated `Event`, `Output`, or `State` with data).
@Suite("Case coding: what synthesized Codable writes for an enum")
struct CaseCodingTests {
    enum Written: Codable, Equatable {
        case plain
        case labeled(id: Int, note: String?)
        case unlabeled(Int, String)
        case mixed(Int, label: String, Double)

        init(from decoder: any Decoder) throws {
            let coded = try CaseDecoding(from: decoder)
            switch coded.name {
            case "plain": self = .plain
            case "labeled": self = .labeled(id: try coded.decode("id"), note: try coded.decode("note"))
            case "unlabeled": self = .unlabeled(try coded.decode("_0"), try coded.decode("_1"))
            case "mixed": self = .mixed(try coded.decode("_0"), label: try coded.decode("label"), try coded.decode("_2"))
            default: throw coded.unknownCase()
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .plain: _ = CaseEncoding("plain", to: encoder)
            case .labeled(let value0, let value1):
                var coded = CaseEncoding("labeled", to: encoder)
                try coded.encode(value0, "id")
                try coded.encode(value1, "note")
            case .unlabeled(let value0, let value1):
                var coded = CaseEncoding("unlabeled", to: encoder)
                try coded.encode(value0, "_0")
                try coded.encode(value1, "_1")
            case .mixed(let value0, let value1, let value2):
                var coded = CaseEncoding("mixed", to: encoder)
                try coded.encode(value0, "_0")
                try coded.encode(value1, "label")
                try coded.encode(value2, "_2")
            }
        }
    }

    /// The same cases, `Codable` synthesized.
    enum Synthesized: Codable, Equatable {
        case plain
        case labeled(id: Int, note: String?)
        case unlabeled(Int, String)
        case mixed(Int, label: String, Double)
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let pairs: [(Written, Synthesized)] = [
        (.plain, .plain), (.labeled(id: 1, note: nil), .labeled(id: 1, note: nil)),
        (.labeled(id: 2, note: "n"), .labeled(id: 2, note: "n")), (.unlabeled(3, "u"), .unlabeled(3, "u")),
        (.mixed(4, label: "l", 0.5), .mixed(4, label: "l", 0.5)),
    ]

    @Test(arguments: pairs)
    func itWritesWhatSynthesisWritesAndReadsWhatSynthesisWrote(_ written: Written, _ synthesized: Synthesized) throws {
        #expect(try json(written) == json(synthesized))
        #expect(try JSONDecoder().decode(Written.self, from: JSONEncoder().encode(synthesized)) == written)
    }

    @Test(arguments: [
        #"{}"#,                                // no case
        #"{"plain": {}, "labeled": {}}"#,      // two cases at once
        #"{"rewind": {}}"#,                    // a case the enum does not have
        #"{"plain": 3}"#,                      // a payload that is not an object
        #"{"labeled": {}}"#,                   // a payload missing
        #"{"labeled": {"id": "x"}}"#,          // a payload of the wrong type
        #"["plain"]"#,
        #""plain""#,
    ])
    func whatItCannotReadIsADecodingError(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Written.self, from: Data(json.utf8)) }
    }
}
