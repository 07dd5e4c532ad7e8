import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The executable machine that ``Lowering`` builds: which transitions each atomic state tries
/// and in what order, what a transition exits and enters, entry plans with history, timers.
@Suite(.offThePool) struct LoweringTests {
    // MARK: - Structure

    @Test func pathsDepthsAndDefaultDescents() throws {
        let machine = try Lowered(spec: "Nested.fsm")
        #expect(machine.names(machine.executable.atomicStates) == ["signedOut", "shelf", "reader", "typing", "results"])
        #expect(machine.names(machine.executable.path(to: machine.state("results"))) == ["browsing", "finder", "results"])
        #expect(machine.executable.depth(of: machine.state("browsing")) == 0)
        #expect(machine.executable.depth(of: machine.state("typing")) == 2)
        #expect(machine.names(machine.executable.activeStates(atLeaf: machine.state("reader"))) == ["browsing", "reader"])
        #expect(machine.names(machine.executable.defaultDescent(of: machine.state("browsing"))) == ["shelf"])
        #expect(machine.names(machine.executable.defaultDescent(of: machine.state("finder"))) == ["typing"])
        #expect(machine.executable.defaultDescent(of: machine.state("reader")).isEmpty)
        #expect(!machine.executable.isFlat)
    }

    @Test(arguments: [
        ("Nested.fsm", ["browsing", "shelf"]),
        ("History.fsm", ["app", "library"]),
        ("Completion.fsm", ["welcome", "terms"]),
    ])
    func theStartEntersTheInitialStateAndItsInitialDescent(_ spec: String, _ entered: [String]) throws {
        let machine = try Lowered(spec: spec)
        #expect(machine.names(machine.executable.initialEntry.states) == entered)
        #expect(machine.executable.initialEntry.restoresHistoryOf == nil)
    }

    @Test func finalStatesCompleteTheirParentOrFinishTheMachine() throws {
        let machine = try Lowered(spec: "Completion.fsm")
        #expect(machine.executable.completedParent(ofFinal: machine.state("lastPage")) == machine.state("tour"))
        #expect(machine.executable.completedParent(ofFinal: machine.state("ended")) == machine.state("welcome"))
        #expect(machine.executable.completedParent(ofFinal: machine.state("page1")) == nil)
        let flat = try Lowered("machine M {\n event go\n initial state a { on go -> b }\n final state b\n}")
        #expect(flat.executable.completedParent(ofFinal: flat.state("b")) == nil)
        #expect(flat.executable.isFlat)
    }

    // MARK: - Choosing transitions

    @Test func candidatesBubbleFromTheLeafOutwardThenTheMachine() throws {
        let machine = try Lowered(spec: "Nested.fsm")
        let logOut = try machine.event("logOut")
        // The child's guarded transition first, then its parent's.
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("reader"), for: logOut)) == [
            "reader: on logOut [guarded]", "browsing: on logOut -> signedOut",
        ])
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("results"), for: logOut)) == [
            "browsing: on logOut -> signedOut",
        ])
        let back = try machine.event("back")
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("results"), for: back)) == [
            "results: on back -> typing", "finder: on back -> shelf",
        ])
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("typing"), for: back)) == [
            "finder: on back -> shelf",
        ])
        #expect(machine.executable.candidates(atLeaf: machine.state("signedOut"), for: back).isEmpty)
        #expect(machine.executable.owners(from: machine.state("typing")) == [
            .state(machine.state("typing")), .state(machine.state("finder")), .state(machine.state("browsing")), .machine,
        ])

        let jukebox = try Lowered(spec: "History.fsm")
        let sleep = try jukebox.event("sleep")
        #expect(jukebox.describe(jukebox.executable.candidates(atLeaf: jukebox.state("second"), for: sleep)) == [
            "machine: on sleep -> asleep",
        ])
        let browse = try jukebox.event("browse")
        #expect(jukebox.describe(jukebox.executable.candidates(atLeaf: jukebox.state("lyrics"), for: browse)) == [
            "lyrics: on browse -> library", "player: on browse -> lyrics",
        ])
    }

    @Test func timersAndCompletionsBelongToTheirStateWhileItIsActive() throws {
        let machine = try Lowered(spec: "Nested.fsm")
        let browsing = machine.state("browsing")
        #expect(machine.executable.timers[browsing.index].map(\.delay.text) == ["30s"])
        let timer = ExecutableMachine.Trigger.timer(browsing, group: 0)
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("results"), for: timer)) == [
            "browsing: after 30s -> signedOut",
        ])
        #expect(machine.executable.candidates(atLeaf: machine.state("signedOut"), for: timer).isEmpty)

        let onboarding = try Lowered(spec: "Completion.fsm")
        let done = ExecutableMachine.Trigger.done(onboarding.state("tour"))
        #expect(onboarding.describe(onboarding.executable.candidates(atLeaf: onboarding.state("lastPage"), for: done)) == [
            "tour: done [guarded] -> thanks", "tour: done -> thanks",
        ])
        // A completion of `welcome` is not offered to `tour`'s transitions, nor outside it.
        #expect(onboarding.describe(onboarding.executable.candidates(
            atLeaf: onboarding.state("ended"), for: .done(onboarding.state("welcome")))) == ["welcome: done -> home"])
        #expect(onboarding.executable.candidates(atLeaf: onboarding.state("home"), for: done).isEmpty)
    }

    @Test func timersOfOneStateAreGroupedByDelay() throws {
        let machine = try Lowered("""
            machine M {
                event go
                initial state a {
                    after 1s [x] -> b
                    after 2s -> b
                    after 1000ms -> b
                    initial state a1 { after 1s -> a2 }
                    state a2 { on go -> a1 }
                }
                state b { on go -> a }
            }
            """)
        let a = machine.state("a")
        #expect(machine.executable.timers[a.index].map { MachineInterpreter.nanoseconds(of: $0.delay) } == [1_000_000_000, 2_000_000_000])
        #expect(machine.executable.timers[a.index].map { machine.describe($0.transitions) } == [
            ["a: after 1s [guarded] -> b", "a: after 1000ms -> b"], ["a: after 2s -> b"],
        ])
        #expect(machine.executable.timers[machine.state("a1").index].count == 1)
        #expect(machine.executable.triggers(of: .state(a)) == [.timer(a, group: 0), .timer(a, group: 1)])
    }

    // MARK: - Domains, exits and entries

    @Test func aTargetInsideTheDeclaringCompoundStateDoesNotLeaveIt() throws {
        let machine = try Lowered(spec: "Nested.fsm")
        let reset = try machine.transition("browsing", "on reset -> shelf")
        #expect(machine.executable[reset].domain == machine.state("browsing"))
        #expect(machine.names(machine.executable[reset].entry?.states ?? []) == ["shelf"])
        #expect(machine.names(machine.executable.exitSequence(of: reset, atLeaf: machine.state("results"))) == ["results", "finder"])
        #expect(machine.names(machine.executable.exitSequence(of: reset, atLeaf: machine.state("shelf"))) == ["shelf"])
        // Between siblings: the parent is the domain.
        let toReader = try machine.transition("results", "on open -> reader")
        #expect(machine.executable[toReader].domain == machine.state("browsing"))
        #expect(machine.names(machine.executable.exitSequence(of: toReader, atLeaf: machine.state("results"))) == ["results", "finder"])
        #expect(machine.names(machine.executable[toReader].entry?.states ?? []) == ["reader"])
        // Into a compound state: its initial descent is entered too.
        let toFinder = try machine.transition("shelf", "on search -> finder")
        #expect(machine.names(machine.executable[toFinder].entry?.states ?? []) == ["finder", "typing"])
        let fromFinder = try machine.transition("finder", "on back -> shelf")
        #expect(machine.executable[fromFinder].domain == machine.state("browsing"))
    }

    @Test func aTransitionToItsOwnStateLeavesAndReentersIt() throws {
        let machine = try Lowered("""
            machine M {
                event go
                event again
                initial state main {
                    on again -> main
                    initial state list { on go -> detail }
                    state detail { on go -> list; on again -> detail }
                }
            }
            """)
        let again = try machine.transition("main", "on again -> main")
        #expect(machine.executable[again].domain == nil)
        #expect(machine.names(machine.executable.exitSequence(of: again, atLeaf: machine.state("detail"))) == ["detail", "main"])
        #expect(machine.names(machine.executable[again].entry?.states ?? []) == ["main", "list"])
        // A leaf's self-transition leaves and re-enters the leaf only.
        let detailAgain = try machine.transition("detail", "on again -> detail")
        #expect(machine.executable[detailAgain].domain == machine.state("main"))
        #expect(machine.names(machine.executable.exitSequence(of: detailAgain, atLeaf: machine.state("detail"))) == ["detail"])
        #expect(machine.names(machine.executable[detailAgain].entry?.states ?? []) == ["detail"])
    }

    @Test func aTransitionToAnAncestorLeavesAndReentersTheAncestor() throws {
        let machine = try Lowered("""
            machine M {
                event go
                event stop
                initial state outer {
                    initial state middle {
                        initial state inner { on go -> outer }
                    }
                }
                final state stopped
                on stop -> stopped
            }
            """)
        let go = try machine.transition("inner", "on go -> outer")
        #expect(machine.executable[go].domain == nil)
        #expect(machine.names(machine.executable.exitSequence(of: go, atLeaf: machine.state("inner"))) == ["inner", "middle", "outer"])
        #expect(machine.names(machine.executable[go].entry?.states ?? []) == ["outer", "middle", "inner"])
    }

    @Test func machineLevelTransitionsExitEverything() throws {
        let machine = try Lowered(spec: "History.fsm")
        let sleep = try machine.transition(nil, "on sleep -> asleep")
        #expect(machine.executable[sleep].owner == .machine)
        #expect(machine.executable[sleep].domain == nil)
        #expect(machine.names(machine.executable.exitSequence(of: sleep, atLeaf: machine.state("second"))) == [
            "second", "queue", "player", "app",
        ])
        #expect(machine.names(machine.executable[sleep].entry?.states ?? []) == ["asleep"])
    }

    @Test func internalTransitionsExitAndEnterNothing() throws {
        let machine = try Lowered(spec: "Nested.fsm")
        let notes = try machine.transition("reader", "on logOut [guarded]")
        #expect(machine.executable[notes].entry == nil)
        #expect(machine.executable[notes].domain == nil)
        #expect(machine.executable.exitSequence(of: notes, atLeaf: machine.state("reader")).isEmpty)
    }

    @Test func historyTargetsEnterTheStateAndRestoreItsHistory() throws {
        let machine = try Lowered(spec: "History.fsm")
        let wake = try machine.transition("asleep", "on wake -> app.history")
        #expect(machine.executable[wake].entry == EntryPlan(states: [machine.state("app")], restoresHistoryOf: machine.state("app")))
        let play = try machine.transition("asleep", "on play -> player.history")
        #expect(machine.executable[play].domain == nil)
        #expect(machine.executable[play].entry == EntryPlan(
            states: [machine.state("app"), machine.state("player")], restoresHistoryOf: machine.state("player")))
        // Without `.history`, the initial descent.
        let fresh = try machine.transition("asleep", "on wakeFresh -> app")
        #expect(machine.names(machine.executable[fresh].entry?.states ?? []) == ["app", "library"])
        #expect(machine.executable[fresh].entry?.restoresHistoryOf == nil)
    }

    @Test func aHistoryTargetOfTheDeclaringStateOrAnAncestorKeepsThatStateActive() throws {
        // The history counts as a child of its state (SCXML's history pseudo-state), so the
        // state itself is the domain: it is not left, and its history is not updated.
        let machine = try Lowered("""
            machine M {
                event go
                event back
                initial state a {
                    history deep
                    on back -> a.history
                    initial state a1 {
                        initial state a11 { on go -> a12 }
                        state a12 { on go -> a.history }
                    }
                }
            }
            """)
        for transition in [try machine.transition("a", "on back -> a.history"), try machine.transition("a12", "on go -> a.history")] {
            #expect(machine.executable[transition].domain == machine.state("a"))
            #expect(machine.executable[transition].entry == EntryPlan(states: [], restoresHistoryOf: machine.state("a")))
            #expect(machine.names(machine.executable.exitSequence(of: transition, atLeaf: machine.state("a12"))) == ["a12", "a1"])
        }
    }

    @Test func eventlessTransitionsAreTriggeredByAlways() throws {
        let machine = try Lowered(spec: "Completion.fsm")
        #expect(machine.describe(machine.executable.candidates(atLeaf: machine.state("thanks"), for: .always)) == [
            "thanks: always [guarded] -> ended",
        ])
        #expect(machine.executable.candidates(atLeaf: machine.state("terms"), for: .always).isEmpty)
    }

    // MARK: - Refusals

    /// The static relation the generated microstep reads as a table: of two transitions
    /// selected in one step, one that exits states conflicts with another that does when
    /// their domains lie on one line of the tree; the later one then preempts the earlier if
    /// declared inside its source, and otherwise yields. Transitions without a target conflict
    /// with none.
    @Test func transitionsSelectedTogetherConflictAsSCXMLResolvesThem() throws {
        let compilation = Compiler.compile(SourceText("""
            machine M {
                event go
                initial state a { on go -> p }
                parallel state p {
                    state r1 { initial state x { on go -> a } }
                    state r2 {
                        initial parallel state q {
                            state q1 { initial state y { on go -> z } state z }
                            state q2 { initial state w { on go / note } }
                        }
                    }
                    on go -> a
                }
            }
            """))
        let machine = try #require(compilation.executable)
        let (pLeaves, xLeaves, yStays, wNotes) = (TransitionID(1), TransitionID(2), TransitionID(3), TransitionID(4))
        #expect(machine.source(of: pLeaves) == machine.model.states.first { $0.name == "p" }?.id)
        #expect(machine.conflict(of: yStays, with: xLeaves) == .yields)
        #expect(machine.conflict(of: xLeaves, with: yStays) == .yields)
        #expect(machine.conflict(of: yStays, with: pLeaves) == .preempts)
        #expect(machine.conflict(of: pLeaves, with: yStays) == .yields)
        #expect(machine.conflict(of: wNotes, with: xLeaves) == .none)
        #expect(machine.conflict(of: yStays, with: wNotes) == .none)
        // Selected together in document order of their atomic states (x, y, w): x's leaves p
        // and wins; w's has no target and is taken with it.
        let atomic = ["x", "y", "w"].compactMap { name in machine.model.states.first { $0.name == name }?.id }
        #expect(machine.selectTransitions(for: .event(EventID(0)), atomicStates: atomic, isEnabled: { _ in true }) == [xLeaves, wNotes])
    }

    /// `[false]` is never taken: lowering keeps the transition, numbered, for the table, but no
    /// trigger offers it, so no dispatch, timer or choice of any back end tries it.
    @Test func transitionsNeverTakenKeepTheirNumberButNoTrigger() throws {
        let machine = try Lowered(lowering: """
            machine M {
                event go
                initial state a {
                    on go [false] -> b
                    on go -> b
                    after 1s [false] -> b
                    always [false] -> b
                }
                state b { on go [false] -> a }
            }
            """)
        let a = machine.state("a")
        let executable = machine.executable
        #expect(executable.transitions.map(\.declaration) == executable.model.allTransitions)
        #expect(executable.transitions.filter { $0.trigger == nil }.map(\.id.index) == [0, 2, 3, 4])
        #expect(machine.describe(executable.candidates(atLeaf: a, for: .event(EventID(0)))) == ["a: on go -> b"])
        #expect(executable.candidates(atLeaf: machine.state("b"), for: .event(EventID(0))).isEmpty)
        #expect(executable.timers[a.index].isEmpty)
        #expect(executable.candidates(atLeaf: a, for: .always).isEmpty)
        #expect(executable.triggers(of: .state(a)) == [.event(EventID(0))])
        #expect(executable.eventGroups(of: .state(machine.state("b"))).isEmpty)
        // What it would exit and enter is still worked out, as for any transition.
        #expect(executable.transitions[4].domain == nil)
        #expect(executable.transitions[4].entry?.states == [a])
    }

    @Test func everyTransitionIsNumberedInModelOrder() throws {
        let machine = try Lowered(spec: "History.fsm")
        #expect(machine.executable.transitions.map(\.declaration) == machine.executable.model.allTransitions)
        #expect(machine.executable.transitions.map(\.id) == machine.executable.transitions.indices.map(TransitionID.init))
    }
}

/// A lowered spec with lookups by name, for readable expectations.
struct Lowered {
    let executable: ExecutableMachine

    init(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let compilation = Compiler.compile(SourceText(text))
        #expect(MarkedSource.lines(of: compilation.diagnostics) == [], sourceLocation: sourceLocation)
        executable = try #require(compilation.executable, sourceLocation: sourceLocation)
    }

    /// Lowers a spec whatever the back ends support yet: the executable model and its
    /// interpreter run more than the emitters may.
    init(lowering text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let (syntax, syntaxDiagnostics) = Parser.parse(SourceText(text))
        #expect(MarkedSource.lines(of: syntaxDiagnostics) == [], sourceLocation: sourceLocation)
        let analysis = SemanticAnalyzer.analyze(syntax)
        #expect(MarkedSource.lines(of: analysis.diagnostics.filter { $0.severity == .error }) == [], sourceLocation: sourceLocation)
        let model = try #require(analysis.model, sourceLocation: sourceLocation)
        executable = try Lowering.lower(model).get()
    }

    /// Lowers a spec with invocations (language version 3), which the checks, the lowering and
    /// the interpreter run before every back end does. Warnings are allowed: small specs leave
    /// errors unhandled.
    init(invoking text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let compilation = Compiler.compile(SourceText(text))
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(MarkedSource.lines(of: errors) == [], sourceLocation: sourceLocation)
        executable = try #require(compilation.executable, sourceLocation: sourceLocation)
    }

    /// One of the statechart specs of the reference tests, such as `Nested.fsm`.
    init(spec name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try self.init(try ReferenceSpecs.text(of: name), sourceLocation: sourceLocation)
    }

    var model: MachineModel { executable.model }

    func state(_ name: String) -> StateID {
        guard let state = model.states.first(where: { $0.name == name }) else {
            Issue.record("no state '\(name)'")
            return StateID(0)
        }
        return state.id
    }

    func names(_ states: [StateID]) -> [String] { states.map { model[$0].name } }

    func event(_ name: String) throws -> ExecutableMachine.Trigger {
        let event = try #require(model.events.firstIndex { $0.name == name }, "no event '\(name)'")
        return .event(EventID(event))
    }

    /// The transition of `owner` (`nil`: the machine) that ``describe(_:)`` describes as
    /// `"\(owner): \(text)"`.
    func transition(_ owner: String?, _ text: String) throws -> TransitionID {
        let label = "\(owner ?? "machine"): \(text)"
        return try #require(executable.transitions.first { describe($0.id) == label }?.id, "no transition '\(label)'")
    }

    /// `"reader: on logOut [guarded]"`, `"machine: on sleep -> asleep"`, `"a: after 1s -> b"`.
    func describe(_ id: TransitionID) -> String {
        let transition = executable[id]
        let owner = switch transition.owner {
        case .state(let state): model[state].name
        case .machine: "machine"
        }
        let declaration = transition.declaration
        var text = switch declaration.trigger {
        case .event(let event): "on \(model[event].name)"
        case .always: "always"
        case .after(let delay): "after \(delay.text)"
        case .afterComputed(let function): "after \(function)"
        case .done: "done"
        case .invocation(let invocation, let result): result.trigger(of: model[invocation].name)
        }
        if declaration.guardExpression != nil { text += " [guarded]" }
        if declaration.reenters { text += " reenter" }
        if let target = SpecText.target(of: declaration, in: model) { text += " -> \(target)" }
        return "\(owner): \(text)"
    }

    func describe(_ ids: [TransitionID]) -> [String] { ids.map(describe) }
}

/// The statechart specs of the reference tests (`Tests/ReferenceTests/Specs`), read here too.
enum ReferenceSpecs {
    static let folder = ExampleMachines.packageRoot.appendingPathComponent("Tests/ReferenceTests/Specs")

    static func text(of name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
