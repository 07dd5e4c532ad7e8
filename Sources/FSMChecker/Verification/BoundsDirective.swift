import FSMCore

/// A spec's own bounds for proving its properties: a line comment that starts with `fsmc:` and
/// gives the command line's options, `// fsmc: --kept-events 3 --property-budget 20000000`.
/// The build plugin passes no options, so this is how a target's build proves a spec further
/// (or less far) than the defaults; `fsmc check`, `generate`, `verify`, `simulate` and the
/// language server read the same line, and an option given on the command line wins over it.
public struct BoundsDirective: Sendable {
    /// The bounds the line gives; a field it does not give is `nil`.
    public private(set) var bounds = ExplorationBounds.Overrides()
    /// An error at each option the line gets wrong.
    public private(set) var diagnostics: [Diagnostic] = []

    /// The options a directive may give, by name: the command line's.
    public static var options: [(name: String, field: WritableKeyPath<ExplorationBounds.Overrides, Int?>, unit: String)] {
        [
            ("--kept-events", \.keptEvents, "copies of one event"),
            ("--property-bound", \.situations, "situations"),
            ("--property-budget", \.work, "steps"),
        ]
    }

    /// The directive of `source`: every `// fsmc:` line, in order (a later one wins).
    public init(_ source: SourceText) {
        var number = 1
        while let line = source.line(number) {
            defer { number += 1 }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("//"), !trimmed.hasPrefix("///") else { continue }
            let comment = trimmed.dropFirst(2).drop { $0 == " " }
            guard comment.hasPrefix("fsmc:") else { continue }
            let start = source.offset(ofLine: number)! + (line.utf8.count - trimmed.utf8.count)
            read(comment.dropFirst("fsmc:".count), at: SourceRange(source.location(at: start), source.location(at: start + trimmed.utf8.count)))
        }
    }

    private mutating func read(_ text: Substring, at range: SourceRange) {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let name = words.popFirst() {
            guard let option = Self.options.first(where: { $0.name == name }) else {
                let known = Self.options.map { "'\($0.name)'" }.joined(separator: ", ")
                diagnostics.append(Diagnostic(.error, "unknown option '\(name)' in an 'fsmc:' line: it takes \(known)", at: range))
                return
            }
            guard let word = words.popFirst(), let value = Int(word), value > 0 else {
                diagnostics.append(Diagnostic(
                    .error, "'\(name)' in an 'fsmc:' line takes a positive whole number of \(option.unit)", at: range))
                return
            }
            bounds[keyPath: option.field] = value
        }
    }
}

extension ExplorationBounds {
    /// Bounds some of which are given (a command line's options, a spec's `// fsmc:` line);
    /// `nil` leaves a bound to what comes next.
    public struct Overrides: Hashable, Sendable {
        public var situations: Int?
        public var keptEvents: Int?
        public var work: Int?

        public init(situations: Int? = nil, keptEvents: Int? = nil, work: Int? = nil) {
            self.situations = situations
            self.keptEvents = keptEvents
            self.work = work
        }

        /// These over `other` over `defaults`.
        public func applied(to other: Overrides, defaults: ExplorationBounds = ExplorationBounds()) -> ExplorationBounds {
            ExplorationBounds(
                situations: situations ?? other.situations ?? defaults.situations,
                keptEvents: keptEvents ?? other.keptEvents ?? defaults.keptEvents,
                work: work ?? other.work ?? defaults.work)
        }
    }
}
