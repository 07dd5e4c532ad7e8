import FSMCore
/// An XML document as a tree of elements that know where they are written, for importers
/// whose errors must point at an element or an attribute of the file.
///
/// ``XMLReader`` builds it. Names are resolved against the namespaces in scope; comments are
/// kept (an importer may read a comment as documentation), processing instructions and the
/// document type declaration are not.
public struct XMLElement: Hashable, Sendable {
    /// The namespace the element's name is in, `nil` when no default namespace applies.
    public var namespace: String?
    /// The name without its prefix: `state` for `<qt:state>` too.
    public var localName: String
    /// The name as written, prefix included: `qt:editorinfo`.
    public var qualifiedName: String
    /// Attributes in the order written, namespace declarations left out.
    public var attributes: [XMLAttribute]
    public var children: [XMLNode]
    /// From `<` to the end of the name in the start tag: where messages about the element point.
    public var range: SourceRange

    /// The attribute without a namespace named `name`, as a plain attribute is written.
    public func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.namespace == nil && $0.localName == name }
    }

    /// The child elements, in document order.
    public var elements: [XMLElement] {
        children.compactMap { node in
            if case .element(let element) = node { return element }
            return nil
        }
    }
}

/// A document: its root element and the comments written before it.
public struct XMLDocument: Hashable, Sendable {
    public var root: XMLElement
    /// The comments between the XML declaration and the root element, in order.
    public var leadingComments: [XMLNode]
}

/// One attribute of an element, its value with references replaced and white space
/// normalized as XML requires.
public struct XMLAttribute: Hashable, Sendable {
    /// The namespace of a prefixed attribute; `nil` for an attribute without a prefix.
    public var namespace: String?
    public var localName: String
    public var qualifiedName: String
    public var value: String
    /// From the attribute's name to its closing quote.
    public var range: SourceRange
}

/// What an element contains.
public enum XMLNode: Hashable, Sendable {
    case element(XMLElement)
    /// Character data (CDATA sections included), references replaced.
    case text(String, SourceRange)
    /// The text between `<!--` and `-->`.
    case comment(String, SourceRange)
}
