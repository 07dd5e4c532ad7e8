import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The diagrams of SCXML's control language (``ControlLanguageSpec``, golden files
/// `Document.*`): an arrow to each of several targets, `reenter` in labels, a
/// history's default from the history pseudo-state, atomic regions.
@Suite(.offThePool) struct ControlLanguageDiagramTests {
    let model: MachineModel

    init() throws {
        model = try DiagramModels.compile(ControlLanguageSpec.text)
    }

    @Test func severalTargetsAreAnArrowToEachWithOneLabel() throws {
        let dot = DotEmitter.emit(model)
        #expect(dot.contains(#""closed" -> "boldOn" [label="reset / prepare"];"# + "\n" + #"    "closed" -> "page2" [label="reset / prepare"];"#))
        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("closed --> boldOn : reset / prepare\n    closed --> page2 : reset / prepare\n"))
        // Inside their source, a line names them all. Several targets lie in regions, which
        // PlantUML cannot link into from outside: its arrows are a line of the source.
        #expect(dot.contains("reset -&gt; boldOff, italicOff / clearStyle"))
        let plantUML = PlantUMLEmitter.emit(model)
        #expect(plantUML.contains("closed : reset -&#62; boldOn, page2 / prepare\n"))
        #expect(plantUML.contains("editing : turn -&#62; page2, italicOn\n"))
    }

    @Test func reenterIsShownInLinesAndArrows() throws {
        let dot = DotEmitter.emit(model)
        #expect(dot.contains("sync reenter -&gt; italicOn / resync"))
        #expect(dot.contains("lock reenter -&gt; page1"))
        #expect(MermaidEmitter.emit(model).contains("sync reenter -#62; italicOn / resync"))
        #expect(PlantUMLEmitter.emit(model).contains("pages : lock reenter -&#62; page1\n"))
        let arrow = try DiagramModels.compile("""
            machine M {
                event t
                initial state a { on t [ok] reenter -> b / go }
                final state b
            }
            """)
        #expect(DotEmitter.emit(arrow).contains(#""a" -> "b" [label="t [ok] reenter / go"];"#))
        #expect(MermaidEmitter.emit(arrow).contains("a --> b : t [ok] reenter / go"))
        #expect(PlantUMLEmitter.emit(arrow).contains("a --> b : t [ok] reenter / go"))
    }

    @Test func aHistoryDefaultIsAnArrowFromTheHistoryPseudoState() throws {
        let dot = DotEmitter.emit(model)
        #expect(dot.contains("""
                "*history editing" -> "boldOn" [label="/ restoreStyle"];
                "*history editing" -> "italicOn" [label="/ restoreStyle"];
            """))
        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("editingHistory --> boldOn : / restoreStyle\n        editingHistory --> italicOn : / restoreStyle\n"))
        // PlantUML draws no arrow from a history pseudo-state: a line of its state.
        #expect(PlantUMLEmitter.emit(model).contains("editing : history deep -&#62; boldOn, italicOn / restoreStyle\n"))
    }

    @Test func aParallelStatesHistoryDefaultWithoutActions() throws {
        let model = try DiagramModels.compile("""
            machine M {
                event t
                event back
                initial state idle { on t -> p.history }
                parallel state p {
                    history -> a2, b
                    state a { initial state a1; state a2 { on back -> idle } }
                    state b
                }
            }
            """)
        #expect(DotEmitter.emit(model).contains("\"*history p\" -> \"a2\";\n    \"*history p\" -> \"b\";\n"))
        // Mermaid has no `H` state in a parallel state: its note says it.
        #expect(MermaidEmitter.emit(model).contains("note right of p\n        history -#62; a2, b\n    end note"))
        #expect(PlantUMLEmitter.emit(model).contains("p : history -&#62; a2, b\n"))
    }

    @Test func anAtomicRegionIsADashedStateAmongTheRegions() throws {
        let dot = DotEmitter.emit(model)
        #expect(dot.contains(#""ruler" [style="rounded,dashed"];"#))
        #expect(dot.contains(#"{ rank=same; "*initial bold"; "*initial italic"; "ruler"; "*initial pages"; }"#))
        #expect(MermaidEmitter.emit(model).contains("            --\n            ruler\n            --\n"))
        #expect(PlantUMLEmitter.emit(model).contains("    --\n    state ruler\n    --\n"))
    }

    @Test(.enabled(if: DiagramTools.dot != nil, "needs Graphviz's dot on the PATH"))
    func theDOTRendersWithoutWarnings() async throws {
        for text in [DotEmitter.emit(model)] {
            let run = try await ProcessRunner.run(DiagramTools.dot!, ["-Tsvg", "-o", "/dev/null"], input: text)
            #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg: \(run.output)")
        }
    }
}
