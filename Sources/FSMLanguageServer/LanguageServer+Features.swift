import FSMCompiler

/// The requests about an open document, each answered by a pure function of the compiler core.
extension LanguageServer {
    /// The open document a request names.
    func document(_ params: JSONValue) throws(RPCError) -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("expected 'textDocument.uri'")
        }
        guard let document = documents[uri] else {
            throw .invalidParams("'\(uri)' is not open; send textDocument/didOpen first")
        }
        return document
    }

    /// The document a request names and the byte offset of its `position`.
    func documentAndOffset(_ params: JSONValue) throws(RPCError) -> (OpenDocument, Int) {
        let document = try document(params)
        guard let position = params["position"].flatMap(Self.editorPosition) else {
            throw .invalidParams("expected 'position' with 'line' and 'character'")
        }
        return (document, document.source.offset(of: position))
    }

    func documentSymbols(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let document = try document(params)
        func json(_ item: OutlineItem) -> JSONValue {
            [
                "name": .string(item.name),
                "detail": .string(item.detail),
                "kind": .integer(Self.symbolKind(item.kind)),
                "range": Self.json(item.range, in: document.source),
                "selectionRange": Self.json(item.selectionRange, in: document.source),
                "children": .array(item.children.map(json)),
            ]
        }
        return .array(OutlineItem.outline(of: document.index.syntax).map(json))
    }

    func definition(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        if let machine = document.index.invokedMachine(at: offset) {
            return definitionOfInvokedMachine(machine.text, forDocumentAt: document.uri) ?? .null
        }
        guard let symbol = document.index.occurrence(at: offset), let definition = document.index.definition(of: symbol) else {
            return .null
        }
        return Self.location(definition.range, in: document)
    }

    func references(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        guard let symbol = document.index.occurrence(at: offset) else { return [] }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        return .array(document.index.references(to: symbol, includingDeclaration: includeDeclaration).map {
            Self.location($0.range, in: document)
        })
    }

    /// Every occurrence of the symbol under the cursor in the document, the declaration as a
    /// write (kind 3), the uses as reads (kind 2).
    func documentHighlights(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        guard let symbol = document.index.occurrence(at: offset) else { return [] }
        return .array(document.index.references(to: symbol).map {
            ["range": Self.json($0.range, in: document.source), "kind": .integer($0.isDeclaration ? 3 : 2)]
        })
    }

    func hover(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        guard let symbol = document.index.occurrence(at: offset) else { return .null }
        let text = SymbolHover.markdown(for: symbol, in: document.index, source: document.source, model: document.model)
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": Self.json(symbol.range, in: document.source),
        ]
    }

    func completion(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        let candidates = CompletionCandidates.candidates(
            at: offset, source: document.source, index: document.index, machines: machines(forDocumentAt: document.uri))
        return .array(candidates.map { candidate in
            [
                "label": .string(candidate.label),
                "kind": .integer(Self.completionKind(candidate.kind)),
                "detail": .string(candidate.detail.isEmpty ? candidate.kind.rawValue : "\(candidate.kind.rawValue) \(candidate.detail)"),
            ]
        })
    }

    func prepareRename(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        guard let symbol = document.index.occurrence(at: offset) else { return .null }
        return ["range": Self.json(symbol.range, in: document.source), "placeholder": .string(symbol.name)]
    }

    func rename(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let (document, offset) = try documentAndOffset(params)
        guard let newName = params["newName"]?.stringValue else { throw .invalidParams("expected 'newName'") }
        guard let symbol = document.index.occurrence(at: offset) else {
            throw .requestFailed("there is no state, event, output, guard or action here to rename")
        }
        switch SymbolRename.checkedRanges(renaming: symbol, to: newName, in: document.index, source: document.source) {
        case .failure(let refusal):
            throw .requestFailed(refusal.message)
        case .success(let ranges):
            let edits: [JSONValue] = ranges.map { ["range": Self.json($0, in: document.source), "newText": .string(newName)] }
            return ["changes": .object([document.uri: .array(edits)])]
        }
    }

    /// Quick fixes: a diagnostic's suggestion ("did you mean 'playing'?") as an edit, for the
    /// diagnostics that touch the requested range.
    func codeActions(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let document = try document(params)
        guard let range = params["range"].flatMap(Self.editorRange) else { throw .invalidParams("expected 'range'") }
        let start = document.source.offset(of: range.start)
        let end = document.source.offset(of: range.end)
        return .array(document.diagnostics.compactMap { diagnostic -> JSONValue? in
            guard let suggestion = diagnostic.suggestion, diagnostic.range.start.offset <= end, start <= diagnostic.range.end.offset else {
                return nil
            }
            let edit: JSONValue = ["range": Self.json(suggestion.range, in: document.source), "newText": .string(suggestion.replacement)]
            return [
                "title": .string("Change '\(document.source.text(suggestion.range))' to '\(suggestion.replacement)'"),
                "kind": "quickfix",
                "isPreferred": true,
                "diagnostics": [Self.json(diagnostic, in: document)],
                "edit": ["changes": .object([document.uri: [edit]])],
            ]
        })
    }

    /// The spec in fsmc's canonical layout (`fsmc format`), as the smallest edit. The
    /// client's tab size and spaces setting are ignored: the layout is the same for everyone.
    /// A spec with syntax errors has no layout: the request fails, naming the first error.
    func formatting(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let document = try document(params)
        guard !document.isTooLarge else { throw .requestFailed("fsmc format leaves a spec larger than 1 MB as it is") }
        let formatted: String
        do {
            formatted = try formatSpec(document.source)
        } catch {
            let first = error.diagnostics.first.map { " (\($0.location): \($0.message))" } ?? ""
            throw .requestFailed("fsmc format leaves a spec with syntax errors as it is\(first)")
        }
        guard let replacement = TextReplacement.between(document.source, formatted) else { return [] }
        return [["range": Self.json(replacement.range, in: document.source), "newText": .string(replacement.text)]]
    }
}
