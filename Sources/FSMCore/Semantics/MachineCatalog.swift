/// The other machines of a spec's target, by name: what `invoke Machine as name` is resolved
/// against (the compiler reads no files; the command line gives it the sibling specs).
///
/// Never iterated into output: a lookup by name, and names listed sorted.
public struct MachineCatalog: Sendable {
    /// Every interface with the name, in the order added: two specs may declare one name.
    private var interfaces: [String: [MachineInterface]] = [:]

    public init() {}

    /// The machines `interfaces` describe.
    public init(_ interfaces: [MachineInterface]) {
        for interface in interfaces { add(interface) }
    }

    /// The machine each spec declares (its first; a spec declares one), read from its syntax.
    /// A spec that declares none adds nothing.
    public init(specs: [SourceText]) {
        self.init(specs.compactMap(Self.interface(of:)))
    }

    /// The interface of the machine a spec declares, read from its syntax even when it does
    /// not parse cleanly; `nil` when it declares none.
    public static func interface(of spec: SourceText) -> MachineInterface? {
        if Diagnostic.invalidUTF8(in: spec) != nil { return nil }
        let (syntax, diagnostics) = Parser.parse(spec)
        guard let machine = syntax.machines.first else { return nil }
        return MachineInterface(machine, hasSyntaxErrors: diagnostics.contains { $0.severity == .error })
    }

    public mutating func add(_ interface: MachineInterface) {
        interfaces[interface.name, default: []].append(interface)
    }

    /// What a name finds.
    public enum Lookup: Hashable, Sendable {
        case none
        case machine(MachineInterface)
        /// Several specs declare a machine of this name (how many).
        case ambiguous(Int)
    }

    public func lookUp(_ name: String) -> Lookup {
        switch interfaces[name]?.count ?? 0 {
        case 0: .none
        case 1: .machine(interfaces[name]![0])
        case let count: .ambiguous(count)
        }
    }

    /// The names of the machines, sorted: candidates for "did you mean".
    public var names: [String] { interfaces.keys.sorted() }

    /// This catalog with `machine` in place of any machine of its name: a spec's own machine,
    /// which the cycle check follows from.
    func replacing(_ machine: MachineInterface) -> MachineCatalog {
        var copy = self
        copy.interfaces[machine.name] = [machine]
        return copy
    }
}
