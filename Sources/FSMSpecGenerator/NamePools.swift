/// Names the soundness profile draws besides plain numbered ones: near Swift keywords, near the
/// names generated code declares or uses (`State`, `send`, `isIn`, …), the `.fsm` language's own
/// words, and Unicode. Each list holds only names the naming rules allow for its kind (see
/// docs/Language.md, Naming rules): the generator's validity test keeps them honest.
enum NamePools {
    /// States without children, events and outputs.
    static let signals: [String] = [
        "State", "Event", "Output", "Actions", "Observer", "StateID", "Transition", "Notification",
        "Stimulus", "Snapshot", "History", "isIn", "send", "state", "start", "nextState", "open",
        "get", "set", "some", "any", "async", "actor", "Self_", "self_", "init_", "default_", "type",
        "Int", "String", "Optional", "Swift", "FSMRuntime", "ManualClock",
        "id", "value", "event", "output", "clock", "observers", "actions", "snapshot", "restore", "Codable",
        "history", "configuration", "then", "willSet", "didSet", "mutating", "nonisolated",
        "consuming", "borrowing", "package", "on", "initial", "final", "parallel", "machine",
        "after", "always", "emit", "raise", "entry", "exit", "done", "deep", "Tür", "öffnen", "名前",
        "λ", "café", "naïve", "ßtraße", "_x", "x_1", "__y", "Ω", "isEmpty", "count", "body",
    ]

    /// States with children (their names, first letter in upper case, name types in `State`):
    /// starting in lower case or with a letter without case, or `_`; none whose type would hide
    /// one that ``types`` names (`data` and `Data`, which fsmc refuses).
    static let compounds: [String] = [
        "main", "flow", "über", "状态", "_inner", "ǆungla", "ßtage", "group", "observer", "event",
        "transition", "actions", "output", "clock", "open", "some", "async", "array", "never_",
        "dictionary", "optional_",
    ]

    /// Guards, actions and value functions (one namespace); `update` is reserved (language
    /// version 4), so the pool's word near it is `update_`.
    static let functions: [String] = [
        "send", "isIn", "state_", "start", "restore", "observe", "hash_", "nextState", "update_",
        "prüfe", "öffnen_", "_check", "run", "stop", "get", "set", "open", "callAsFunction",
        "then", "makeIterator", "init_", "deinit_", "subscript_", "actor", "async", "some",
        "clockTick", "transitionHook", "名字",
    ]

    /// Payload labels: any word but `inout`, `var` and `let`.
    static let payloadLabels: [String] = [
        "to", "from", "count", "text", "flag", "items", "at", "on", "in", "for", "default",
        "is", "value", "id", "x", "y", "name", "type", "über", "when", "with", "of", "where", "as",
        "Type", "init", "rawValue", "hashValue", "description", "func", "return",
    ]

    /// Data labels, made unique with a number unless used once as they are.
    static let dataLabels: [String] = ["since", "attempt", "user", "total", "ü", "名", "retries", "level", "note", "default_", "ok"]

    /// Payload and data types, as text.
    static let types: [String] = [
        "Int", "String", "Double", "Bool", "Int64", "UInt8", "Float", "Substring", "String?", "Int?",
        "Optional<Int>", "Double?", "[Int]", "[String: Int]", "Set<String>", "(Int, String)",
        "(x: Int, y: Int)", "[[String: [Int]]]", "Date", "URL", "UUID", "Data",
        "ContinuousClock.Instant", "Duration", "Result<Int, any Error>", "any Error",
        "@Sendable (Int) -> Void", "Int??", "[URL]?", "Character",
    ]

    /// Literals a parameter of a type fsmc checks may take.
    static let literals: [String: [String]] = [
        "Int": ["0", "42", "-7", "1_000"],
        "Int64": ["5", "-9"],
        "UInt8": ["7", "0"],
        "Double": ["2.5", "1", "-0.5", "1e-3"],
        "Float": ["1.5", "3"],
        "Bool": ["true", "false"],
        "String": ["\"hi\"", "\"tab\\tnew\\nline \\u{1F600}\"", "\"\\\"quoted\\\" \\\\ \""],
        "Substring": ["\"sub\""],
        "String?": ["nil", "\"maybe\""],
        "Int?": ["nil", "3"],
        "Optional<Int>": ["nil", "4"],
        "Double?": ["nil", "2"],
        "Int??": ["nil"],
    ]

    /// Doc comments with what could break a generated comment.
    static let documentation: [String] = [
        "A doc comment.", "Ends a block comment */ and starts one /* here.", "Quotes \" and \\ backslashes\\",
        "Ünïcödé and emoji 🚦.", "Two\nlines.", "`code` and <tags> & entities;",
    ]
}
