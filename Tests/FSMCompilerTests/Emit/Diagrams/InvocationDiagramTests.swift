import FSMCompiler
import Testing

/// Invocations in the diagrams: a line of the state that runs the work, and `done`, `error` and
/// an element's transition labelled with the invocation's name.
@Suite(.offThePool) struct InvocationDiagramTests {
    let model: MachineModel

    init() throws {
        let compilation = Compiler.compile(SourceText(InvocationSemanticsTests.profile))
        model = try #require(compilation.model)
    }

    @Test func theInvokingStateListsItsWorkAndItsResultsLabelTheirArrows() {
        let dot = DotEmitter.emit(model)
        #expect(dot.contains("invoke fetchUser(user: String)"))
        #expect(dot.contains("invoke stream changes(change: Int)"))
        #expect(dot.contains(#""loading" -> "showing" [label="done fetchUser"];"#))
        #expect(dot.contains(#""loading" -> "offline" [label="error fetchUser [isOffline]"];"#))
        #expect(dot.contains("changes / apply"))
        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("loading : invoke fetchUser(user#58; String)"))
        #expect(mermaid.contains("loading --> showing : done fetchUser"))
        let plantUML = PlantUMLEmitter.emit(model)
        #expect(plantUML.contains("loading : invoke fetchUser(user: String)"))
    }
}
