/// Switches of the compiler for constructs that are checked and run by the interpreter, but
/// not yet handled by every back end.
///
/// A switch is off by default, and then the construct is refused with a located error, as
/// before: the command line never turns one on, so that `fsmc check` never accepts a spec
/// that `fsmc generate` refuses. The compiler's own tests turn them on.
public struct CompilerOptions: Hashable, Sendable {
    /// Child machines, `invoke SignIn as signIn` (language version 3): resolved against the
    /// other machines of the target (``MachineCatalog``), checked, lowered and run by
    /// ``MachineInterpreter``. No back end generates them yet: each refuses them at the
    /// `invoke` line.
    public var childMachines: Bool

    public init(childMachines: Bool = false) {
        self.childMachines = childMachines
    }
}
