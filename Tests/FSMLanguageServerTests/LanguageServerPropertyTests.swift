import FSMLanguageServer
import Foundation
import Testing
import TestSupport

/// Properties (`assert …`) in an editor: every property's result at its line, a failing one an
/// error whose related information is its counterexample, one step a location.
@Suite struct LanguageServerPropertyTests {
    static let uri = "file:///work/Door.fsm"

    static let spec = """
        machine Door {
            event open
            event close
            event lock
            event unlock
            initial parallel state door {
                state leaf {
                    initial state shut { on open -> ajar }
                    state ajar { on close -> shut }
                }
                state bolt {
                    initial state free { on lock -> bolted }
                    state bolted { on unlock -> free }
                }
            }
            assert never in(ajar) && in(bolted)
            assert reachable in(bolted)
        }
        """

    @Test func eachPropertyShowsItsResultAndAFailureItsCounterexample() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            client.open(Self.uri, Self.spec)
            let diagnostics = try #require(try client.diagnostics(for: Self.uri)["diagnostics"]?.arrayValue)
            #expect(diagnostics.count == 2)
            let failure = try #require(diagnostics.first)
            #expect(failure["severity"] == 1)
            #expect(failure["message"]?.stringValue?.hasPrefix("property 'never in(ajar) && in(bolted)' fails") == true)
            #expect(failure["range"]?["start"] == ["line": 15, "character": 4])
            let related = try #require(failure["relatedInformation"]?.arrayValue)
            #expect(related.map { $0["message"]?.stringValue?.prefix(2) } == ["1.", "2.", "3."])
            // Step 2 took `on open -> ajar` (line 8), step 3 `on lock -> bolted` (line 12).
            #expect(related[1]["location"]?["range"]?["start"]?["line"] == 7)
            #expect(related[2]["location"]?["range"]?["start"]?["line"] == 11)
            #expect(related[2]["location"]?["uri"] == .string(Self.uri))
            let holds = try #require(diagnostics.last)
            #expect(holds["severity"] == 3)
            #expect(holds["message"]?.stringValue?.hasPrefix("property holds") == true)
            #expect(holds["range"]?["start"] == ["line": 16, "character": 4])

            // Fixed: the door locks only while shut and opens only while free; both properties hold.
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(Self.uri), "version": 2],
                "contentChanges": [["text": .string(Self.spec
                    .replacingOccurrences(of: "on lock -> bolted", with: "on lock [in(shut)] -> bolted")
                    .replacingOccurrences(of: "on open -> ajar", with: "on open [!in(bolted)] -> ajar"))]],
            ])
            let fixed = try #require(try client.diagnostics(for: Self.uri)["diagnostics"]?.arrayValue)
            #expect(fixed.map { $0["severity"] } == [3, 3])
            #expect(try client.request("shutdown")["result"] == .null)
            client.notify("exit")
            #expect(try client.waitForExit() == 0)
        }
    }
}
