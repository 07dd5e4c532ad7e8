import FSMCore

/// What a spec's `invoke Machine as name` lines say, for the editing features that reach into
/// the target's other specs: completion of a child's outputs, go-to-definition of its machine.
extension SymbolIndex {
    /// The machine name written in an `invoke Machine as name` whose name covers a byte offset
    /// (its end included, as for ``occurrence(at:)``).
    public func invokedMachine(at offset: Int) -> Identifier? {
        for machine in syntax.machines {
            for invocation in MemberWalk(machine).invocations {
                if case .machine(let name) = invocation.invoke.kind, name.range.start.offset <= offset, offset <= name.range.end.offset {
                    return name
                }
            }
        }
        return nil
    }

    /// The machine that the machine at `machine` (an index into the file's machines) invokes
    /// as `invocation`, when it invokes one under that name.
    public func machineInvoked(as invocation: String, inMachine machine: Int) -> String? {
        guard syntax.machines.indices.contains(machine) else { return nil }
        for child in MemberWalk(syntax.machines[machine]).invocations where child.invoke.name.text == invocation {
            if case .machine(let name) = child.invoke.kind { return name.text }
        }
        return nil
    }

    /// Whether the spec invokes another machine anywhere: only such a spec's diagnostics
    /// depend on the target's other specs.
    public var invokesMachines: Bool {
        syntax.machines.contains { machine in
            MemberWalk(machine).invocations.contains {
                if case .machine = $0.invoke.kind { true } else { false }
            }
        }
    }
}
