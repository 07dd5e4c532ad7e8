import FSMCore

/// The result of compiling one spec: the syntax tree, the model when the spec is valid,
/// and every diagnostic, sorted by position.
public struct Compilation: Sendable {
    public var syntax: SourceFileSyntax?
    public var model: MachineModel?
    /// The model lowered to what runs, when the spec is valid: what back ends read.
    public var executable: ExecutableMachine?
    public var diagnostics: [Diagnostic]
    /// What proving the spec's properties found, when it has properties and they were proved
    /// (its ``diagnostics`` hold the failures): the language server shows those that hold too.
    public var propertyReport: PropertyReport?
    /// The bounds the spec's own `// fsmc:` line gives (``BoundsDirective``), for a caller that
    /// explores the machine itself (`fsmc verify`, `fsmc simulate`); none when it did not parse.
    public var bounds = ExplorationBounds.Overrides()

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The compiler front to back: source text to checked model.
public enum Compiler {
    /// The largest spec fsmc reads, in bytes: the command line refuses a larger file, the
    /// language server a larger document. Real specs are a few kilobytes; a file a thousand
    /// times larger is not a spec, and would only make every later stage slow.
    public static let maximumSpecSize = 1 << 20

    /// Lexes, parses and checks a spec.
    ///
    /// Semantic checks run only when the file parses cleanly: a declaration the parser had
    /// to skip would otherwise show up again as a flood of "unknown name" errors.
    ///
    /// `machines` are the other machines of the spec's target (its siblings, not the spec
    /// itself), which `invoke Machine as name` runs.
    ///
    /// A valid spec's properties (`assert …`) are proved by ``PropertyChecker`` within the bounds
    /// `propertyBounds` gives, the spec's own `// fsmc:` line (``BoundsDirective``) and the
    /// defaults, in that order: one that fails is an error, one not decided or holding only
    /// within a bound a warning. `nil` leaves them unproved, for a caller that runs the checker
    /// itself (`fsmc verify`).
    public static func compile(
        _ source: SourceText, machines: MachineCatalog = MachineCatalog(),
        propertyBounds: ExplorationBounds.Overrides? = ExplorationBounds.Overrides()
    ) -> Compilation {
        if let invalid = Diagnostic.invalidUTF8(in: source) {
            return Compilation(syntax: nil, model: nil, executable: nil, diagnostics: [invalid])
        }
        let (syntax, syntaxDiagnostics) = Parser.parse(source)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: syntaxDiagnostics)
        var model: MachineModel?
        var executable: ExecutableMachine?
        if !diagnostics.hasErrors {
            let analysis = SemanticAnalyzer.analyze(syntax, machines: machines)
            diagnostics.append(contentsOf: analysis.diagnostics)
            model = analysis.model
        }
        if let checked = model {
            switch Lowering.lower(checked) {
            case .success(let lowered):
                executable = lowered
            case .failure(let failure):
                // Warnings are reported only for a spec without errors, as after the checks.
                var errors = DiagnosticBag()
                errors.append(contentsOf: diagnostics.diagnostics.filter { $0.severity == .error })
                errors.append(contentsOf: failure.diagnostics)
                diagnostics = errors
                model = nil
            }
        }
        var propertyReport: PropertyReport?
        var bounds = ExplorationBounds.Overrides()
        if !diagnostics.hasErrors {
            let directive = BoundsDirective(source)
            diagnostics.append(contentsOf: directive.diagnostics)
            bounds = directive.bounds
            if let executable, let propertyBounds, !executable.model.properties.isEmpty, !diagnostics.hasErrors {
                let report = PropertyChecker.check(executable, bounds: propertyBounds.applied(to: directive.bounds))
                diagnostics.append(contentsOf: PropertyDiagnostics.diagnostics(of: report, machine: executable, source: source))
                propertyReport = report
            }
        }
        return Compilation(
            syntax: syntax, model: model, executable: executable, diagnostics: diagnostics.sorted, propertyReport: propertyReport,
            bounds: bounds)
    }

    /// The diagnostics of proving the properties of `machine` (lowered from `source`) within
    /// `bounds`: an error at each property that fails, with its shortest counterexample as
    /// notes; a warning at each one not decided or holding only within a bound.
    public static func propertyDiagnostics(
        of machine: ExecutableMachine, source: SourceText, bounds: ExplorationBounds = ExplorationBounds()
    ) -> [Diagnostic] {
        let report = PropertyChecker.check(machine, bounds: bounds)
        return PropertyDiagnostics.diagnostics(of: report, machine: machine, source: source)
    }
}
