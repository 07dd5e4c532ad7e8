import FSMCompiler

/// The language server's state and dispatch: JSON-RPC messages in, messages out. It reads
/// the stream through no I/O of its own (``LanguageServerLoop`` reads and writes it), so tests
/// drive it directly; its one reading of files is a document's siblings, the other specs of
/// its target (``TargetFolder``), which the compiler checks an `invoke` against.
///
/// The language features themselves are pure functions of the compiler core
/// (`FSMCompiler/Editing`); this type turns their results into the protocol's JSON.
public struct LanguageServer {
    /// Set by the `exit` notification: 0 after a `shutdown` request, 1 without one.
    public private(set) var exitCode: Int32?
    private var isInitialized = false
    private var isShutDown = false
    var documents: [String: OpenDocument] = [:]

    public init() {}

    /// Handles one framed message body; returns the responses and notifications to send.
    public mutating func handle(_ body: [UInt8]) -> [JSONValue] {
        let json: JSONValue
        do {
            json = try JSONValue.parse(body)
        } catch {
            return [OutgoingMessage.error(id: .null, .parseError("the message is not valid JSON"))]
        }
        return handle(json)
    }

    /// Handles one message.
    public mutating func handle(_ json: JSONValue) -> [JSONValue] {
        switch IncomingMessage(json) {
        case .response:
            return []
        case .invalid(let id, let error):
            return [OutgoingMessage.error(id: id, error)]
        case .notification(let method, let params):
            return handleNotification(method, params)
        case .request(let id, let method, let params):
            do {
                return [OutgoingMessage.response(id: id, result: try handleRequest(method, params))]
            } catch {
                return [OutgoingMessage.error(id: id, error)]
            }
        }
    }

    private mutating func handleRequest(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue {
        if method == "initialize" {
            isInitialized = true
            return Self.initializeResult
        }
        guard isInitialized else { throw .serverNotInitialized }
        guard !isShutDown else { throw .invalidRequest("the server is shut down; only 'exit' is accepted") }
        switch method {
        case "shutdown":
            isShutDown = true
            return .null
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/documentHighlight": return try documentHighlights(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/formatting": return try formatting(params)
        default: throw .methodNotFound(method)
        }
    }

    private mutating func handleNotification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitCode = isShutDown ? 0 : 1
            return []
        }
        guard isInitialized, !isShutDown else { return [] }
        // A notification gets no response, not even an error: one with bad parameters is
        // dropped.
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
                return []
            }
            return update(uri, version: item["version"]?.integerValue, source: SourceText(text))
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
                let changes = params["contentChanges"]?.arrayValue
            else { return [] }
            var source = document.source
            for change in changes {
                guard let text = change["text"]?.stringValue else { return [] }
                source = OpenDocument.text(of: source, replacing: change["range"].flatMap(Self.editorRange), with: text)
            }
            return update(uri, version: params["textDocument"]?["version"]?.integerValue, source: source)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return [] }
            // What the file on disk says now stands for the document at the specs that invoke it.
            return [OutgoingMessage.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])]
                + republishDependents(of: uri)
        default:
            // `initialized`, `$/cancelRequest`, `textDocument/didSave`, …: nothing to do.
            return []
        }
    }

    /// What the server can do, for the `initialize` response.
    static var initializeResult: JSONValue {
        [
            "capabilities": [
                // Full text on every change: specs are small, and a full compile runs anyway.
                "textDocumentSync": ["openClose": true, "change": 1],
                "documentSymbolProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "documentHighlightProvider": true,
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": [">", "[", "/", "(", "!", "."]],
                "renameProvider": ["prepareProvider": true],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentFormattingProvider": true,
            ],
            "serverInfo": ["name": "fsmc", "version": .string(fsmcVersion)],
        ]
    }
}
