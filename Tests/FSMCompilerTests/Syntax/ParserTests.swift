import FSMCompiler
import Testing
import TestSupport

/// The parser: the syntax tree of every construct, node ranges, and error recovery.
@Suite(.offThePool) struct ParserTests {
    // MARK: - Helpers

    /// Parses a file that must have no syntax errors.
    private func parse(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SourceFileSyntax {
        let (syntax, diagnostics) = Parser.parse(SourceText(text))
        #expect(MarkedSource.lines(of: diagnostics) == [], sourceLocation: sourceLocation)
        return syntax
    }

    /// Parses a file with one machine that must have no syntax errors.
    private func machine(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> MachineSyntax {
        let file = parse(text, sourceLocation: sourceLocation)
        try #require(file.machines.count == 1, sourceLocation: sourceLocation)
        return file.machines[0]
    }

    /// The members of `machine M { body }`, each as an S-expression (see ``dump(_:)``).
    private func members(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        try machine("machine M {\n\(body)\n}", sourceLocation: sourceLocation).members.map(dump)
    }

    /// The parse errors of a marked spec, compared as `line:column: error: message` lines.
    private func expectErrors(
        _ spec: MarkedSource, _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let diagnostics = Parser.parse(spec.source).diagnostics
        #expect(
            MarkedSource.lines(of: diagnostics) == spec.lines(of: expected, sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
    }

    /// Language version 3's declarations parse (DESIGN's Profile and App); the checker refuses
    /// them until the compiler runs them.
    @Test func invocationsAndDeferralsParse() {
        let source = """
            machine App {
                state loading(id: Int) {
                    invoke fetchUser(user: User)
                    invoke stream changes(change: Change)
                    invoke SignIn as signIn
                    defer retry
                    done fetchUser -> showing(user: user)
                    error fetchUser [isOffline] -> offline
                    on signIn.signedIn -> home
                    done reenter -> idle
                }
            }
            """
        let (syntax, diagnostics) = Parser.parse(SourceText(source))
        #expect(diagnostics.isEmpty)
        let members = syntax.machines.first.map { machine in machine.members.map(dump) } ?? []
        #expect(
            members == [
                "(state loading (data (id: Int)) (invoke fetchUser (user: User)) (invoke stream changes (change: Change)) (invoke SignIn as signIn) (defer retry) (done fetchUser -> showing(user: $user)) (error fetchUser [isOffline] -> offline) (on signIn.signedIn -> home) (done -> idle))"
            ])
    }

    // MARK: - Tree dump

    /// A member as an S-expression that shows the tree's shape without its ranges.
    private func dump(_ member: MemberSyntax) -> String {
        switch member {
        case .event(let signal): "(event \(dump(signal)))"
        case .output(let signal): "(output \(dump(signal)))"
        case .state(let state): dump(state)
        case .transition(let transition): dump(transition)
        case .entry(let block): "(entry" + block.actions.map { " " + dump($0) }.joined() + ")"
        case .exit(let block): "(exit" + block.actions.map { " " + dump($0) }.joined() + ")"
        case .history(let history): history.isDeep ? "(history deep)" : "(history)"
        case .invoke(let invoke):
            switch invoke.kind {
            case .call: "(invoke \(invoke.name.text)" + invoke.results.map { " " + dump($0) }.joined() + ")"
            case .stream: "(invoke stream \(invoke.name.text)" + invoke.results.map { " " + dump($0) }.joined() + ")"
            case .machine(let machine): "(invoke \(machine.text) as \(invoke.name.text))"
            }
        case .deferral(let deferral): "(defer \(deferral.event.text))"
        case .property(let property):
            switch property.claim {
            case .never(let condition, _): "(assert never \(dump(condition)))"
            case .reachable(let condition, _): "(assert reachable \(dump(condition)))"
            case .alwaysReachable(let condition, _): "(assert always reachable \(dump(condition)))"
            case .onlyAfter(let condition, let after, _): "(assert \(dump(condition)) only after \(dump(after)))"
            }
        }
    }

    private func dump(_ signal: SignalSyntax) -> String {
        signal.name.text + signal.parameters.map { " " + dump($0) }.joined()
    }

    private func dump(_ parameter: ParameterSyntax) -> String {
        "(\(parameter.label?.text ?? "_"): \(parameter.type))"
    }

    private func dump(_ state: StateSyntax) -> String {
        var text = "(state"
        for modifier in state.modifiers { text += " " + modifier.kind.rawValue }
        text += " " + state.name.text
        if let data = state.parameters { text += " (data" + data.map { " " + dump($0) }.joined() + ")" }
        return text + state.members.map { " " + dump($0) }.joined() + ")"
    }

    private func dump(_ transition: TransitionSyntax) -> String {
        var text = switch transition.trigger {
        case .event(let name): "(on \(name.text)"
        case .always: "(always"
        case .after(let duration): "(after \(duration.text)"
        case .computedAfter(let name): "(after \(name.text)"
        case .done: "(done"
        case .invocationDone(let name, _): "(done \(name.text)"
        case .invocationError(let name, _): "(error \(name.text)"
        case .childOutput(let child, let output): "(on \(child.text).\(output.text)"
        }
        if let guardExpression = transition.guardExpression { text += " [\(dump(guardExpression))]" }
        if let target = transition.target { text += " -> \(target.text)" + (transition.historyRange == nil ? "" : ".history") }
        if let arguments = transition.targetArguments { text += "(" + arguments.map(dump).joined(separator: " ") + ")" }
        if !transition.actions.isEmpty { text += " /" + transition.actions.map { " " + dump($0) }.joined() }
        return text + ")"
    }

    private func dump(_ guardExpression: GuardSyntax) -> String {
        switch guardExpression {
        case .name(let name): name.text
        case .not(let operand, _): "(! \(dump(operand)))"
        case .and(let lhs, let rhs): "(&& \(dump(lhs)) \(dump(rhs)))"
        case .or(let lhs, let rhs): "(|| \(dump(lhs)) \(dump(rhs)))"
        case .parenthesized(let inner, _): "(paren \(dump(inner)))"
        case .else: "else"
        case .isIn(let state, _): "(in \(state.text))"
        case .nameWithoutPayload(let name, _): "\(name.text)()"
        case .callWithArguments(let name, let arguments, _): "(call \(name.text)" + arguments.map { " " + dump($0) }.joined() + ")"
        case .literal(let value, _): "\(value)"
        }
    }

    private func dump(_ action: ActionSyntax) -> String {
        switch action {
        case .call(let name): name.text
        case .callWithoutPayload(let name, _): "\(name.text)()"
        case .emit(let name, let arguments, _): "(emit \(name.text)" + arguments.map { " " + dump($0) }.joined() + ")"
        case .raise(let name, let arguments, _): "(raise \(name.text)" + arguments.map { " " + dump($0) }.joined() + ")"
        case .callWithArguments(let name, let arguments, _): "(call \(name.text)" + arguments.map { " " + dump($0) }.joined() + ")"
        case .update(let arguments, _): "(update" + arguments.map { " " + dump($0) }.joined() + ")"
        }
    }

    private func dump(_ argument: ArgumentSyntax) -> String {
        let value = switch argument.value {
        case .string(let text): "\"\(text)\""
        case .integer(let text), .float(let text): text
        case .boolean(let value): "\(value)"
        case .nil: "nil"
        case .name(let name): "$\(name)"
        case .call(let name, let arguments): "(call \(name.text)" + arguments.map { " " + dump($0) }.joined() + ")"
        }
        return argument.label.map { "\($0.text): \(value)" } ?? value
    }

    /// Language version 4: `update(…)`, and guards, actions and value functions called with
    /// arguments; `name()` keeps its meaning (no payload).
    @Test func updatesAndCallsWithArgumentsParse() throws {
        let members = try members("""
            state downloading(url: URL, progress: Double) {
                on transfer [isLarge(size: total)] / update(progress: fraction), showProgress(progress), log()
                on pause [canPause()] -> paused(url: url, elapsed: elapsed(since: since), at: now())
            }
            """)
        #expect(members == [
            "(state downloading (data (url: URL) (progress: Double)) (on transfer [(call isLarge size: $total)] / (update progress: $fraction) (call showProgress $progress) log()) (on pause [canPause()] -> paused(url: $url elapsed: (call elapsed since: $since) at: (call now))))"
        ])
    }

    @Test func updateWithoutParenthesesIsAnActionName() throws {
        let members = try members("initial state a { on go / update }")
        #expect(members == ["(state initial a (on go / update))"])
    }

    // MARK: - Machines

    @Test func aMachineWithDocumentationAttributesAndAccessLevel() throws {
        let spec = MarkedSource("""
            /// A video player.
            /// Two lines.
            1️⃣@MainActor2️⃣ 3️⃣public4️⃣ machine 5️⃣Player6️⃣ {
            }7️⃣
            """)
        let (file, diagnostics) = Parser.parse(spec.source)
        #expect(diagnostics.isEmpty)
        let machine = try #require(file.machines.first)
        #expect(machine.documentation == "A video player.\nTwo lines.")
        #expect(machine.attributes == [Identifier("@MainActor", range: spec.range("1️⃣", "2️⃣"))])
        #expect(machine.accessLevel?.keyword == .public)
        #expect(machine.accessLevel?.range == spec.range("3️⃣", "4️⃣"))
        #expect(machine.name == Identifier("Player", range: spec.range("5️⃣", "6️⃣")))
        #expect(machine.members.isEmpty)
        #expect(machine.range == spec.range("1️⃣", "7️⃣"))
    }

    @Test(arguments: [Keyword.public, .package, .internal])
    func accessLevels(_ keyword: Keyword) throws {
        let machine = try machine("\(keyword.rawValue) machine M {}")
        #expect(machine.accessLevel?.keyword == keyword)
        #expect(machine.attributes.isEmpty)
        #expect(machine.range.start.column == 1)
    }

    @Test func attributesMayStandOnTheirOwnLines() throws {
        let machine = try machine("@MainActor\n@Other\nmachine M {}")
        #expect(machine.attributes.map(\.text) == ["@MainActor", "@Other"])
        #expect(machine.accessLevel == nil)
        #expect(machine.documentation == nil)
    }

    @Test func aFileMayHoldSeveralMachinesAndBlankLines() throws {
        let file = parse("\n\n// comment\nmachine A {}\n\nmachine B {}; machine C {}\n")
        #expect(file.machines.map(\.name.text) == ["A", "B", "C"])
    }

    @Test func wordsOfTheLanguageServeAsNamesWhereANameIsExpected() throws {
        let members = try members("""
            event on
            event exit(after: Int)
            initial state on { on on -> off; on exit -> final }
            state off { on on -> on } state final
            """)
        #expect(members.count == 5)
        #expect(members[2].contains("on"))
    }

    @Test func importsComeBeforeTheMachine() throws {
        let file = parse("import Foundation\nimport Foundation.NSData; machine M {}")
        #expect(file.imports.map(\.text) == ["Foundation", "Foundation.NSData"])
        let spec = MarkedSource("machine M {}\n1️⃣import Foundation")
        expectErrors(spec, [.error("1️⃣", "imports come before the machine")])
    }

    @Test func anEmptyFileHasNoMachines() {
        #expect(parse("").machines.isEmpty)
        #expect(parse("\n// nothing\n").machines.isEmpty)
    }

    // MARK: - Events and outputs

    @Test func eventsAndOutputsWithPayloads() throws {
        #expect(try members("""
            event play
            event seek(to: Double)
            output notice(String)
            event many(a: Int, String, c: Bool)
            event none()
            """) == [
            "(event play)",
            "(event seek (to: Double))",
            "(output notice (_: String))",
            "(event many (a: Int) (_: String) (c: Bool))",
            "(event none)",
        ])
    }

    @Test(arguments: [
        "[String: Int]", "[Int]", "(Int, Int)", "Result<Data, any Error>", "String?", "[String: [Int?]]?",
        "(Int) -> Void", "@Sendable (String, Int) async throws -> [Int]", "ContinuousClock.Instant",
        "Dictionary<String, Array<Int>>", "any Error & Sendable", "inout Int", "((Int) -> Void)?",
    ])
    func payloadTypesAreBalancedText(_ type: String) throws {
        #expect(try members("event e(value: \(type), \(type))") == ["(event e (value: \(type)) (_: \(type)))"])
    }

    @Test func labelsMayBeKeywords() throws {
        #expect(try members("""
            event moved(on: Bool, after: Double, state: Int)
            on moved / emit said(on: on, after), raise moved(on: true, after: 1, state: state)
            """) == [
            "(event moved (on: Bool) (after: Double) (state: Int))",
            "(on moved / (emit said on: $on $after) (raise moved on: true after: 1 state: $state))",
        ])
    }

    @Test func payloadTypeWhiteSpaceIsFolded() throws {
        #expect(try members("event e(x: [String:    Int], y: Result<Int,Error>)") == [
            "(event e (x: [String: Int]) (y: Result<Int,Error>))",
        ])
        // Line breaks inside a payload list, and inside brackets of a type.
        #expect(try members("event e(\n    x: [String:\n        Int],\n    y: Int\n)") == [
            "(event e (x: [String: Int]) (y: Int))",
        ])
    }

    @Test func payloadRanges() throws {
        let spec = MarkedSource("""
            machine M {
                /// Seeks.
                1️⃣event 2️⃣seek3️⃣(4️⃣to5️⃣: 6️⃣Double7️⃣, 8️⃣[String: Int]9️⃣)0️⃣
            }
            """)
        let machine = try machine(spec.text)
        guard case .event(let signal) = try #require(machine.members.first) else {
            Issue.record("not an event")
            return
        }
        #expect(signal.documentation == "Seeks.")
        #expect(signal.range == spec.range("1️⃣", "0️⃣"))
        #expect(signal.name.range == spec.range("2️⃣", "3️⃣"))
        try #require(signal.parameters.count == 2)
        #expect(signal.parameters[0].label == Identifier("to", range: spec.range("4️⃣", "5️⃣")))
        #expect(signal.parameters[0].typeRange == spec.range("6️⃣", "7️⃣"))
        #expect(signal.parameters[0].range == spec.range("4️⃣", "7️⃣"))
        #expect(signal.parameters[1].label == nil)
        #expect(signal.parameters[1].typeRange == spec.range("8️⃣", "9️⃣"))
        #expect(signal.parameters[1].range == spec.range("8️⃣", "9️⃣"))
    }

    // MARK: - States

    @Test func statesWithModifiers() throws {
        #expect(try members("""
            initial state a
            final state b
            state c {}
            parallel state d {}
            initial final state e
            final initial state f
            state running(since: ContinuousClock.Instant, Int)
            """) == [
            "(state initial a)",
            "(state final b)",
            "(state c)",
            "(state parallel d)",
            "(state initial final e)",
            "(state final initial f)",
            "(state running (data (since: ContinuousClock.Instant) (_: Int)))",
        ])
    }

    @Test func stateDataIsAbsentWithoutParentheses() throws {
        let machine = try machine("machine M {\n state a\n state b()\n}")
        let data = machine.members.map { member -> [ParameterSyntax]? in
            if case .state(let state) = member { state.parameters } else { nil }
        }
        #expect(data == [nil, []])
    }

    @Test func stateRangesAndModifierRanges() throws {
        let spec = MarkedSource("""
            machine M {
                /// Where it starts.
                1️⃣initial2️⃣ 3️⃣final4️⃣ state 5️⃣idle6️⃣ {
                    entry / wave
                }7️⃣
            }
            """)
        let machine = try machine(spec.text)
        guard case .state(let state) = try #require(machine.members.first) else {
            Issue.record("not a state")
            return
        }
        #expect(state.documentation == "Where it starts.")
        #expect(state.range == spec.range("1️⃣", "7️⃣"))
        #expect(state.name.range == spec.range("5️⃣", "6️⃣"))
        #expect(state.range(of: .initial) == spec.range("1️⃣", "2️⃣"))
        #expect(state.range(of: .final) == spec.range("3️⃣", "4️⃣"))
        #expect(state.range(of: .parallel) == nil)
        #expect(state.has(.initial) && state.has(.final) && !state.has(.parallel))
    }

    @Test func entryAndExitActions() throws {
        #expect(try members("""
            state s {
                entry / showPauseButton
                exit / hidePauseButton, emit left, raise again
            }
            """) == [
            "(state s (entry showPauseButton) (exit hidePauseButton (emit left) (raise again)))",
        ])
    }

    @Test func nestedStatesParseIntoTheTree() throws {
        #expect(try members("""
            state main {
                initial state list {
                    on open -> detail
                    state deeper { history }
                }
                state detail; on logout -> login
            }
            """) == [
            "(state main (state initial list (on open -> detail) (state deeper (history))) (state detail) (on logout -> login))",
        ])
    }

    // MARK: - Transitions

    @Test func theTransitionsOfPlayer() throws {
        #expect(try members("""
            on play -> playing / startPlayback
            on pause / emit notice("Cannot pause. Player is stopped.")
            on seek [isSeekable] / jump
            on play [canResume] -> playing
            on play [else] / emit notice("Cannot resume.")
            on stop
            """) == [
            "(on play -> playing / startPlayback)",
            "(on pause / (emit notice \"Cannot pause. Player is stopped.\"))",
            "(on seek [isSeekable] / jump)",
            "(on play [canResume] -> playing)",
            "(on play [else] / (emit notice \"Cannot resume.\"))",
            "(on stop)",
        ])
    }

    @Test func eventlessAndDelayedTransitions() throws {
        #expect(try members("""
            always -> beforePush
            always [ready] -> done / log
            after 1s -> idle
            after 250ms [g] / tick
            after 1.5s
            after 3 -> x
            """) == [
            "(always -> beforePush)",
            "(always [ready] -> done / log)",
            "(after 1s -> idle)",
            "(after 250ms [g] / tick)",
            "(after 1.5s)",
            "(after 3 -> x)",
        ])
    }

    @Test func transitionRangesAndDocumentation() throws {
        let spec = MarkedSource("""
            machine M {
                /// Goes.
                1️⃣on 2️⃣go3️⃣ [4️⃣a && 5️⃣!6️⃣b7️⃣] -> 8️⃣there9️⃣ / 0️⃣emit out(🔟x: 1)
            }
            """)
        let machine = try machine(spec.text + "\n")
        guard case .transition(let transition) = try #require(machine.members.first) else {
            Issue.record("not a transition")
            return
        }
        #expect(transition.documentation == "Goes.")
        #expect(transition.trigger == .event(Identifier("go", range: spec.range("2️⃣", "3️⃣"))))
        #expect(transition.guardExpression?.range == spec.range("4️⃣", "7️⃣"))
        guard case .and(_, let rhs)? = transition.guardExpression else {
            Issue.record("not an and")
            return
        }
        #expect(rhs.range == spec.range("5️⃣", "7️⃣"))
        #expect(rhs == .not(.name(Identifier("b", range: spec.range("6️⃣", "7️⃣"))), range: spec.range("5️⃣", "7️⃣")))
        #expect(transition.target == Identifier("there", range: spec.range("8️⃣", "9️⃣")))
        let action = try #require(transition.actions.first)
        #expect(action.range.start == spec.location("0️⃣"))
        #expect(action.range.end == transition.range.end)
        guard case .emit(_, let arguments, _) = action else {
            Issue.record("not an emit")
            return
        }
        #expect(arguments.first?.range.start == spec.location("🔟"))
        #expect(arguments.first?.label?.text == "x")
        #expect(transition.range.start == spec.location("1️⃣"))
        #expect(transition.range.end.line == 3)
    }

    @Test func alwaysAndAfterRanges() throws {
        let spec = MarkedSource("machine M {\n    1️⃣always2️⃣ -> x3️⃣\n    4️⃣after 5️⃣250ms6️⃣\n}")
        let machine = try machine(spec.text)
        guard case .transition(let always) = machine.members[0], case .transition(let after) = machine.members[1] else {
            Issue.record("not transitions")
            return
        }
        #expect(always.trigger == .always(spec.range("1️⃣", "2️⃣")))
        #expect(always.range == spec.range("1️⃣", "3️⃣"))
        guard case .after(let duration) = after.trigger else {
            Issue.record("not an after trigger")
            return
        }
        #expect(duration.text == "250ms")
        #expect(duration.range == spec.range("5️⃣", "6️⃣"))
        #expect(after.range == spec.range("4️⃣", "6️⃣"))
    }

    // MARK: - Guards

    @Test(arguments: [
        ("a", "a"),
        ("!a", "(! a)"),
        ("!!a", "(! (! a))"),
        ("a && b", "(&& a b)"),
        ("a && b && c", "(&& (&& a b) c)"),
        ("a || b || c", "(|| (|| a b) c)"),
        ("a && !b || c", "(|| (&& a (! b)) c)"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a || b && c || d", "(|| (|| a (&& b c)) d)"),
        ("(a || b) && c", "(&& (paren (|| a b)) c)"),
        ("!(a || b)", "(! (paren (|| a b)))"),
        ("((a))", "(paren (paren a))"),
        ("else", "else"),
        ("\n a &&\n b\n", "(&& a b)"),
    ])
    func guardPrecedence(_ text: String, _ tree: String) throws {
        #expect(try members("on go [\(text)]") == ["(on go [\(tree)])"])
    }

    @Test func parenthesizedAndNegatedGuardRanges() throws {
        let spec = MarkedSource("machine M {\n on go [1️⃣!2️⃣(a || b)3️⃣]\n}")
        let transition = try #require(try machine(spec.text).members.first)
        guard case .transition(let syntax) = transition, case .not(let operand, let range)? = syntax.guardExpression else {
            Issue.record("not a negated guard")
            return
        }
        #expect(range == spec.range("1️⃣", "3️⃣"))
        #expect(operand.range == spec.range("2️⃣", "3️⃣"))
    }

    // MARK: - Actions

    @Test func actionsWithEmitRaiseAndArguments() throws {
        #expect(try members("""
            on go / a, emit o(1, -2, 3.5, -0.5, "s", true, false, x: y, z), raise e(v), b
            on go / first,
                second,
                emit o(
                    "wrapped",
                    x: 1
                )
            """) == [
            "(on go / a (emit o 1 -2 3.5 -0.5 \"s\" true false x: $y $z) (raise e $v) b)",
            "(on go / first second (emit o \"wrapped\" x: 1))",
        ])
    }

    @Test func argumentRanges() throws {
        let spec = MarkedSource("machine M {\n on go / emit o(1️⃣-52️⃣, 3️⃣label: 4️⃣\"s\"5️⃣)6️⃣\n}")
        let machine = try machine(spec.text)
        guard case .transition(let transition) = machine.members[0], case .emit(let name, let arguments, let range) = transition.actions[0] else {
            Issue.record("not an emit")
            return
        }
        #expect(name.text == "o")
        #expect(range.end == spec.location("6️⃣"))
        try #require(arguments.count == 2)
        #expect(arguments[0].value == .integer("-5"))
        #expect(arguments[0].valueRange == spec.range("1️⃣", "2️⃣"))
        #expect(arguments[0].range == spec.range("1️⃣", "2️⃣"))
        #expect(arguments[1].label?.range.start == spec.location("3️⃣"))
        #expect(arguments[1].valueRange == spec.range("4️⃣", "5️⃣"))
        #expect(arguments[1].range == spec.range("3️⃣", "5️⃣"))
    }

    // MARK: - Separators

    @Test func semicolonsSeparateDeclarations() throws {
        #expect(try members("""
            event a; event b;; output c
            state beforePush { entry / registerForPush; on pushRegistered -> pushSuccess }
            state x { ; }
            """) == [
            "(event a)", "(event b)", "(output c)",
            "(state beforePush (entry registerForPush) (on pushRegistered -> pushSuccess))",
            "(state x)",
        ])
    }

    @Test func aCommentSpanningLinesSeparatesDeclarations() throws {
        #expect(try members("event a /* one\n two */ event b") == ["(event a)", "(event b)"])
    }

    // MARK: - The example machines

    @Test func theCheckoutMachine() throws {
        let file = try machinesFolderFile("Checkout.fsm")
        let machine = try machine(file)
        #expect(machine.name.text == "Checkout")
        #expect(machine.members.map(dump) == [
            "(event loggedIn)",
            "(state initial beforeLogIn (on loggedIn -> afterLogIn))",
            "(state afterLogIn (always -> beforePayment))",
            "(state beforePayment (invoke pay) (done pay -> paymentSuccess) (error pay -> beforeLogIn / report))",
            "(state paymentSuccess (always -> beforePush))",
            "(state beforePush (invoke registerForPush) (done registerForPush -> pushSuccess) (error registerForPush -> stable / report))",
            "(state pushSuccess (always -> stable))",
            "(state final stable)",
            "(assert (in beforePayment) only after (in afterLogIn))",
            "(assert reachable (in stable))",
            "(assert always reachable (|| (in beforeLogIn) (in stable)))",
        ])
    }

    // MARK: - Errors

    @Test func severalErrorsAreEachReportedOnce() {
        let spec = MarkedSource("""
            machine M {
                event 1️⃣123
                output ok
                state a { on go -> 2️⃣}
                state b {
                    on go 7️⃣[a 3️⃣b] -> c
                    entry / 4️⃣=
                }
                5️⃣blah blah blah
                initial state c { on x -> a 6️⃣extra }
            }
            """)
        expectErrors(spec, [
            .error("1️⃣", "expected an event name, found '123'"),
            .error("2️⃣", "expected a target state after '->', found '}'"),
            .error("3️⃣", "expected ']' to close the guard, found 'b'", notes: [("7️⃣", "the guard opens here")]),
            .error("4️⃣", "expected an action name, 'emit' or 'raise', found '='"),
            .error("5️⃣", "expected a declaration (event, output, state, on, always, after, done, error, entry, exit, history, invoke or defer), found 'blah'"),
            .error("6️⃣", "expected a line break or ';' after the declaration, found 'extra'"),
        ])
    }

    @Test func declarationsAfterAnErrorStillParse() throws {
        let (file, diagnostics) = Parser.parse(SourceText("machine M {\n event 1\n event ok\n state s { on ok -> s }\n}"))
        #expect(diagnostics.count == 1)
        let machine = try #require(file.machines.first)
        #expect(machine.members.map(dump) == ["(event ok)", "(state s (on ok -> s))"])
    }

    @Test func aMissingClosingBraceIsReportedAtTheEndWithANote() {
        let spec = MarkedSource("machine M 1️⃣{\n    initial state a { on go -> a }\n2️⃣")
        expectErrors(spec, [
            .error("2️⃣", "expected '}' to close machine 'M'", notes: [("1️⃣", "the block opens here")]),
        ])
        let nested = MarkedSource("machine M 1️⃣{\n    initial state a 2️⃣{ on go -> a\n3️⃣")
        expectErrors(nested, [
            .error("3️⃣", "expected '}' to close state 'a'", notes: [("2️⃣", "the block opens here")]),
            .error("3️⃣", "expected '}' to close machine 'M'", notes: [("1️⃣", "the block opens here")]),
        ])
    }

    @Test(arguments: [
        ("1️⃣state a {}", "expected 'machine'; a file holds machine declarations"),
        ("machine 1️⃣{ }", "expected a machine name, found '{'"),
        ("machine M1️⃣", "expected '{' after machine 'M'"),
        ("@1️⃣1 machine M {}", "expected an attribute name after '@', found '1'"),
        ("machine M {\n output 1️⃣(Int)\n}", "expected an output name, found '('"),
        ("machine M {\n initial 1️⃣initial state a\n}", "'initial' is written twice"),
        ("machine M {\n initial 1️⃣a\n}", "expected 'state' after 'initial'"),
        ("machine M {\n final 1️⃣event a\n}", "expected 'state' after 'final'"),
        ("machine M {\n state 1️⃣\"a\"\n}", "expected a state name, found a string"),
        ("machine M {\n entry 1️⃣a\n}", "expected '/' and actions after 'entry', found 'a'"),
        ("machine M {\n on 1️⃣-> a\n}", "expected an event name after 'on', found '->'"),
        ("machine M {\n after 1️⃣-> a\n}", "expected a duration after 'after', such as 250ms, 1s, 2m or 1h, or a function that computes it"),
        ("machine M {\n on go [1️⃣] -> a\n}", "expected a guard between '[' and ']'"),
        ("machine M {\n on go [1️⃣&& a] -> a\n}", "expected a guard name, '!' or '(', found '&&'"),
        ("machine M {\n on go [a && 1️⃣] -> a\n}", "expected a guard name, '!' or '(', found ']'"),
        ("machine M {\n on go [1️⃣1] -> a\n}", "expected a guard name, '!' or '(', found '1'"),
        ("machine M {\n on go /1️⃣\n}", "expected an action name, 'emit' or 'raise', found line break"),
        ("machine M {\n on go / a,\n1️⃣}", "expected an action name, 'emit' or 'raise', found '}'"),
        ("machine M {\n on go / emit 1️⃣1\n}", "expected an output name after 'emit', found '1'"),
        ("machine M {\n on go / emit o(1️⃣=)\n}", "expected a literal or a name (a payload, the state's data or a function) as argument, found '='"),
        ("machine M {\n on go / emit o(-1️⃣x)\n}", "expected a number after '-'"),
        ("machine M {\n on go / emit o(1 1️⃣2)\n}", "expected ',' or ')' in the arguments, found '2'"),
        ("machine M {\n event e(x: 1️⃣)\n}", "expected a type"),
        ("machine M {\n event e(x: Int1️⃣])\n}", "unbalanced ']' in a payload type"),
        ("machine M {\n event e(x: [Int1️⃣)\n}", "unbalanced ')' in a payload type"),
        ("machine M {\n event e(x: Int 1️⃣; y: Int)\n}", "expected ')' to close the payload list, found ';'"),
        ("machine M {\n 1️⃣machine N {}\n}", "machines cannot be nested; close the machine with '}' first"),
        ("machine M {\n on a -> b 1️⃣c\n}", "expected a line break or ';' after the declaration, found 'c'"),
        ("machine M {\n on a 1️⃣b\n}", "expected '->' before a target state or '/' before actions, found 'b'"),
        ("machine M {\n}\n1️⃣}", "expected 'machine'; a file holds machine declarations"),
        ("machine M {\n on go 1️⃣=> b\n}", "'=>' is not an arrow of the language; did you mean '->'?"),
        ("machine M {\n on go [ok] 1️⃣=> b / log\n}", "'=>' is not an arrow of the language; did you mean '->'?"),
        ("machine M {\n state a { after 1️⃣5 min -> b }\n}", "write a duration as a number and its unit without a space, the unit one of ms, s, m or h; did you mean '5m'?"),
        ("machine M {\n state a { after 1️⃣1.5 seconds -> b }\n}", "write a duration as a number and its unit without a space, the unit one of ms, s, m or h; did you mean '1.5s'?"),
        ("machine M {\n state a { after 5 1️⃣later -> b }\n}", "expected '->' before a target state or '/' before actions, found 'later'"),
        ("machine M {\n event pause1️⃣, resume\n}", "one event per declaration: write 'event resume' on a line of its own"),
        ("machine M {\n output shown(Int)1️⃣, hidden\n}", "one output per declaration: write 'output hidden' on a line of its own"),
    ])
    func syntaxErrors(_ text: String, _ message: String) {
        let spec = MarkedSource(text)
        let diagnostics = Parser.parse(spec.source).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.location == spec.location("1️⃣"))
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func hintsCarryTheirReplacement() throws {
        let arrow = MarkedSource("machine M {\n on go 1️⃣=>2️⃣ b\n}")
        let arrowHint = try #require(Parser.parse(arrow.source).diagnostics.first?.suggestion)
        #expect(arrowHint.replacement == "->")
        #expect(arrowHint.range == SourceRange(arrow.location("1️⃣"), arrow.location("2️⃣")))
        let duration = MarkedSource("machine M {\n state a { after 1️⃣5 min2️⃣ -> b }\n}")
        let durationHint = try #require(Parser.parse(duration.source).diagnostics.first?.suggestion)
        #expect(durationHint.replacement == "5m")
        #expect(durationHint.range == SourceRange(duration.location("1️⃣"), duration.location("2️⃣")))
    }

    @Test func anUnclosedPayloadListEndsAtTheNextDeclaration() {
        let spec = MarkedSource("""
            machine M {
                event a1️⃣(x: Int
                2️⃣event b
                initial state 3️⃣"s"
            }
            """)
        expectErrors(spec, [
            .error("2️⃣", "expected ')' to close the payload list, found 'event'", notes: [("1️⃣", "to match this '('")]),
            .error("3️⃣", "expected a state name, found a string"),
        ])
    }

    @Test func aSemicolonInAPayloadListDoesNotCascade() {
        let spec = MarkedSource("""
            machine M {
                event a1️⃣(x: Int2️⃣; y: Int)
                event b
                initial state 3️⃣"s"
            }
            """)
        expectErrors(spec, [
            .error("2️⃣", "expected ')' to close the payload list, found ';'", notes: [("1️⃣", "to match this '('")]),
            .error("3️⃣", "expected a state name, found a string"),
        ])
    }

    @Test func anUnclosedArgumentListDoesNotSwallowTheNextLine() {
        let spec = MarkedSource("""
            machine M {
                on a / emit o("x"
                1️⃣on b -> 2️⃣
            }
            """)
        expectErrors(spec, [
            .error("1️⃣", "expected ',' or ')' in the arguments, found 'on'"),
            .error("2️⃣", "expected a target state after '->', found line break"),
        ])
    }

    @Test func unclosedGuardParenthesisHasANote() {
        let spec = MarkedSource("machine M {\n on go [1️⃣(a || b2️⃣] -> x\n}")
        expectErrors(spec, [
            .error("2️⃣", "expected ')' in the guard, found ']'", notes: [("1️⃣", "to match this '('")]),
        ])
    }

    @Test func lexicalErrorsAreNotReportedAgainByTheParser() {
        let spec = MarkedSource("""
            machine M {
                on go / emit o("bad 1️⃣\\q escape")
                on go / emit o(2️⃣"unterminated
                state "s3️⃣\\z"
            }
            """)
        expectErrors(spec, [
            .error("1️⃣", "invalid escape sequence '\\q' in string literal"),
            .error("2️⃣", "unterminated string literal"),
            .error("3️⃣", "invalid escape sequence '\\z' in string literal"),
        ])
    }

    @Test func syntaxErrorsStopSemanticChecks() {
        // 'nowhere' is unknown, but a file with syntax errors reports only those.
        let spec = MarkedSource("""
            machine M {
                initial state a { on go -> nowhere }
                state 1️⃣123
            }
            """)
        let compilation = spec.expectDiagnostics([.error("1️⃣", "expected a state name, found '123'")])
        #expect(compilation.model == nil)
        #expect(compilation.syntax != nil)
    }

    // MARK: - Limits

    @Test func deeplyNestedStatesGiveAnErrorNotACrash() {
        let depth = 1_000
        let text = "machine M {\n" + String(repeating: "state s {\n", count: depth) + String(repeating: "}\n", count: depth) + "}\n"
        let diagnostics = Parser.parse(SourceText(text)).diagnostics
        #expect(MarkedSource.lines(of: diagnostics) == [
            "\(Parser.maximumNestingDepth + 2):9: error: nesting is too deep (more than \(Parser.maximumNestingDepth) levels)",
        ])
    }

    @Test func nestingUpToTheLimitIsFine() {
        let depth = Parser.maximumNestingDepth
        let text = "machine M {\n" + String(repeating: "state s {\n", count: depth) + String(repeating: "}\n", count: depth) + "}\n"
        #expect(Parser.parse(SourceText(text)).diagnostics.isEmpty)
    }

    @Test(arguments: [
        String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000),
        String(repeating: "!", count: 100_000) + "a",
        String(repeating: "!(", count: 5_000) + "a" + String(repeating: ")", count: 5_000),
    ])
    func deeplyNestedGuardsGiveAnErrorNotACrash(_ guardText: String) {
        let text = "machine M {\n event go\n initial state a { on go [\(guardText)] -> a }\n}\n"
        let diagnostics = Compiler.compile(SourceText(text)).diagnostics
        #expect(diagnostics.map(\.message) == ["nesting is too deep (more than \(Parser.maximumNestingDepth) levels)"])
        #expect(diagnostics.first?.location.line == 3)
    }

    @Test func aHugeGuardGivesAnErrorNotACrash() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            let guardText = Array(repeating: "g", count: 200_000).joined(separator: " && ")
            let text = "machine M {\n event go\n initial state a { on go [\(guardText)] -> a }\n}\n"
            let diagnostics = Compiler.compile(SourceText(text)).diagnostics
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.message.contains("\(Parser.maximumGuardConditions)") == true)
            #expect(diagnostics.first?.location.line == 3)
        }
    }

    @Test func aGuardOfTheMostConditionsAllowedCompiles() {
        let guardText = Array(repeating: "g", count: Parser.maximumGuardConditions).joined(separator: " || ")
        let text = "machine M {\n event go\n initial state a { on go [!(\(guardText))] -> a }\n}\n"
        let compilation = Compiler.compile(SourceText(text))
        #expect(!compilation.hasErrors)
        #expect(compilation.model?.guards.map(\.name) == ["g"])
    }

    @Test func deeplyNestedPayloadTypesGiveAnErrorNotACrash() {
        let type = String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000)
        let diagnostics = Parser.parse(SourceText("machine M {\n event e(x: \(type))\n}")).diagnostics
        #expect(diagnostics.map(\.message) == ["payload type nests too deeply (more than \(Parser.maximumNestingDepth) levels)"])
    }

    // MARK: - Support

    private func machinesFolderFile(_ name: String) throws -> String {
        try ExampleMachines.text(of: name)
    }
}
