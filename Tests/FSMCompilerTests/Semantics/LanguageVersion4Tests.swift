import FSMCompiler
import Testing
import TestSupport

/// Language version 4 in the model: `update(field: argument, …)` (the state owning each field
/// and its value) and guards, actions and value functions called with arguments (the
/// parameters they take, per callable and per use); every error at its place.
@Suite(.offThePool) struct LanguageVersion4Tests {
    /// DESIGN's `Download` ("State data that changes in place").
    static let download = """
        import Foundation

        machine Download {
            event start(url: URL)
            event pause
            event resume
            event cancel
            output finished(file: URL)

            initial state idle { on start -> downloading(url: url, progress: 0) }

            state downloading(url: URL, progress: Double) {
                invoke stream transfer(fraction: Double)       // Actions: func transfer(url: URL, progress: Double) -> elements of Double
                on transfer / update(progress: fraction), showProgress(progress)
                done transfer -> idle / emit finished(file: url)
                on pause -> paused(url: url, progress: progress)
                on cancel -> idle / discard(url: url)
            }
            state paused(url: URL, progress: Double) {
                on resume -> downloading(url: url, progress: progress)
            }
        }
        """

    private func compile(_ text: String) -> Compilation {
        Compiler.compile(SourceText(text))
    }

    @Test func designsDownloadChecksWithoutErrors() throws {
        let compilation = compile(Self.download)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
        let model = try #require(compilation.model)
        let downloading = try #require(model.states.first { $0.name == "downloading" })
        let onTransfer = downloading.transitions[0]
        #expect(onTransfer.target == nil)
        #expect(onTransfer.actions == [
            .update([DataUpdate(owner: downloading.id, argument: ArgumentModel(label: "progress", value: .payload("fraction")))]),
            .callWithArguments("showProgress", [ArgumentModel(label: "progress", value: .data("progress"))]),
        ])
        #expect(SpecText.action(onTransfer.actions[0], in: model) == "update(progress: fraction)")
        #expect(SpecText.action(onTransfer.actions[1], in: model) == "showProgress(progress)")
        let showProgress = try #require(model.actions.first { $0.name == "showProgress" })
        #expect(showProgress.explicitParameters == [ParameterModel(label: "progress", type: "Double")])
        #expect(showProgress.parameters == [ParameterModel(label: "progress", type: "Double")])
        let discard = try #require(model.actions.first { $0.name == "discard" })
        #expect(discard.parameters == [ParameterModel(label: "url", type: "URL")])
        #expect(discard.payload.isEmpty && discard.data.isEmpty)
    }

    @Test func anUpdateReachesAFieldOfAStateAroundItsTransitionsState() throws {
        let compilation = compile("""
            machine M {
                event go
                event tick(n: Int)
                initial state idle { on go -> outer(count: 0, label: "") }
                state outer(count: Int, label: String) {
                    initial state waiting { on go -> inner(step: 1) }
                    state inner(step: Int) {
                        on tick / update(count: n, step: 2, label: "tick")
                    }
                }
            }
            """)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
        let model = try #require(compilation.model)
        let outer = try #require(model.states.first { $0.name == "outer" }).id
        let inner = try #require(model.states.first { $0.name == "inner" })
        #expect(inner.transitions[0].actions[0].dataUpdates == [
            DataUpdate(owner: outer, argument: ArgumentModel(label: "count", value: .payload("n"))),
            DataUpdate(owner: inner.id, argument: ArgumentModel(label: "step", value: .integer("2"))),
            DataUpdate(owner: outer, argument: ArgumentModel(label: "label", value: .string("tick"))),
        ])
    }

    @Test func aTransitionInsideTheOwnerMayUpdateIt() {
        // The transition's domain is 'playing': it leaves 'running', not 'playing'.
        let compilation = compile("""
            machine M {
                event go
                event seek(to: Double)
                initial state idle { on go -> playing(position: 0) }
                state playing(position: Double) {
                    initial state running { on seek -> paused / update(position: to) }
                    state paused {}
                }
            }
            """)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func callsWithArgumentsRecordTheirParameters() throws {
        let compilation = compile("""
            machine M {
                event go(size: Int, name: String)
                event begin
                initial state idle { on begin -> a(since: 0) }
                state a(since: Double) {
                    on go [isLarge(size) && isNamed(title: name)] -> b(elapsed: elapsed(since: since, twice: true)) / log(), note(size: 3)
                }
                state b(elapsed: Double) { on go -> a(since: now()) }
            }
            """)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
        let model = try #require(compilation.model)
        let transition = model.states[1].transitions[0]
        #expect(transition.guardExpression == .and(
            .callWithArguments("isLarge", [ArgumentModel(label: "size", value: .payload("size"))]),
            .callWithArguments("isNamed", [ArgumentModel(label: "title", value: .payload("name"))])))
        #expect(transition.targetArguments == [ArgumentModel(label: "elapsed", value: .computedWithArguments(
            "elapsed", [ArgumentModel(label: "since", value: .data("since")), ArgumentModel(label: "twice", value: .boolean(true))]))])
        #expect(model.guards.map(\.parameters) == [
            [ParameterModel(label: "size", type: "Int")], [ParameterModel(label: "title", type: "String")],
        ])
        // `name()` takes nothing, as DESIGN says (version 3 gave it the data).
        #expect(model.actions.map(\.name) == ["log", "note"])
        #expect(model.actions[0].explicitParameters == [])
        #expect(model.actions[0].parameters == [])
        #expect(model.actions[1].parameters == [ParameterModel(label: "size", type: "Int")])
        let elapsed = try #require(model.valueFunctions.first { $0.name == "elapsed" })
        #expect(elapsed.returnType == "Double")
        #expect(elapsed.parameters == [ParameterModel(label: "since", type: "Double"), ParameterModel(label: "twice", type: "Bool")])
        let now = try #require(model.valueFunctions.first { $0.name == "now" })
        #expect(now.explicitParameters == [] && now.parameters.isEmpty)
    }

    @Test func aBareUseAgreesWithACallWithTheSameParameters() {
        let compilation = compile("""
            machine M {
                event go(url: String)
                event stop
                initial state a { on go -> b(url: url) / log(url) }
                state b(url: String) { on stop -> a / log }
            }
            """)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func updatesAreErrorsWhereTheyCannotStand() {
        MarkedSource("""
            machine M {
                event tick
                event reset
                on reset / 1️⃣update(count: 0)
                initial state 6️⃣a(count: Int) {
                    entry / 2️⃣update(count: 1)
                    on tick -> a(count: 0) / update(3️⃣count: 2)
                    on reset -> b / update(4️⃣count: 3, 5️⃣cuont: 1)
                }
                state b {}
            }
            """).expectDiagnostics([
            .error("1️⃣", "'update(…)' cannot stand in machine-level transitions: it gives new values to the data of the state a transition is written in"),
            .error("2️⃣", "'update(…)' cannot stand in entry actions: it gives new values to the data of the state a transition is written in"),
            .error("3️⃣", "this transition leaves 'a', which owns 'count': give the data in the target instead", notes: [("6️⃣", "'a' is declared here")]),
            .error("4️⃣", "this transition leaves 'a', which owns 'count': give the data in the target instead", notes: [("6️⃣", "'a' is declared here")]),
            .error("5️⃣", "'a' and the states around it have no data field 'cuont'; did you mean 'count'?"),
        ])
    }

    @Test func everyUseOfANameTakesTheSameParameters() {
        MarkedSource("""
            machine M {
                event go(url: String, attempt: Int)
                event again(url: String, attempt: Int)
                initial state a {
                    on go / 2️⃣log(url)
                    on again / 1️⃣log(attempt)
                }
            }
            """).expectDiagnostics([
            .error("1️⃣", "action 'log' takes (attempt: Int) here but (url: String) at line 5; every use of one name must take the same parameters", notes: [("2️⃣", "used with (url: String) here")]),
        ])
    }

    @Test func updateIsReserved() {
        MarkedSource("""
            machine M {
                event go
                initial state a { on go [1️⃣update] / 2️⃣update }
            }
            """).expectDiagnostics([
            .error("1️⃣", "'update' is reserved: 'update(field: value)' gives a state's data new values (language version 4); give a guard or a function another name"),
            .error("2️⃣", "'update' is reserved: 'update(field: value)' gives a state's data new values (language version 4); give an action or a function another name"),
        ])
    }
}
