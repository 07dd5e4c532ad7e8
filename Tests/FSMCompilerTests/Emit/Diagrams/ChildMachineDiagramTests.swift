import FSMCompiler
import Testing
import TestSupport

/// Child machines in the diagrams (`invoke SignIn as signIn`): the invoking state lists the
/// child, its outputs and completion label arrows, and the child's own chart (its own
/// children's inside it) is drawn beside the parent's, once however often it is invoked,
/// linked to each invoking state. The golden files of DESIGN's `App` are `ChildMachines.*`.
@Suite(.offThePool) struct ChildMachineDiagramTests {
    /// A compound invoking state, a machine invoked twice, a grandchild, and a child state
    /// named as a parent's (`home`).
    static let shop = """
        machine Shop {
            event back
            initial state account {
                invoke SignIn as signIn
                initial state home { on back -> retry }
                done signIn -> retry
            }
            state retry {
                invoke SignIn as again
                on again.signedIn -> account
            }
        }
        """

    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state home { on submit -> checking }
            state checking {
                invoke Verify as verify
                on verify.verified -> finished / emit signedIn(user: "x")
            }
            final state finished
        }
        """

    static let verify = """
        machine Verify {
            event code
            output verified
            initial state waiting { on code -> passed / emit verified }
            final state passed
        }
        """

    let model: MachineModel
    let children: [String: MachineModel]

    init() throws {
        model = try DiagramModels.compile(Self.shop, siblings: [Self.signIn, Self.verify])
        children = [
            "SignIn": try DiagramModels.compile(Self.signIn, siblings: [Self.verify]),
            "Verify": try DiagramModels.compile(Self.verify),
        ]
    }

    @Test func withoutTheChildsSpecTheInvokingStateListsItAndItsResultsLabelArrows() throws {
        let (app, _) = try DiagramModels.app()
        let dot = DotEmitter.emit(app)
        #expect(dot.contains("invoke SignIn as signIn"))
        #expect(dot.contains(#""onboarding" -> "home" [label="on signIn.signedIn"];"#))
        #expect(dot.contains(#""onboarding" -> "home" [label="done signIn"];"#))
        #expect(!dot.contains("cluster"))
        #expect(MermaidEmitter.emit(app).contains("onboarding --> home : done signIn"))
        #expect(PlantUMLEmitter.emit(app).contains("onboarding --> home : on signIn.signedIn"))
    }

    @Test func dotDrawsEachChildOnceBesideItsParentAndGrandchildrenInsideTheirParent() throws {
        let dot = DotEmitter.emit(model, children: children)
        #expect(dot.components(separatedBy: #"subgraph "cluster SignIn/" {"#).count == 2)
        #expect(dot.contains(#"subgraph "cluster SignIn/Verify/" {"#))
        // The parent's `home` and the child's are two nodes.
        #expect(dot.contains(#""home" -> "retry" [label="back"];"#))
        #expect(dot.contains(#""SignIn/home" [label=<home>];"#))
        #expect(dot.contains(#""SignIn/home" -> "SignIn/checking" [label="submit"];"#))
        #expect(dot.contains(#""*initial account" -> "*initial SignIn/" [label="signIn", style=dotted, ltail="cluster account"];"#))
        #expect(dot.contains(#""retry" -> "*initial SignIn/" [label="again", style=dotted];"#))
        #expect(dot.contains(#""SignIn/checking" -> "*initial SignIn/Verify/" [label="verify", style=dotted];"#))
    }

    @Test(.enabled(if: DiagramTools.dot != nil, "needs Graphviz's dot on the PATH"))
    func dotRendersChildChartsWithoutWarnings() async throws {
        let run = try await ProcessRunner.run(DiagramTools.dot!, ["-Tsvg", "-o", "/dev/null"], input: DotEmitter.emit(model, children: children))
        #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg: \(run.output)")
    }

    @Test func mermaidDrawsChildrenAsCompositeStatesWithTheirOwnIdentifiers() throws {
        let mermaid = MermaidEmitter.emit(model, children: children)
        #expect(MermaidSyntax.problems(in: mermaid) == [])
        #expect(mermaid.components(separatedBy: #"state "SignIn" as SignIn_chart {"#).count == 2)
        #expect(mermaid.contains(#"    state "Verify" as Verify_chart {"#))
        #expect(mermaid.contains(#"state "home" as SignIn_home"#))
        #expect(mermaid.contains("home --> retry : back"))
        #expect(mermaid.contains("account --> SignIn_chart : signIn"))
        #expect(mermaid.contains("retry --> SignIn_chart : again"))
        #expect(mermaid.contains("SignIn_checking --> Verify_chart : verify"))
    }

    @Test func plantUMLDrawsChildrenAsCompositeStatesLinkedByDottedArrows() throws {
        let plantUML = PlantUMLEmitter.emit(model, children: children)
        #expect(plantUML.components(separatedBy: #"state "SignIn" as SignIn_chart {"#).count == 2)
        #expect(plantUML.contains(#"state "home" as SignIn_home"#))
        #expect(plantUML.contains("account -[dotted]-> SignIn_chart : signIn"))
        #expect(plantUML.contains("retry -[dotted]-> SignIn_chart : again"))
        #expect(plantUML.contains("SignIn_checking -[dotted]-> Verify_chart : verify"))
    }

    @Test func aChildStateNamedAsAnIdentifierOfTheParentStepsAside() throws {
        let parent = try DiagramModels.compile("""
            machine P {
                event go
                initial state SignIn_chart {
                    invoke SignIn as signIn
                    on go -> SignIn_home
                }
                state SignIn_home
            }
            """, siblings: [Self.signIn, Self.verify])
        let mermaid = MermaidEmitter.emit(parent, children: children)
        #expect(MermaidSyntax.problems(in: mermaid) == [])
        #expect(mermaid.contains(#"state "SignIn" as SignIn_chart_ {"#))
        #expect(mermaid.contains(#"state "home" as SignIn_home_"#))
        #expect(mermaid.contains("SignIn_chart --> SignIn_chart_ : signIn"))
    }
}
