import FSMLanguageServer
import Foundation
import Testing
import TestSupport

/// Every language feature through the protocol, over pipes: diagnostics, symbols, definition,
/// references, hover, completion, rename.
@Suite struct LanguageServerFeatureTests {
    static let uri = "file:///work/Player.fsm"

    /// A spec with a non-ASCII comment before a typo, so that columns in UTF-16 differ from
    /// the compiler's byte columns.
    static let spec = """
        machine Player {
            event play
            event seek(to: Double)
            initial state stopped {
                on play -> playing / startPlayback
            }
            state playing {
                /* ▶︎ */ on seek [isSeekable] -> playng
            }
        }
        """

    private func position(_ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(Self.uri)], "position": ["line": .integer(line), "character": .integer(character)]]
    }

    private func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
        ["start": ["line": .integer(line), "character": .integer(start)], "end": ["line": .integer(line), "character": .integer(end)]]
    }

    /// Runs a session with the spec open.
    private func withSpec(_ body: @escaping @Sendable (ScriptedClient) throws -> Void) async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            client.open(Self.uri, Self.spec)
            try body(client)
            #expect(try client.request("shutdown")["result"] == .null)
            client.notify("exit")
            #expect(try client.waitForExit() == 0)
        }
    }

    @Test func diagnosticsArePublishedOnOpenAndChangeWithUTF16Columns() async throws {
        try await withSpec { client in
            let opened = try client.diagnostics(for: Self.uri)
            let diagnostic = try #require(opened["diagnostics"]?.arrayValue?.first)
            #expect(diagnostic["message"] == "unknown state 'playng'; did you mean 'playing'?")
            #expect(diagnostic["severity"] == 1)
            // "▶︎" is 3 + 3 bytes but 2 UTF-16 units: the byte column is 4 more.
            #expect(diagnostic["range"] == range(7, 41, 47))
            #expect(opened["version"] == 1)

            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(Self.uri), "version": 2],
                "contentChanges": [["text": .string(Self.spec.replacingOccurrences(of: "playng", with: "playing"))]],
            ])
            let changed = try client.diagnostics(for: Self.uri)
            // Fixed: the error is gone, a warning is left.
            let warnings = try #require(changed["diagnostics"]?.arrayValue)
            #expect(warnings.map { $0["severity"] } == [2])
            #expect(warnings.first?["message"] == "state 'playing' has no way out; mark it 'final' if the machine ends there")
            #expect(changed["version"] == 2)

            // An incremental change: a range replaced.
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(Self.uri), "version": 3],
                "contentChanges": [["range": range(4, 19, 26), "text": "paused"]],
            ])
            let edited = try client.diagnostics(for: Self.uri)
            #expect(edited["diagnostics"]?.arrayValue?.first?["message"] == "unknown state 'paused'")

            client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
            #expect(try client.diagnostics(for: Self.uri)["diagnostics"] == [])
        }
    }

    @Test func aDocumentLargerThanTheCompilerReadsGetsOneError() async throws {
        try await withSpec { client in
            let uri = "file:///work/Huge.fsm"
            client.open(uri, "machine M {\n" + String(repeating: "    // padding\n", count: 80_000) + "}\n")
            let diagnostics = try #require(try client.diagnostics(for: uri)["diagnostics"]?.arrayValue)
            #expect(diagnostics.map { $0["message"] } == ["the spec is larger than 1 MB, the most fsmc reads in a spec (it is 1.1 MB)"])
            #expect(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["result"] == [])
            #expect(try client.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)]])["error"]?["code"] == -32803)
        }
    }

    @Test func documentSymbolsAreTheNestedStateTree() async throws {
        try await withSpec { client in
            let result = try #require(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])["result"])
            let machine = try #require(result.arrayValue?.first)
            #expect(machine["name"] == "Player")
            #expect(machine["kind"] == 5)
            let children = try #require(machine["children"]?.arrayValue)
            #expect(children.map { $0["name"]?.stringValue ?? "" } == ["play", "seek", "stopped", "playing"])
            #expect(children[1]["detail"] == "(to: Double)")
            #expect(children[2]["selectionRange"] == range(3, 18, 25))
        }
    }

    @Test func definitionJumpsFromATargetToItsState() async throws {
        try await withSpec { client in
            let result = try client.request("textDocument/definition", position(4, 22))["result"]
            #expect(result == ["uri": .string(Self.uri), "range": range(6, 10, 17)])
            // Nothing to jump to from a keyword.
            #expect(try client.request("textDocument/definition", position(4, 9))["result"] == .null)
        }
    }

    @Test func definitionAndCompletionReachSeveralTargetsAndAHistorysDefault() async throws {
        let uri = "file:///work/Document.fsm"
        let text = """
            machine Document {
                event reset
                initial state editing {
                    history deep -> boldOn, italicOn
                    on reset -> boldOff, italicOff
                    initial parallel state style {
                        state bold { initial state boldOff; state boldOn }
                        state italic { initial state italicOff; state italicOn }
                    }
                }
            }
            """
        try await withSpec { client in
            client.open(uri, text)
            func at(_ line: Int, _ character: Int) -> JSONValue {
                ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
            }
            // The second of several targets, and a history default's second target.
            let italicOff = try client.request("textDocument/definition", at(4, 30))["result"]
            #expect(italicOff == ["uri": .string(uri), "range": ["start": ["line": 7, "character": 41], "end": ["line": 7, "character": 50]]])
            let italicOn = try client.request("textDocument/definition", at(3, 34))["result"]
            #expect(italicOn == ["uri": .string(uri), "range": ["start": ["line": 7, "character": 58], "end": ["line": 7, "character": 66]]])
            // States after the comma of several targets.
            let items = try #require(try client.request("textDocument/completion", at(4, 29))["result"]?.arrayValue)
            #expect(items.map { $0["label"]?.stringValue ?? "" } == ["editing", "style", "bold", "boldOff", "boldOn", "italic", "italicOff", "italicOn"])
        }
    }

    @Test func referencesFindEveryUse() async throws {
        try await withSpec { client in
            var params = position(1, 11)
            params = merging(params, ["context": ["includeDeclaration": true]])
            let result = try #require(try client.request("textDocument/references", params)["result"]?.arrayValue)
            #expect(result.map { $0["range"] } == [range(1, 10, 14), range(4, 11, 15)])
            let uses = try #require(try client.request("textDocument/references", merging(position(1, 11), ["context": ["includeDeclaration": false]]))["result"]?.arrayValue)
            #expect(uses.count == 1)
        }
    }

    @Test func highlightsMarkTheDeclarationAndTheUses() async throws {
        try await withSpec { client in
            let result = try client.request("textDocument/documentHighlight", position(4, 12))["result"]
            #expect(result == [["range": range(1, 10, 14), "kind": 3], ["range": range(4, 11, 15), "kind": 2]])
            #expect(try client.request("textDocument/documentHighlight", position(0, 2))["result"] == [])
        }
    }

    @Test func hoverShowsAnEventsPayload() async throws {
        try await withSpec { client in
            let result = try #require(try client.request("textDocument/hover", position(7, 23))["result"])
            #expect(result["contents"]?["kind"] == "markdown")
            #expect(result["contents"]?["value"]?.stringValue?.hasPrefix("```fsm\nevent seek(to: Double)\n```") == true)
            #expect(result["range"] == range(7, 20, 24))
        }
    }

    @Test func completionOffersStatesAfterAnArrow() async throws {
        try await withSpec { client in
            let items = try #require(try client.request("textDocument/completion", position(4, 19))["result"]?.arrayValue)
            #expect(items.map { $0["label"]?.stringValue ?? "" } == ["stopped", "playing"])
            #expect(items.first?["kind"] == 20)
        }
    }

    @Test func renameEditsEveryOccurrenceAndRefusesBadNames() async throws {
        try await withSpec { client in
            let prepared = try client.request("textDocument/prepareRename", position(6, 12))["result"]
            #expect(prepared?["placeholder"] == "playing")
            let result = try #require(try client.request("textDocument/rename", merging(position(6, 12), ["newName": "running"]))["result"])
            let edits = try #require(result["changes"]?[Self.uri]?.arrayValue)
            #expect(edits == [["range": range(4, 19, 26), "newText": "running"], ["range": range(6, 10, 17), "newText": "running"]])

            let refused = try client.request("textDocument/rename", merging(position(6, 12), ["newName": "stopped"]))
            #expect(refused["error"]?["code"] == -32803)
            #expect(refused["error"]?["message"] == "'stopped' already names a state of this machine")
            #expect(try client.request("textDocument/rename", merging(position(6, 12), ["newName": "on"]))["error"]?["message"] == "'on' is a keyword of the language")
        }
    }

    /// The event a `defer` names is the event: definition, references, rename.
    @Test func theEventOfADeferIsTheEvent() async throws {
        let uri = "file:///work/Held.fsm"
        let text = """
            machine Held {
                event ping
                initial state waiting {
                    defer ping
                    on go -> ready
                }
                state ready { on ping -> waiting }
                event go
            }
            """
        try await withSpec { client in
            client.open(uri, text)
            func at(_ line: Int, _ character: Int) -> JSONValue {
                ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
            }
            func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
                ["start": ["line": .integer(line), "character": .integer(start)], "end": ["line": .integer(line), "character": .integer(end)]]
            }
            #expect(try client.request("textDocument/definition", at(3, 16))["result"] == ["uri": .string(uri), "range": range(1, 10, 14)])
            let references = try #require(
                try client.request("textDocument/references", merging(at(3, 16), ["context": ["includeDeclaration": true]]))["result"]?.arrayValue)
            #expect(references.map { $0["range"] } == [range(1, 10, 14), range(3, 14, 18), range(6, 21, 25)])
            let renamed = try #require(try client.request("textDocument/rename", merging(at(3, 16), ["newName": "knock"]))["result"])
            #expect(try #require(renamed["changes"]?[uri]?.arrayValue).count == 3)
        }
    }

    @Test func aQuickFixAppliesTheDiagnosticsSuggestion() async throws {
        try await withSpec { client in
            let params: JSONValue = ["textDocument": ["uri": .string(Self.uri)], "range": range(7, 43, 43), "context": ["diagnostics": []]]
            let actions = try #require(try client.request("textDocument/codeAction", params)["result"]?.arrayValue)
            #expect(actions.count == 1)
            #expect(actions.first?["title"] == "Change 'playng' to 'playing'")
            #expect(actions.first?["kind"] == "quickfix")
            #expect(actions.first?["edit"]?["changes"]?[Self.uri] == [["range": range(7, 41, 47), "newText": "playing"]])
            // Elsewhere, nothing to fix.
            let elsewhere: JSONValue = ["textDocument": ["uri": .string(Self.uri)], "range": range(1, 0, 3), "context": ["diagnostics": []]]
            #expect(try client.request("textDocument/codeAction", elsewhere)["result"] == [])
        }
    }

    @Test func formattingLaysTheSpecOutWithTheSmallestEdit() async throws {
        try await withSpec { client in
            let uri = "file:///work/Messy.fsm"
            client.open(uri, "machine M {\n  event go\n\n\n initial state a {on go->a}\n}\n")
            let params: JSONValue = ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]]
            let edits = try #require(try client.request("textDocument/formatting", params)["result"]?.arrayValue)
            #expect(edits.count == 1)
            // The two spaces both layouts begin the line with are kept.
            #expect(edits.first?["range"]?["start"] == ["line": 1, "character": 2])
            let applied = self.apply(try #require(edits.first), to: "machine M {\n  event go\n\n\n initial state a {on go->a}\n}\n")
            #expect(applied == "machine M {\n    event go\n\n    initial state a { on go -> a }\n}\n")

            // Formatted already: nothing to do.
            client.open("file:///work/Tidy.fsm", applied)
            #expect(try client.request("textDocument/formatting", ["textDocument": ["uri": "file:///work/Tidy.fsm"]])["result"] == [])

            // A syntax error: no layout, and the request says why.
            client.open("file:///work/Broken.fsm", "machine M {\n  event\n}\n")
            let refused = try client.request("textDocument/formatting", ["textDocument": ["uri": "file:///work/Broken.fsm"]])
            #expect(refused["error"]?["code"] == -32803)
            #expect(refused["error"]?["message"]?.stringValue?.hasPrefix("fsmc format leaves a spec with syntax errors as it is (2:") == true)
        }
    }

    /// A text edit applied to ASCII text.
    private func apply(_ edit: JSONValue, to text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.count + 1 }
        func offset(_ position: JSONValue?) -> Int {
            let line = position?["line"]?.integerValue ?? 0
            return lines.prefix(line).reduce(0, +) + (position?["character"]?.integerValue ?? 0)
        }
        let bytes = Array(text.utf8)
        let start = offset(edit["range"]?["start"])
        let end = offset(edit["range"]?["end"])
        return String(decoding: bytes[..<start] + Array((edit["newText"]?.stringValue ?? "").utf8) + bytes[end...], as: UTF8.self)
    }

    private func merging(_ json: JSONValue, _ other: JSONValue) -> JSONValue {
        guard case .object(var members) = json, case .object(let more) = other else { return json }
        members.merge(more) { _, new in new }
        return .object(members)
    }
}
