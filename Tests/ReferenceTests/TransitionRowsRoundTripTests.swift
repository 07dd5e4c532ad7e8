import FSMCompiler
import FSMRuntime
import Foundation
import Testing

/// The generated `transitionTable` is text that fsmc writes (`TransitionRowsWriter`) and
/// FSMRuntime reads (`TransitionDescriptor.table`): both sides of one versioned format. Every
/// reference spec's rows must read back as its transitions.
@Suite("Transition rows: what the compiler writes, the runtime reads")
struct TransitionRowsRoundTripTests {
    /// Any state name, as the generated `State` or `StateID` would read it.
    struct StateName: RawRepresentable, Hashable, Sendable {
        var rawValue: String
    }

    @Test func theFormatVersionsAgree() {
        #expect(TransitionRowsWriter.format == TransitionDescriptor<StateName>.rowsFormat)
    }

    @Test(arguments: ReferenceSpecs.all)
    func rowsReadBackAsTheSpecsTransitions(_ spec: ReferenceSpec) throws {
        let model = try #require(try spec.compile().model)
        let streams = Set(model.invocations.filter { $0.kind == .stream }.map(\.name))
        let table = TransitionDescriptor<StateName>.table(TransitionRowsWriter.rows(of: model), format: TransitionRowsWriter.format, streams: streams)
        let transitions = model.allTransitions
        try #require(table.count == transitions.count)
        for (row, transition) in zip(table, transitions) {
            #expect(row.source?.rawValue == transition.source.map { model[$0].name })
            #expect(row.target?.rawValue == transition.target.map { model[$0].name })
            #expect(row.otherTargets.map(\.rawValue) == transition.otherTargets.map { model[$0].name })
            #expect(row.targetsHistory == transition.targetsHistory)
            #expect(row.reenters == transition.reenters)
            #expect(row.guardExpression == transition.guardExpression.map { SpecText.guardExpression($0, in: model) })
            #expect(row.actions == transition.actions.map { SpecText.action($0, in: model) })
            switch transition.trigger {
            case .event(let event): #expect(row.trigger == .event(model[event].name))
            case .always: #expect(row.trigger == .always)
            case .done: #expect(row.trigger == .done)
            case .after(let delay): #expect(row.trigger == .after(.nanoseconds(delay.nanoseconds)))
            case .afterComputed(let function): #expect(row.trigger == .afterComputed(function))
            case .invocation(let invocation, .done): #expect(row.trigger == .invocationDone(model[invocation].name))
            case .invocation(let invocation, .error): #expect(row.trigger == .invocationError(model[invocation].name))
            case .invocation(let invocation, .element): #expect(row.trigger == .invocationElement(model[invocation].name))
            case .invocation(let invocation, .output(let output)):
                #expect(row.trigger == .childOutput(model[invocation].name, output: output))
            }
        }
    }
}
