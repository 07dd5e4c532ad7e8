import FSMLanguageServer
import Foundation
import Testing
import TestSupport

/// A document's siblings, the other specs of its target, over the protocol: a parent is
/// checked against its child on disk or open (unsaved text first), and completion and
/// go-to-definition reach into the child.
@Suite struct LanguageServerSiblingTests {
    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form { on submit -> finished / emit signedIn(user: name) }
            final state finished
        }
        """

    static let app = """
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
            }
            state home(user: String) { on logOut -> onboarding }
        }
        """

    /// A fresh folder with `files` (relative path → text) written into it, removed afterwards;
    /// a session with the server runs inside, given the folder.
    private func session(
        _ files: [String: String], _ body: @escaping @Sendable (ScriptedClient, URL) throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try await onOwnThread {
            let client = ScriptedClient()
            try client.initialize()
            try body(client, root)
            #expect(try client.request("shutdown")["result"] == .null)
            client.notify("exit")
            #expect(try client.waitForExit() == 0)
        }
    }

    private static func uri(_ root: URL, _ path: String) -> String {
        root.appendingPathComponent(path).absoluteString
    }

    private static func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
    }

    private static func messages(_ diagnostics: JSONValue) -> [String] {
        diagnostics["diagnostics"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
    }

    @Test func aParentSeesItsChildAnywhereInItsTarget() async throws {
        // A target's whole tree, as the build plugin gives it: the child in a subfolder.
        try await session(["Package.swift": "", "Sources/MyApp/Flows/SignIn.fsm": Self.signIn]) { client, root in
            let app = Self.uri(root, "Sources/MyApp/App.fsm")
            client.open(app, Self.app)
            #expect(try client.diagnostics(for: app)["diagnostics"] == [])

            // Go to definition on the machine an invoke names: the child's spec.
            let definition = try client.request("textDocument/definition", Self.at(app, 3, 17))["result"]
            #expect(definition == [
                "uri": .string(Self.uri(root, "Sources/MyApp/Flows/SignIn.fsm")),
                "range": ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 14]],
            ])
        }
    }

    @Test func aChildsUnsavedTextIsWhatItsParentIsCheckedAgainst() async throws {
        try await session(["Package.swift": "", "Sources/MyApp/SignIn.fsm": Self.signIn]) { client, root in
            let app = Self.uri(root, "Sources/MyApp/App.fsm")
            let signIn = Self.uri(root, "Sources/MyApp/SignIn.fsm")
            client.open(app, Self.app)
            #expect(try client.diagnostics(for: app)["diagnostics"] == [])
            client.open(signIn, Self.signIn)
            #expect(try client.diagnostics(for: signIn)["diagnostics"] == [])

            // The child's output renamed, not saved: the parent's `on signIn.signedIn` is wrong now.
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(signIn), "version": 2],
                "contentChanges": [["text": .string(Self.signIn.replacingOccurrences(of: "signedIn", with: "welcomed"))]],
            ])
            #expect(try client.diagnostics(for: signIn)["diagnostics"] == [])
            let parent = try client.diagnostics(for: app)
            #expect(Self.messages(parent) == ["machine 'SignIn' has no output 'signedIn'; it declares 'welcomed'"])
            #expect(parent["diagnostics"]?.arrayValue?.first?["range"] == [
                "start": ["line": 4, "character": 18], "end": ["line": 4, "character": 26],
            ])

            // Closed without saving: the file on disk stands for the child again.
            client.notify("textDocument/didClose", ["textDocument": ["uri": .string(signIn)]])
            #expect(try client.diagnostics(for: signIn)["diagnostics"] == [])
            #expect(try client.diagnostics(for: app)["diagnostics"] == [])
        }
    }

    @Test func completionOffersTheTargetsMachinesAChildsOutputsAndTheInvocations() async throws {
        try await session(["Package.swift": "", "Sources/MyApp/SignIn.fsm": Self.signIn]) { client, root in
            let app = Self.uri(root, "Sources/MyApp/App.fsm")
            client.open(app, Self.app)
            func completions(_ line: Int, _ character: Int) throws -> [String] {
                let items = try client.request("textDocument/completion", Self.at(app, line, character))["result"]?.arrayValue ?? []
                return items.map { ($0["label"]?.stringValue ?? "") + " " + ($0["detail"]?.stringValue ?? "") }
            }
            // After `invoke `, and with the name half typed.
            let afterInvoke = try completions(3, 15)
            let halfTyped = try completions(3, 18)
            #expect(afterInvoke == ["SignIn machine"])
            #expect(halfTyped == ["SignIn machine"])
            // After `on signIn.`: the child's outputs with their payloads.
            let outputs = try completions(4, 18)
            #expect(outputs == ["signedIn output (user: String)"])
            // After `done `: the invocations, and `reenter` as after any `done`.
            let afterDone = try completions(5, 13)
            #expect(afterDone == ["signIn invocation", "reenter keyword"])
        }
    }

    @Test func aFolderThatIsNoTargetIsSearchedWithoutItsSubfolders() async throws {
        // `Sources` without a package beside it is a folder like any other.
        try await session(["Sources/Loose/Sub/SignIn.fsm": Self.signIn]) { client, root in
            let app = Self.uri(root, "Sources/Loose/App.fsm")
            client.open(app, Self.app)
            #expect(Self.messages(try client.diagnostics(for: app)) == ["unknown machine 'SignIn'"])

            // The child beside it is its sibling.
            try Data(Self.signIn.utf8).write(to: root.appendingPathComponent("Sources/Loose/SignIn.fsm"))
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(app), "version": 2], "contentChanges": [["text": .string(Self.app)]],
            ])
            #expect(try client.diagnostics(for: app)["diagnostics"] == [])
        }
    }
}
