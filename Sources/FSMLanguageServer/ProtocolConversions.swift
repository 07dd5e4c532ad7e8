import FSMCompiler

/// The compiler's values as the protocol's JSON: ranges in UTF-16 columns, kinds as numbers.
extension LanguageServer {
    static func json(_ position: EditorPosition) -> JSONValue {
        ["line": .integer(position.line), "character": .integer(position.utf16Column)]
    }

    static func json(_ range: SourceRange, in source: SourceText) -> JSONValue {
        let editorRange = source.editorRange(of: range)
        return ["start": json(editorRange.start), "end": json(editorRange.end)]
    }

    static func location(_ range: SourceRange, in document: OpenDocument) -> JSONValue {
        ["uri": .string(document.uri), "range": json(range, in: document.source)]
    }

    static func editorPosition(_ json: JSONValue) -> EditorPosition? {
        guard let line = json["line"]?.integerValue, let character = json["character"]?.integerValue else { return nil }
        return EditorPosition(line: line, utf16Column: character)
    }

    static func editorRange(_ json: JSONValue) -> EditorRange? {
        guard let start = json["start"].flatMap(editorPosition), let end = json["end"].flatMap(editorPosition) else { return nil }
        return EditorRange(start, end)
    }

    /// `textDocument/publishDiagnostics` for a document: the compiler's diagnostics.
    func publishDiagnostics(_ document: OpenDocument) -> JSONValue {
        var params: [String: JSONValue] = [
            "uri": .string(document.uri),
            "diagnostics": .array(document.diagnostics.map { Self.json($0, in: document) }),
        ]
        if let version = document.version { params["version"] = .integer(version) }
        return OutgoingMessage.notification("textDocument/publishDiagnostics", .object(params))
    }

    /// A diagnostic as the protocol's `Diagnostic`, its notes as related information.
    static func json(_ diagnostic: Diagnostic, in document: OpenDocument) -> JSONValue {
        var json: [String: JSONValue] = [
            "range": Self.json(diagnostic.range, in: document.source),
            "severity": .integer(Self.severity(diagnostic.severity)),
            "source": "fsmc",
            "message": .string(diagnostic.message),
        ]
        if !diagnostic.notes.isEmpty {
            json["relatedInformation"] = .array(diagnostic.notes.map { note in
                ["location": Self.location(note.range, in: document), "message": .string(note.message)]
            })
        }
        return .object(json)
    }

    /// The protocol's `DiagnosticSeverity`.
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// The protocol's `SymbolKind` for an outline item.
    static func symbolKind(_ kind: OutlineItem.Kind) -> Int {
        switch kind {
        case .machine: 5  // Class: the generated class
        case .state: 22  // EnumMember: a case of the generated State
        case .event: 24  // Event
        case .output: 8  // Field
        }
    }

    /// The protocol's `CompletionItemKind` for a candidate.
    static func completionKind(_ kind: CompletionCandidate.Kind) -> Int {
        switch kind {
        case .state: 20  // EnumMember
        case .event: 23  // Event
        case .output: 5  // Field
        case .guard: 3  // Function
        case .action: 2  // Method
        case .invocation: 3  // Function: a requirement of Actions the machine runs
        case .keyword: 14  // Keyword
        case .machine: 7  // Class: the generated class of another spec
        case .field: 10  // Property: an associated value of the generated State
        }
    }
}
