extension SpecText {
    /// A property as its canonical text, without `assert`: `never in(a) && in(b)`,
    /// `reachable in(stable)`, `always reachable in(a) || in(b)`, `in(a) only after in(b)`.
    public static func property(_ claim: PropertyModel.Claim, in model: MachineModel) -> String {
        property(claim) { model[$0].name }
    }

    /// The same, naming states through `stateName` (the checker writes it before the model
    /// exists).
    static func property(_ claim: PropertyModel.Claim, stateName: (StateID) -> String) -> String {
        func condition(_ guardModel: GuardModel) -> String {
            guardExpression(guardModel, stateName: stateName)
        }
        return switch claim {
        case .never(let guardModel): "never " + condition(guardModel)
        case .reachable(let guardModel): "reachable " + condition(guardModel)
        case .alwaysReachable(let guardModel): "always reachable " + condition(guardModel)
        case .onlyAfter(let guardModel, let after): condition(guardModel) + " only after " + condition(after)
        }
    }
}
