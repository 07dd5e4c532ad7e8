import FSMCore

extension MachineModel {
    /// The regions of the parallel state `state` that its generated struct stores: those with
    /// states of their own, in document order. An atomic region (`parallel state p { state a }`)
    /// is always in itself while `p` is active, so the struct has no property for it: there is
    /// nothing it could hold.
    func storedRegions(of state: StateID) -> [StateID] {
        self[state].children.filter { !self[$0].isAtomic }
    }
}
