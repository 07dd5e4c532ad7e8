import FSMCompiler
import Testing

/// Completion: what fits where, from the tokens before the cursor.
@Suite(.offThePool) struct CompletionCandidatesTests {
    /// The candidates' labels at the marker `1️⃣` of a spec.
    private func labels(_ marked: String) -> [String] {
        let spec = MarkedSource(marked)
        let index = SymbolIndex(Parser.parse(spec.source).syntax)
        return CompletionCandidates.candidates(at: spec.location("1️⃣").offset, source: spec.source, index: index).map(\.label)
    }

    private let head = """
        machine M {
            event go
            event stop(reason: String)
            output said(String)
            initial state idle { on go [ready] -> busy / start }
            state busy { on stop -> idle / finish, emit said("done") }

        """

    @Test func statesAfterAnArrow() {
        #expect(labels(head + "    on go -> 1️⃣\n}") == ["idle", "busy"])
        #expect(labels(head + "    on go -> bu1️⃣\n}") == ["idle", "busy"])
    }

    @Test func eventsAfterOnAndRaise() {
        #expect(labels(head + "    on 1️⃣\n}") == ["go", "stop"])
        #expect(labels(head + "    on go / raise 1️⃣\n}") == ["go", "stop"])
        #expect(labels(head + "    state waiting { defer 1️⃣ }\n}") == ["go", "stop"])
        #expect(labels(head + "    state waiting {\n        defer st1️⃣\n    }\n}") == ["go", "stop"])
    }

    @Test func eventsOutputsAndStatesShowWhatTheyCarry() {
        let spec = MarkedSource(head + "    state done(at: Int)\n    on stop / emit said(\"x\"), raise 1️⃣\n}")
        let index = SymbolIndex(Parser.parse(spec.source).syntax)
        let events = CompletionCandidates.candidates(at: spec.location("1️⃣").offset, source: spec.source, index: index)
        #expect(events.map(\.detail) == ["", "(reason: String)"])
        let states = MarkedSource(head + "    state done(at: Int)\n    on stop -> 1️⃣\n}")
        let stateIndex = SymbolIndex(Parser.parse(states.source).syntax)
        #expect(CompletionCandidates.candidates(at: states.location("1️⃣").offset, source: states.source, index: stateIndex).map(\.detail) == ["", "", "(at: Int)"])
    }

    /// Language version 4: after `update(` and its commas, the data fields of the states
    /// around the cursor, innermost first; inside a call among its arguments, nothing.
    @Test func fieldsAfterUpdate() {
        let spec = """
            machine M {
                event go(n: Int)
                state outer(count: Int) {
                    initial state inner(step: Int, total: Double) {
                        on go / update(1️⃣
                    }
                }
                state other(far: Int)
            }
            """
        #expect(labels(spec) == ["step", "total", "count"])
        #expect(labels(spec.replacingOccurrences(of: "update(1️⃣", with: "update(step: n, 1️⃣")) == ["step", "total", "count"])
        #expect(labels(spec.replacingOccurrences(of: "update(1️⃣", with: "update(step: f(1️⃣")) == [])
        let marked = MarkedSource(spec)
        let index = SymbolIndex(Parser.parse(marked.source).syntax)
        let candidates = CompletionCandidates.candidates(at: marked.location("1️⃣").offset, source: marked.source, index: index)
        #expect(candidates.map(\.detail) == ["Int", "Double", "Int"])
        #expect(candidates.allSatisfy { $0.kind == .field })
    }

    @Test func outputsAfterEmit() {
        #expect(labels(head + "    on go / emit 1️⃣\n}") == ["said"])
    }

    @Test func guardsInBrackets() {
        #expect(labels(head + "    on go [1️⃣\n}") == ["ready", "else", "true", "false", "in"])
        #expect(labels(head + "    on go [ready && !1️⃣\n}") == ["ready", "true", "false", "in"])
        #expect(labels(head + "    on go [in(1️⃣\n}") == ["idle", "busy"])
    }

    @Test func actionsAfterSlashAndComma() {
        #expect(labels(head + "    on go / 1️⃣\n}") == ["start", "finish", "emit", "raise", "update"])
        #expect(labels(head + "    on go / start, fi1️⃣\n}") == ["start", "finish", "emit", "raise", "update"])
        // A comma inside an argument list is not a place for an action.
        #expect(labels(head + "    on go / emit said(\"a\", 1️⃣\n}") == [])
    }

    @Test func keywordsWhereADeclarationStarts() {
        #expect(labels(head + "    1️⃣\n}") == CompletionCandidates.declarationKeywords)
        #expect(labels(head + "    al1️⃣\n}") == CompletionCandidates.declarationKeywords)
        #expect(labels("1️⃣") == CompletionCandidates.fileKeywords)
        #expect(labels(head + "    initial 1️⃣\n}") == ["state", "final", "parallel"])
    }

    /// In an `assert`: the forms after the word, states in `in(`, condition words after an
    /// operator, `only after` after a whole first condition; never a guard.
    @Test func propertyWordsAndStatesInAnAssert() {
        let conditionWords = ["in", "true", "false"]
        #expect(labels(head + "    assert 1️⃣\n}") == ["never", "reachable", "always reachable"] + conditionWords)
        #expect(labels(head + "    assert ne1️⃣\n}") == ["never", "reachable", "always reachable"] + conditionWords)
        #expect(labels(head + "    assert always 1️⃣\n}") == ["reachable"])
        #expect(labels(head + "    assert never 1️⃣\n}") == conditionWords)
        #expect(labels(head + "    assert always reachable 1️⃣\n}") == conditionWords)
        #expect(labels(head + "    assert never in(1️⃣\n}") == ["idle", "busy"])
        #expect(labels(head + "    assert reachable in(idle) && !1️⃣\n}") == conditionWords)
        #expect(labels(head + "    assert in(idle) 1️⃣\n}") == ["only after"])
        #expect(labels(head + "    assert in(idle) only 1️⃣\n}") == ["after"])
        #expect(labels(head + "    assert in(idle) only after 1️⃣\n}") == conditionWords)
        #expect(labels(head + "    assert in(idle) only after in(busy) 1️⃣\n}") == [])
        #expect(labels(head + "    assert never in(idle) 1️⃣\n}") == [])
        // Elsewhere the words are names as before: `never` after `on` is an event's place.
        #expect(labels(head + "    on 1️⃣\n}") == ["go", "stop"])
    }

    @Test func statesAfterTheCommaOfSeveralTargetsAndInAHistorysDefault() {
        #expect(labels(head + "    on go -> idle, 1️⃣\n}") == ["idle", "busy"])
        #expect(labels(head + "    on go [ready] reenter -> idle, bu1️⃣\n}") == ["idle", "busy"])
        let main = { (history: String) in head + "    state main {\n        \(history)\n        initial state inner\n    }\n}" }
        #expect(labels(main("history deep -> 1️⃣")) == ["idle", "busy", "main", "inner"])
        // (A list of targets goes on after a line break, so the parser reads the next line as
        // its missing name, and `inner` is not declared in this unfinished spec.)
        #expect(labels(main("history -> inner, 1️⃣")) == ["idle", "busy", "main"])
        // After the targets, a comma lists actions again.
        #expect(labels(head + "    on go -> idle / start, 1️⃣\n}") == ["start", "finish", "emit", "raise", "update"])
        #expect(labels(main("history -> inner / 1️⃣")) == ["start", "finish", "emit", "raise"])
    }

    @Test func reenterAfterATriggerOrItsGuard() {
        for line in ["on go 1️⃣", "on go re1️⃣", "on go [ready] 1️⃣", "after 1s 1️⃣", "after 1s [ready] re1️⃣", "always 1️⃣", "done 1️⃣"] {
            #expect(labels(head + "    \(line)\n}") == ["reenter"], "\(line)")
        }
        for line in ["on go -> idle 1️⃣", "on go [ready 1️⃣", "on go / start 1️⃣", "state s 1️⃣", "on 1️⃣"] {
            #expect(!labels(head + "    \(line)\n}").contains("reenter"), "\(line)")
        }
    }

    @Test func historyAfterATargetsDot() {
        #expect(labels(head + "    on go -> busy.1️⃣\n}") == ["history"])
    }

    @Test func nothingWhereANewNameIsDeclared() {
        #expect(labels(head + "    state 1️⃣\n}") == [])
        #expect(labels(head + "    event 1️⃣\n}") == [])
    }

    @Test func theTargetsMachinesAChildsOutputsAndTheInvocations() {
        let signIn = MachineInterface(
            name: "SignIn", outputs: [.init(name: "signedIn", parameters: [.init(label: "user", type: "String")]), .init(name: "quit", parameters: [])],
            hasTopLevelFinalState: true, isMainActor: false)
        let pay = MachineInterface(name: "Pay", outputs: [], hasTopLevelFinalState: false, isMainActor: false)
        let machines = MachineCatalog([signIn, pay])
        func candidates(_ marked: String) -> [String] {
            let spec = MarkedSource(marked)
            let index = SymbolIndex(Parser.parse(spec.source).syntax)
            return CompletionCandidates.candidates(at: spec.location("1️⃣").offset, source: spec.source, index: index, machines: machines)
                .map { $0.detail.isEmpty ? $0.label : "\($0.label)\($0.detail)" }
        }
        let parent = { (line: String) in
            "machine App {\n    initial state s {\n        invoke SignIn as signIn\n        invoke fetch(n: Int)\n        \(line)\n    }\n}"
        }
        #expect(candidates(parent("invoke 1️⃣")) == ["Pay", "SignIn"])
        #expect(candidates(parent("invoke Si1️⃣")) == ["Pay", "SignIn"])
        #expect(candidates(parent("on signIn.1️⃣")) == ["signedIn(user: String)", "quit"])
        #expect(candidates(parent("on signIn.sig1️⃣")) == ["signedIn(user: String)", "quit"])
        // A call's results are its detail; a child machine does not fail, so `error` leaves it out.
        #expect(candidates(parent("done 1️⃣")) == ["signIn", "fetch(n: Int)", "reenter"])
        #expect(candidates(parent("error 1️⃣")) == ["fetch(n: Int)"])
        // Nothing for an invocation that is no machine, or a machine the catalog lacks.
        #expect(candidates(parent("on fetch.1️⃣")) == [])
        #expect(candidates(parent("invoke Ship as ship\n        on ship.1️⃣")) == [])
        #expect(labels(parent("invoke 1️⃣")) == [])
    }
}
