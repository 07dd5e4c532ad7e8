extension MachineModel {
    /// The child machines the model invokes (`invoke Machine as name`), each refused at its
    /// line by a back end that does not handle them yet: "`message`: 'signIn' invokes machine
    /// 'SignIn'".
    /// A back end that does not handle them refuses them, so that none is ever miscompiled.
    ///
    /// Public rather than `package`: the public `PathPlanner.refusals` calls it, and Swift
    /// 6.3.1 crashes (DeadFunctionAndGlobalElimination, signal 11) compiling an optimized
    /// client of such a chain, as the fuzz target is (`Fuzz/fuzz.sh`).
    public func childMachineRefusals(_ message: String) -> [Diagnostic] {
        invocations.compactMap { invocation in
            guard case .machine(let machine) = invocation.kind else { return nil }
            return Diagnostic(
                .error, "\(message): '\(invocation.name)' invokes machine '\(machine)'",
                at: invocation.range)
        }
    }
}
