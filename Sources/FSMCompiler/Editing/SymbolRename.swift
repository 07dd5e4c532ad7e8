import FSMCore
/// Renaming a symbol everywhere in its machine, or why a new name is refused.
public enum SymbolRename {
    /// Why a rename cannot happen; `message` is what an editor shows.
    public struct Refusal: Error, Hashable, Sendable {
        public var message: String

        public init(message: String) {
            self.message = message
        }
    }

    /// The ranges to replace with `newName` to rename a symbol: its declaration and every use.
    ///
    /// A rename is refused when the new name is not a name of the language, is one of its
    /// keywords or a Swift keyword (the generated code could not use it), or is taken in the
    /// same namespace of the machine (it would merge two symbols).
    public static func ranges(
        renaming symbol: SymbolOccurrence, to newName: String, in index: SymbolIndex
    ) -> Result<[SourceRange], Refusal> {
        if let problem = problem(with: newName) {
            return .failure(Refusal(message: problem))
        }
        if newName != symbol.name, let taken = index.occurrences.first(where: {
            $0.machine == symbol.machine && $0.name == newName && $0.kind.namespace == symbol.kind.namespace
                && $0.owner == symbol.owner
        }) {
            return .failure(Refusal(message: "'\(newName)' already names \(article(taken.kind)) \(taken.kind.rawValue) of this machine"))
        }
        return .success(index.references(to: symbol).map(\.range))
    }

    /// What is wrong with a new name, or `nil` when it is a valid name.
    public static func problem(with name: String) -> String? {
        let (tokens, diagnostics) = Lexer.tokenize(SourceText(name))
        if case .keyword = tokens.first?.kind, tokens.count == 2 {
            return "'\(name)' is a keyword of the language"
        }
        guard diagnostics.isEmpty, tokens.count == 2, tokens[0].kind == .identifier, tokens[0].text == name else {
            return "'\(name)' is not a name: use letters, digits and '_', not starting with a digit"
        }
        if ReservedNames.swiftKeywords.contains(name) {
            return "'\(name)' is a Swift keyword, which the generated code cannot use as a name"
        }
        return nil
    }

    private static func article(_ kind: SymbolOccurrence.Kind) -> String {
        kind == .event || kind == .output || kind == .action || kind == .invocation ? "an" : "a"
    }

    /// ``ranges(renaming:to:in:)``, then the renamed spec compiled: a rename that gives the spec
    /// more errors than it had (a name the generated code reserves, such as an event `name`,
    /// or one that clashes with a generated type) is refused with the compiler's message, so
    /// that the checks live in one place, the compiler's.
    public static func checkedRanges(
        renaming symbol: SymbolOccurrence, to newName: String, in index: SymbolIndex, source: SourceText
    ) -> Result<[SourceRange], Refusal> {
        let ranges: [SourceRange]
        switch Self.ranges(renaming: symbol, to: newName, in: index) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): ranges = found
        }
        var renamed: [UInt8] = []
        var copied = 0
        for range in ranges.sorted(by: { $0.start < $1.start }) {
            renamed += source.bytes[copied..<range.start.offset] + Array(newName.utf8)
            copied = range.end.offset
        }
        renamed += source.bytes[copied...]
        let errorsBefore = errorMessages(of: source)
        let errorsAfter = errorMessages(of: SourceText(bytes: renamed))
        guard errorsAfter.count > errorsBefore.count else { return .success(ranges) }
        // The first error the rename adds: one the spec did not have before.
        var unmatched = errorsBefore
        var added = errorsAfter[0]
        for message in errorsAfter {
            guard let same = unmatched.firstIndex(of: message) else {
                added = message
                break
            }
            unmatched.remove(at: same)
        }
        return .failure(Refusal(message: "renaming '\(symbol.name)' to '\(newName)' would make an error: \(added)"))
    }

    private static func errorMessages(of source: SourceText) -> [String] {
        Compiler.compile(source).diagnostics.filter { $0.severity == .error }.map(\.message)
    }
}
