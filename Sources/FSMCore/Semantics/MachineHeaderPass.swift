/// Checks what the file and the machine declare about the machine itself: one machine per
/// file, its name, its attributes and access level, and the file's imports.
struct MachineHeaderPass {
    let diagnostics: DiagnosticCollector

    /// What the header gives the model.
    struct Header {
        var accessLevel: AccessLevel
        /// `@MainActor machine …`.
        var isMainActor: Bool
        /// `@Observable machine …`.
        var isObservable: Bool
    }

    /// Reports every machine after the first: a file declares one.
    func checkOneMachine(in file: SourceFileSyntax, first machine: MachineSyntax) {
        for extra in file.machines.dropFirst() {
            diagnostics.error(
                "a file declares one machine; move '\(extra.name.text)' to a file of its own", at: extra.name.range,
                notes: [.init("'\(machine.name.text)' is declared here", at: machine.name.range)])
        }
    }

    func run(_ machine: MachineSyntax) -> Header {
        DeclaredNames.checkReserved(machine.name, as: .machine, diagnostics: diagnostics)
        let attributes = checkAttributes(machine.attributes)
        return Header(
            accessLevel: accessLevel(machine.accessLevel), isMainActor: attributes.contains("@MainActor"),
            isObservable: attributes.contains("@Observable"))
    }

    /// The imported module names, each once; `FSMRuntime` is always imported already.
    func checkImports(_ imports: [Identifier]) -> [String] {
        var seen: [String: SourceRange] = [:]
        var modules: [String] = []
        for module in imports {
            if let first = seen[module.text] {
                diagnostics.warning(
                    "module '\(module.text)' is imported twice", at: module.range,
                    notes: [.init("first imported here", at: first)])
                continue
            }
            seen[module.text] = module.range
            if module.text != "FSMRuntime" { modules.append(module.text) }
        }
        return modules
    }

    /// The attributes a machine takes: `@MainActor` isolates the generated class to the main
    /// actor, `@Observable` makes it observable.
    static let attributes: Set<String> = ["@MainActor", "@Observable"]

    /// The known attributes written, each reported when written twice or unknown.
    private func checkAttributes(_ attributes: [Identifier]) -> Set<String> {
        var written: Set<String> = []
        for attribute in attributes {
            if Self.attributes.contains(attribute.text) {
                if !written.insert(attribute.text).inserted {
                    diagnostics.error("'\(attribute.text)' is written twice", at: attribute.range)
                }
            } else {
                diagnostics.error(
                    "unknown attribute '\(attribute.text)'; a machine takes '@MainActor' to isolate it to the main actor and '@Observable' to make it observable",
                    at: attribute.range)
            }
        }
        return written
    }

    private func accessLevel(_ syntax: AccessLevelSyntax?) -> AccessLevel {
        switch syntax?.keyword {
        case .public: .public
        case .package: .package
        default: .internal
        }
    }
}
