import FSMCompiler
import Testing

/// Deferred events in the diagrams: a `defer retry` line of each state that keeps the event,
/// after its entry and exit lines, in all three notations.
@Suite(.offThePool) struct DeferralDiagramTests {
    @Test func aDeferringStateListsWhatItDefers() throws {
        let model = try #require(Compiler.compile(SourceText(DeferralSemanticsTests.profile)).model)
        let dot = DotEmitter.emit(model)
        #expect(dot.components(separatedBy: "defer retry").count == 3)
        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("loading : defer retry"))
        #expect(mermaid.contains("showing : defer retry"))
        let plantUML = PlantUMLEmitter.emit(model)
        #expect(plantUML.contains("loading : defer retry"))
        #expect(plantUML.contains("showing : defer retry"))
        // The spec written back from the model keeps them, and means the same.
        let text = SpecText.spec(model)
        #expect(text.components(separatedBy: "defer retry").count == 3)
        let again = try #require(Compiler.compile(SourceText(text)).model)
        #expect(again.states.map { $0.deferrals.map(\.event) } == model.states.map { $0.deferrals.map(\.event) })
    }
}
