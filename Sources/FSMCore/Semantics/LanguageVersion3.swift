/// The constructs of language version 3 (DESIGN's "Invocations, child machines, deferred
/// events") that the parser reads and the rest of the compiler does not run yet: each is
/// refused with a located error, never silently ignored.
enum LanguageVersion3 {
    enum Construct {
        case childMachine

        var description: String {
            switch self {
            case .childMachine: "'invoke … as' is not supported yet: child machines"
            }
        }
    }

    static func report(_ construct: Construct, at range: SourceRange, diagnostics: DiagnosticCollector) {
        diagnostics.error("\(construct.description) come with language version 3", at: range)
    }
}
