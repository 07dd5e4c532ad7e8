@testable import FSMCompiler
import Testing

/// The XML reader `fsmc import` uses: the tree with exact locations of elements and
/// attributes, namespaces, references and comments, and the first error of a document that is
/// not well-formed, located.
@Suite(.offThePool) struct XMLReaderTests {
    func read(_ source: MarkedSource) -> (XMLDocument?, [String]) {
        var diagnostics = DiagnosticBag()
        let document = XMLReader.read(source.source, diagnostics: &diagnostics)
        return (document, MarkedSource.lines(of: diagnostics.diagnostics))
    }

    @Test func elementsAndAttributesKnowWhereTheyAreWritten() throws {
        let source = MarkedSource("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- lead -->
            1️⃣<root xmlns="urn:a" xmlns:q="urn:q"
                  2️⃣id="r" 3️⃣q:geometry='1;2'>
                text &amp; more &#x41;&#66;<![CDATA[<raw>]]>
                4️⃣<q:child é="&quot;ü&lt;"/><!-- inner -->
                <plain attr="a&#10;b	c"/>
            </root>
            """)
        let (document, diagnostics) = read(source)
        #expect(diagnostics == [])
        let root = try #require(document?.root)
        #expect(document?.leadingComments.count == 1)
        #expect(root.range.start == source.location("1️⃣"))
        #expect(root.namespace == "urn:a" && root.localName == "root")
        #expect(root.attributes.map(\.qualifiedName) == ["id", "q:geometry"])
        #expect(root.attribute("id")?.range.start == source.location("2️⃣"))
        #expect(root.attributes[1].range.start == source.location("3️⃣"))
        #expect(root.attributes[1].namespace == "urn:q" && root.attributes[1].value == "1;2")
        #expect(root.attribute("geometry") == nil)
        guard case .text(let text, _) = root.children[0] else { Issue.record("no text"); return }
        #expect(text.contains("text & more AB<raw>"))
        let child = root.elements[0]
        #expect(child.range.start == source.location("4️⃣"))
        #expect(child.namespace == "urn:q" && child.localName == "child")
        #expect(child.attribute("é")?.value == "\"ü<")
        #expect(root.children.contains { if case .comment(" inner ", _) = $0 { true } else { false } })
        #expect(root.elements[1].namespace == "urn:a")
        #expect(root.elements[1].attribute("attr")?.value == "a\nb c")
    }

    @Test(arguments: [
        ("1️⃣<a>", "<a> is not closed"),
        ("<a>1️⃣</b>", "the end tag </b> does not match <a>"),
        ("<a x=\"1\" 1️⃣x=\"2\"/>", "the attribute 'x' is written twice in <a>"),
        ("<a x=\"1️⃣&nope;\"/>", "the entity '&nope;' is not one of XML's predefined entities"),
        ("<a x=\"1️⃣<\"/>", "'<' inside an attribute value (write '&lt;')"),
        ("<a x=1️⃣1/>", "expected a quoted attribute value"),
        ("1️⃣<q:a/>", "the prefix 'q' of 'q:a' is not declared"),
        ("<a/>1️⃣<b/>", "text after the root element"),
        ("1️⃣<!DOCTYPE a [<!ENTITY e \"x\">]><a/>", "a document type declaration with an internal subset is not supported (its entities are not read)"),
        ("<a><!-- a 1️⃣-- b --></a>", "'--' inside a comment"),
        ("1️⃣", "the document has no root element"),
        ("<a>1️⃣&#0;</a>", "'&#0;' is not a character XML allows"),
    ])
    func documentsThatAreNotWellFormed(_ marked: String, _ message: String) {
        let source = MarkedSource(marked)
        let (document, diagnostics) = read(source)
        #expect(document == nil)
        #expect(diagnostics == source.lines(of: [.error("1️⃣", message)]))
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "<a>", count: XMLReader.maximumDepth) + "1️⃣<a/>" + String(repeating: "</a>", count: XMLReader.maximumDepth)
        let source = MarkedSource(deep)
        let (document, diagnostics) = read(source)
        #expect(document == nil)
        #expect(diagnostics == source.lines(of: [.error("1️⃣", "elements nest more than \(XMLReader.maximumDepth) levels deep")]))
        let (allowed, none) = read(MarkedSource(String(repeating: "<a>", count: XMLReader.maximumDepth) + String(repeating: "</a>", count: XMLReader.maximumDepth)))
        #expect(allowed != nil && none == [])
    }

    @Test func aDoctypeWithoutAnInternalSubsetAndProcessingInstructionsAreSkipped() {
        let (document, diagnostics) = read(MarkedSource("<!DOCTYPE a SYSTEM \"a.dtd\"><?pi x?><a><?pi y?></a>\n"))
        #expect(diagnostics == [])
        #expect(document?.root.children == [])
    }
}
