import FSMCompiler
import Testing
import TestSupport

/// ``MachineModel/entrySet(of:below:descendingIntoTargets:)``, SCXML's `computeEntrySet`, for
/// one target and several through the one algorithm, and ``TransitionTargets``, the targets
/// read in place.
@Suite(.offThePool) struct EntrySetTests {
    static let spec = """
        machine M {
            event go
            initial state idle { on go -> p }
            parallel state p {
                state a {
                    initial state a1
                    state a2
                }
                state b {
                    initial state b1
                    state b2 {
                        initial state b21
                    }
                }
            }
        }
        """

    let model: MachineModel

    init() throws {
        model = try #require(Compiler.compile(SourceText(Self.spec)).model)
    }

    func ids(_ names: String...) -> [StateID] {
        names.map { name in model.states.first { $0.name == name }!.id }
    }

    func names(_ states: [StateID]) -> [String] { states.map { model[$0].name } }

    @Test func oneTargetEntersTheWayDownAndTheOtherRegionsByDefault() {
        #expect(names(model.entrySet(of: ids("a2"), below: nil)) == ["p", "a", "a2", "b", "b1"])
        #expect(names(model.entrySet(of: ids("b2"), below: nil)) == ["p", "a", "a1", "b", "b2", "b21"])
        #expect(names(model.entrySet(of: ids("b2"), below: nil, descendingIntoTargets: false)) == ["p", "a", "a1", "b", "b2"])
        #expect(names(model.entrySet(of: ids("b21"), below: ids("b2")[0])) == ["b21"])
    }

    @Test func severalTargetsShareTheStatesAboveThemOnce() {
        #expect(names(model.entrySet(of: ids("a2", "b2"), below: nil)) == ["p", "a", "a2", "b", "b2", "b21"])
        #expect(names(model.entrySet(of: ids("b2", "a2"), below: nil)) == ["p", "a", "a2", "b", "b2", "b21"])
        #expect(names(model.entrySet(of: ids("a2", "b21"), below: ids("p")[0])) == ["a", "a2", "b", "b2", "b21"])
    }

    @Test func aParallelTargetNotDescendedIntoEntersNoRegion() {
        #expect(names(model.entrySet(of: ids("p"), below: nil, descendingIntoTargets: false)) == ["p"])
        #expect(names(model.entrySet(of: ids("p"), below: nil)) == ["p", "a", "a1", "b", "b1"])
    }

    @Test func targetsAreReadInPlaceInTheOrderWritten() throws {
        let entering = try #require(model.states[0].transitions.first)
        #expect(Array(entering.targets) == ids("p"))
        var several = entering
        several.target = ids("b2")[0]
        several.otherTargets = ids("a1")
        #expect(Array(several.targets) == ids("b2", "a1"))
        #expect(several.targets == [ids("b2")[0], ids("a1")[0]])
        several.target = nil
        #expect(several.targets.isEmpty)
    }
}
