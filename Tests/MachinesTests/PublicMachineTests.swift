import FSMRuntime
import Testing

/// `Lamp` is declared `public machine`: the generated API is public (the seed machines,
/// public too, are used from here through a plain `import Machines`).
@Suite("A public machine")
struct PublicMachineTests {
    @Test func aMachineWithoutGuardsOrActionsNeedsNoArguments() {
        let lamp = Lamp()
        var outputs: [Lamp.Output] = []
        lamp.observe { notification in
            if case .emitted(let output) = notification { outputs.append(output) }
        }
        lamp.send(.toggle)
        #expect(lamp.state == .lit)
        lamp.send(.toggle)
        #expect(lamp.state == .dark)
        #expect(outputs == [.switched(isLit: true), .switched(isLit: false)])
    }

    @Test func itsTransitionFunctionNeedsNoGuards() {
        #expect(Lamp.nextState(from: .dark, on: .toggle) == .lit)
        #expect(Lamp.nextState(from: .lit, on: .toggle) == .dark)
        #expect(Lamp.Event.allCases == [.toggle])
        #expect(Lamp.State.allCases == [.dark, .lit])
        #expect(!Lamp().isFinished)
    }
}
