@testable import FSMCore
import TestSupport
import Testing

/// The semantic passes one at a time: what each builds from the syntax and the passes before
/// it, and what it reports. The analysis as a whole is ``SemanticAnalyzerTests``'.
@Suite(.offThePool) struct SemanticPassTests {
    private func machine(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> MachineSyntax {
        let (file, diagnostics) = Parser.parse(SourceText(text))
        #expect(diagnostics.isEmpty, sourceLocation: sourceLocation)
        return try #require(file.machines.first, sourceLocation: sourceLocation)
    }

    private func messages(_ collector: DiagnosticCollector) -> [String] {
        collector.bag.diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    @Test func signalDeclarationsIndexEventsAndOutputsInOrder() throws {
        let machine = try machine("""
            machine M {
                event a(x: Int)
                event b
                output shown(String)
                event a
                initial state s
            }
            """)
        let collector = DiagnosticCollector()
        let signals = SignalDeclarationPass(diagnostics: collector).run(machine.members)
        #expect(signals.events.map(\.name) == ["a", "b"])
        #expect(signals.eventIndex["b"] == EventID(1))
        #expect(signals.outputs.map(\.name) == ["shown"])
        #expect(messages(collector) == ["5:11: event 'a' is declared twice"])
    }

    /// A tree of states: `a` with an initial child, `d` with data and a history but no initial child.
    private let tree = """
        machine M {
            initial state a {
                initial state b
                state c
            }
            state d(n: Int) {
                history
                state e
            }
        }
        """

    @Test func stateDeclarationsListParentsBeforeChildren() throws {
        let machine = try machine(tree)
        let collector = DiagnosticCollector()
        let table = StateDeclarationPass(diagnostics: collector).run(machine.members)
        #expect(table.states.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(table.states[0].children == [StateID(1), StateID(2)])
        #expect(table.states[2].parent == StateID(0))
        #expect(table.topLevelStates == [StateID(0), StateID(3)])
        #expect(table.chainData(of: StateID(4)) == [ParameterModel(label: "n", type: "Int")])
        // The structure is the next pass's.
        #expect(table.states[0].initialChild == nil)
        #expect(table.states[3].history == nil)
        #expect(messages(collector) == [])
    }

    @Test func theStructurePassRecordsInitialChildrenAndReportsMissingOnes() throws {
        let machine = try machine(tree)
        let collector = DiagnosticCollector()
        var table = StateDeclarationPass(diagnostics: collector).run(machine.members)
        let structure = StateStructurePass(diagnostics: collector)
        structure.run(&table)
        #expect(table.states[0].initialChild == StateID(1))
        #expect(table.states[3].initialChild == nil)
        #expect(table.states[3].history == .shallow)
        #expect(structure.initialState(of: machine, topLevelStates: table.topLevelStates, in: table) == StateID(0))
        #expect(messages(collector) == [
            "6:11: state 'd' has no initial state; mark the one it starts in, as in 'initial state e'",
        ])
    }

    @Test func theCallableRegistryChecksEveryUseAgainstTheFirst() {
        let collector = DiagnosticCollector()
        var registry = CallableRegistry(events: [], diagnostics: collector)
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        let name = Identifier("ready", range: SourceRange(start, start))
        let context = CallContext(payload: .noPayload("entry actions"), data: [])
        let uses = [
            registry.use(name, isGuard: true, context: context),
            registry.use(name, isGuard: true, context: context),
            registry.use(name, isGuard: false, context: context),
        ]
        #expect(uses == [true, true, false])
        #expect(registry.guards.map(\.name) == ["ready"])
        #expect(registry.actions.isEmpty)
        #expect(messages(collector) == ["1:1: 'ready' is used both as a guard and as an action; give them different names"])
    }

    @Test func theEventlessCycleCheckFollowsUnguardedAlwaysTransitions() throws {
        let (file, _) = Parser.parse(SourceText("""
            machine M {
                initial state a { always -> b }
                state b { always -> a }
            }
            """))
        let collector = DiagnosticCollector()
        let machine = try #require(file.machines.first)
        let signals = SignalDeclarationPass(diagnostics: collector).run(machine.members)
        var table = StateDeclarationPass(diagnostics: collector).run(machine.members)
        StateStructurePass(diagnostics: collector).run(&table)
        var resolution = BodyResolutionPass(signals: signals, states: table, invocations: InvocationTable(), diagnostics: collector)
        let resolved = resolution.run(machine)
        var states = table.states
        resolved.fill(&states)
        #expect(messages(collector) == [])
        EventlessCycleCheck(states: states, brokenTriggers: resolved.brokenTriggers, diagnostics: collector).run()
        #expect(messages(collector) == ["2:23: unguarded eventless transitions loop forever: a -> b -> a"])
    }
}
