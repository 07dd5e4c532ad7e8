@testable import FSMCompiler
import Testing

/// The one escaper of the SCXML export, the DOT labels and the simulator page.
struct MarkupTextTests {
    @Test func escapesWhatMarkupGivesMeaning() {
        #expect(MarkupText.escaped(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c'")
        #expect(MarkupText.escaped("") == "")
    }

    /// A `<` and a combining mark after it are one `Character`; the escaper reads scalars.
    @Test func escapesALessThanSignThatCarriesACombiningMark() {
        #expect(MarkupText.escaped("<\u{301}b") == "&lt;\u{301}b")
    }

    @Test func keepsLineBreaksByDefault() {
        #expect(MarkupText.escaped("a\nb\r\nc\td") == "a\nb\r\nc\td")
    }

    @Test func writesABreakElementForEachLineBreak() {
        #expect(MarkupText.escaped("a\nb\r\nc\rd\te", lineBreaks: .breakElements) == "a<br/>b<br/>c<br/>d\te")
    }

    @Test func writesCharacterReferencesForLineBreaksAndTabs() {
        #expect(MarkupText.escaped("a\nb\r\nc\td", lineBreaks: .characterReferences) == "a&#10;b&#13;&#10;c&#9;d")
    }

    @Test func theLabelsOfEachBackEndGoThroughIt() {
        #expect(DotEmitter.html("a<b\r\nc") == "a&lt;b<br/>c")
        #expect(SCXMLText.attribute("a<b\n\u{FFFF}") == "a&lt;b&#10;\u{FFFD}")
        #expect(SimulatorPage.html(machine: "A<B", svg: "", graphJSON: "{}").contains("<title>A&lt;B · fsmc simulator</title>"))
    }
}
