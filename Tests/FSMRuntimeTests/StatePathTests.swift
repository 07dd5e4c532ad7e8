import FSMRuntime
import Foundation
import Testing

@Suite("StatePath: walking up from a nested machine's active atomic state")
struct StatePathTests {
    enum StateID: String {
        case main, library, detail, settings
    }

    static func parent(of state: StateID) -> StateID? {
        switch state {
        case .library, .settings: .main
        case .detail: .library
        case .main: nil
        }
    }

    @Test func theDescriptionNamesTheStatesFromTheTopLevelDown() {
        #expect(StatePath.description(endingIn: StateID.detail, parent: Self.parent) == "main.library.detail")
        #expect(StatePath.description(endingIn: StateID.main, parent: Self.parent) == "main")
    }

    @Test func theLeafAndTheStatesAroundItAreContained() {
        for state in [StateID.detail, .library, .main] {
            #expect(StatePath.contains(state, endingIn: .detail, parent: Self.parent))
        }
        #expect(!StatePath.contains(.settings, endingIn: .detail, parent: Self.parent))
        #expect(!StatePath.contains(.detail, endingIn: .library, parent: Self.parent))
    }

    struct Probe: Decodable {
        let error: DecodingError

        init(from decoder: any Decoder) throws {
            error = StatePath.notInside("main", at: decoder)
        }
    }

    @Test func itsErrorsAreDataCorruptedAtTheDecodersPath() throws {
        let probes = try JSONDecoder().decode([Probe].self, from: Data("[1]".utf8))
        guard case .dataCorrupted(let context) = probes[0].error else {
            Issue.record("\(probes[0].error)")
            return
        }
        #expect(context.codingPath.count == 1)
        #expect(context.debugDescription.contains("main"))
    }
}
