import FSMLanguageServer
import Foundation
import Testing
import TestSupport

/// The protocol's life cycle and robustness, over pipes: initialize, shutdown and exit,
/// malformed messages answered with JSON-RPC errors.
@Suite struct LanguageServerProtocolTests {
    @Test func initializeAnnouncesTheFeatures() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            let response = try client.initialize()
            let capabilities = try #require(response["result"]?["capabilities"])
            #expect(capabilities["textDocumentSync"]?["change"] == 1)
            for feature in ["documentSymbolProvider", "definitionProvider", "referencesProvider", "hoverProvider"] {
                #expect(capabilities[feature] == true, "\(feature)")
            }
            #expect(capabilities["renameProvider"]?["prepareProvider"] == true)
            #expect(capabilities["completionProvider"] != nil)
            #expect(response["result"]?["serverInfo"]?["name"] == "fsmc")
            _ = try client.finish()
        }
    }

    @Test func shutdownThenExitEndsWithZero() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            #expect(try client.request("shutdown")["result"] == .null)
            // After shutdown, requests are refused.
            #expect(try client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
            client.notify("exit")
            #expect(try client.waitForExit() == 0)
        }
    }

    @Test func exitWithoutShutdownEndsWithOne() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            client.notify("exit")
            #expect(try client.waitForExit() == 1)
        }
    }

    @Test func theEndOfTheInputEndsTheServer() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            #expect(try client.finish() == 1)
        }
    }

    @Test func requestsBeforeInitializeAreRefused() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            #expect(try client.request("textDocument/hover", [:])["error"]?["code"] == -32002)
            try client.initialize()
            _ = try client.finish()
        }
    }

    @Test func malformedMessagesGetErrorsAndTheServerGoesOn() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            // Not JSON.
            client.sendRaw(MessageReader.frame(Array("{\"jsonrpc\": \"2.0\", \"id\": 7, ".utf8)))
            #expect(try client.response(to: .null)["error"]?["code"] == -32700)
            // JSON nested too deeply to read.
            client.sendRaw(MessageReader.frame([UInt8](repeating: UInt8(ascii: "["), count: 100_000)))
            #expect(try client.response(to: .null)["error"]?["code"] == -32700)
            // JSON, but not a message.
            client.sendRaw(MessageReader.frame(Array("[1, 2]".utf8)))
            #expect(try client.response(to: .null)["error"]?["code"] == -32600)
            client.send(["jsonrpc": "2.0", "id": 8])
            #expect(try client.response(to: 8)["error"]?["code"] == -32600)
            client.send(["jsonrpc": "2.0", "id": 9, "method": 12])
            #expect(try client.response(to: 9)["error"]?["code"] == -32600)
            client.send(["jsonrpc": "2.0", "id": ["no"], "method": "shutdown"])
            #expect(try client.response(to: .null)["error"]?["code"] == -32600)
            // A header without Content-Length.
            client.sendRaw(Array("Content-Type: text/plain\r\n\r\n".utf8))
            #expect(try client.response(to: .null)["error"]?["code"] == -32700)
            // An unknown method, and parameters that are not what the method takes.
            #expect(try client.request("textDocument/frobnicate", [:])["error"]?["code"] == -32601)
            #expect(try client.request("textDocument/definition", ["textDocument": 3])["error"]?["code"] == -32602)
            #expect(try client.request("textDocument/definition", ["textDocument": ["uri": "file:///nowhere.fsm"], "position": [:]])["error"]?["code"] == -32602)
            // An unknown notification is ignored; a notification with bad params too.
            client.notify("$/somethingNew", [:])
            client.notify("textDocument/didOpen", ["textDocument": "no"])
            // The server still answers.
            #expect(try client.request("shutdown")["result"] == .null)
            client.notify("exit")
            #expect(try client.waitForExit() == 0)
        }
    }

    @Test func aMessageSplitAcrossWritesIsReadWhole() async throws {
        try await onOwnThread {
            let client = ScriptedClient()
            let initialize: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]
            let framed = MessageReader.frame(initialize.serialized())
            for byte in framed { client.sendRaw([byte]) }
            #expect(try client.response(to: 1)["result"]?["capabilities"] != nil)
            _ = try client.finish()
        }
    }
}
