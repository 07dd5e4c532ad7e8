import Foundation
import Testing
import TestSupport

/// `fsmc lsp` as an editor starts it: the built executable with a scripted session on stdin.
@Suite struct LanguageServerCommandTests {
    /// JSON-RPC messages framed as the protocol frames them.
    private func framed(_ messages: [String]) -> String {
        messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
    }

    private func lsp(_ arguments: [String] = [], input: String) async throws -> ProcessRun {
        try await ProcessRunner.run(CommandLineTests.executable().path, ["lsp"] + arguments, input: input)
    }

    @Test func aSessionGetsDiagnosticsADefinitionAndExitsCleanly() async throws {
        let spec = #"machine M {\n  event go\n  initial state a { on go -> b }\n  state b { on go -> c }\n}"#
        let run = try await lsp(input: framed([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///M.fsm","languageId":"fsm","version":1,"text":"\#(spec)"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///M.fsm"},"position":{"line":2,"character":29}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ]))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains(#""message":"unknown state 'c'""#), "\(run.stdout)")
        #expect(run.stdout.contains(#"{"id":2,"jsonrpc":"2.0","result":{"range":{"end":{"character":9,"line":3},"start":{"character":8,"line":3}},"uri":"file:///M.fsm"}}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"{"id":3,"jsonrpc":"2.0","result":null}"#))
        #expect(run.stderr == "")
    }

    @Test func theEndOfInputWithoutShutdownExitsWithOne() async throws {
        let run = try await lsp(input: framed([#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#]) + "Content-Length: 5\r\n\r\n{")
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("Content-Length: "))
    }

    @Test func extraArgumentsAreAUsageError() async throws {
        #expect(try await lsp(["somewhere"], input: "").status == 2)
        #expect(try await lsp(["--stdio"], input: "").status == 1)
    }
}
