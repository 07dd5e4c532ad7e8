@testable import FSMCompiler
import Testing
import TestSupport

/// Properties in the SCXML export: not behaviour, so a comment each at the end of `<scxml>`,
/// the document otherwise the same; the import does not read them back.
@Suite(.offThePool) struct SCXMLPropertyExportTests {
    private let chart = """
        machine Door {
            event open
            event close
            initial state closed { on open -> opened }
            state opened { on close -> closed }

        """

    @Test func propertiesAreCommentsAtTheEndOfTheDocument() throws {
        let plain = SCXMLEmitter.emit(try DiagramModels.compile(chart + "}\n"))
        let asserted = SCXMLEmitter.emit(try DiagramModels.compile(chart + """
                assert reachable in(opened) && !in(closed) || false
                assert in(opened) only after in(closed)
                assert always reachable in(closed)
            }

            """))
        let closing = "</scxml>\n"
        #expect(plain.hasSuffix(closing))
        #expect(asserted == String(plain.dropLast(closing.count)) + """
              <!-- fsmc: assert reachable in(opened) && !in(closed) -->
              <!-- fsmc: assert in(opened) only after in(closed) -->
              <!-- fsmc: assert always reachable in(closed) -->
            </scxml>

            """)
        // The import reads the chart and leaves the comments alone.
        let (model, diagnostics, _, _) = SCXMLImporter.importChart(SourceText(asserted), fallbackName: "Door")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        let imported = try #require(model)
        #expect(imported.properties.isEmpty)
        #expect(imported.documentation == nil)
        #expect(!SpecText.spec(imported).contains("assert"))
    }
}
