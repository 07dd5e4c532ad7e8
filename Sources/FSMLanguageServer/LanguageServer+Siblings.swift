import FSMCompiler

/// Another spec of a document's target: where it is and the machine it declares.
struct SiblingSpec {
    /// The open document's URI, or the file's when the client does not have it open.
    var uri: String
    /// Its unsaved text when open, else the file's.
    var source: SourceText
    var interface: MachineInterface
}

/// A document's siblings: the other specs of its target (``TargetFolder``), the open
/// documents' unsaved text in place of their files, as the compiler checks `invoke Machine as
/// name` against them.
extension LanguageServer {
    /// The other specs of the target of the document at `uri`, sorted by path; none for a
    /// document with no file path (an `untitled:` buffer).
    func siblingSpecs(ofDocumentAt uri: String) -> [SiblingSpec] {
        guard let path = TargetFolder.path(ofURI: uri) else { return [] }
        let folder = TargetFolder(ofSpecAt: path)
        var open: [String: OpenDocument] = [:]
        for (otherURI, document) in documents where otherURI != uri {
            if let otherPath = TargetFolder.path(ofURI: otherURI), otherPath != path, folder.contains(otherPath) {
                open[otherPath] = document
            }
        }
        var siblings: [SiblingSpec] = []
        for specPath in Set(folder.specPaths()).union(open.keys).sorted() where specPath != path {
            let sibling: (uri: String, source: SourceText)
            if let document = open[specPath] {
                sibling = (document.uri, document.source)
            } else if let bytes = TargetFolder.read(specPath) {
                sibling = (TargetFolder.uri(ofPath: specPath), SourceText(bytes: bytes))
            } else {
                continue
            }
            // As `fsmc check` refuses to read such a spec at all, it declares no machine here.
            guard sibling.source.bytes.count <= Compiler.maximumSpecSize,
                let interface = MachineCatalog.interface(of: sibling.source)
            else { continue }
            siblings.append(SiblingSpec(uri: sibling.uri, source: sibling.source, interface: interface))
        }
        return siblings
    }

    /// The machines of a document's siblings.
    func machines(forDocumentAt uri: String) -> MachineCatalog {
        MachineCatalog(siblingSpecs(ofDocumentAt: uri).map(\.interface))
    }

    /// Compiles a document's new text against its siblings and keeps it; returns its
    /// diagnostics and those of the other open documents that changed with it.
    mutating func update(_ uri: String, version: Int?, source: SourceText) -> [JSONValue] {
        let document = OpenDocument(uri: uri, version: version, source: source, machines: machines(forDocumentAt: uri))
        documents[uri] = document
        return [publishDiagnostics(document)] + republishDependents(of: uri)
    }

    /// Compiles again the open documents of the target of the document at `uri` that invoke a
    /// machine (a parent whose child gained or lost an output, or now invokes it back); returns
    /// the diagnostics of those whose diagnostics changed, in the order of their URIs.
    ///
    /// Every spec that invokes a machine, not only those that invoke this one: a cycle
    /// through several machines is reported at each of them.
    mutating func republishDependents(of uri: String) -> [JSONValue] {
        guard let path = TargetFolder.path(ofURI: uri) else { return [] }
        var messages: [JSONValue] = []
        for (otherURI, other) in documents.sorted(by: { $0.key < $1.key }) where otherURI != uri && other.index.invokesMachines {
            guard let otherPath = TargetFolder.path(ofURI: otherURI), TargetFolder(ofSpecAt: otherPath).contains(path) else { continue }
            let recompiled = OpenDocument(uri: otherURI, version: other.version, source: other.source, machines: machines(forDocumentAt: otherURI))
            documents[otherURI] = recompiled
            if recompiled.diagnostics != other.diagnostics { messages.append(publishDiagnostics(recompiled)) }
        }
        return messages
    }

    /// Where the machine named in `invoke Machine as name` is declared: its name in the
    /// sibling spec that declares it, when exactly one does.
    func definitionOfInvokedMachine(_ name: String, forDocumentAt uri: String) -> JSONValue? {
        let declaring = siblingSpecs(ofDocumentAt: uri).filter { $0.interface.name == name }
        guard declaring.count == 1, let machine = Parser.parse(declaring[0].source).syntax.machines.first else { return nil }
        return ["uri": .string(declaring[0].uri), "range": Self.json(machine.name.range, in: declaring[0].source)]
    }
}
