import FSMCore
/// How SCXML's names become fsmc's: ids and event names are XML names (`traffic-light`,
/// `door.open`, `1st`), fsmc's are identifiers.
///
/// A name is mapped rather than refused, so that a chart drawn in an editor imports as it is,
/// and reads as a hand-written spec would: a character an identifier cannot hold (`.`, `-`,
/// `·`) is dropped and the letter after it upper-cased (`door.open` → `doorOpen`,
/// `red-going-green` → `redGoingGreen`), and a name that starts with a digit gets a `_` in
/// front. A name the language reserves (a keyword such as `initial`, a Swift keyword such as
/// `default`, a member of the generated enums such as `rawValue`) gets a `_` after it
/// (`initial_`), as many as it takes; a top-level state with children starts with a lower-case
/// letter (`AB` → `aB`), since it names both a case and a type of the generated `State`. Two names that map to the same one are refused with an
/// error, since merging them would hide which is which.
enum SCXMLNames {
    /// `door.open` → `doorOpen`, `1st` → `_1st`; a valid identifier is unchanged.
    static func identifier(_ name: String) -> String {
        var result = ""
        var upperCaseNext = false
        for scalar in name.unicodeScalars {
            let isStart = scalar == "_" || scalar.isASCII && scalar.properties.isAlphabetic
                || !scalar.isASCII && scalar.properties.isXIDStart
            let isDigit = ("0"..."9").contains(scalar)
            let isContinue = isStart || isDigit || !scalar.isASCII && scalar.properties.isXIDContinue
            guard isContinue else {
                upperCaseNext = !result.isEmpty
                continue
            }
            if result.isEmpty, !isStart { result += "_" }
            if upperCaseNext {
                result += String(scalar).uppercased()
                upperCaseNext = false
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? "_" : result
    }
    /// Why the identifier cannot name `kind` in a spec, or `nil` when it can: a keyword of
    /// the language, or a name the generated Swift reserves.
    /// An invocation may be named by a keyword of the language (`invoke final`, `done final`),
    /// which reads it by its place.
    static func problem(with name: String, as kind: ReservedNames.NameKind) -> String? {
        if Keyword(rawValue: name) != nil, kind != .invocation {
            return "'\(name)' is a keyword of fsmc's language and cannot name \(kind.article)"
        }
        return ReservedNames.problem(with: name, as: kind)
    }

    /// `name` as an identifier fsmc accepts for `kind`: ``identifier(_:)``, then a `_` after a
    /// reserved name until it is free (`initial` → `initial_`).
    static func mapped(_ name: String, as kind: ReservedNames.NameKind) -> String {
        var result = identifier(name)
        while problem(with: result, as: kind) != nil { result += "_" }
        return result
    }

    /// The name of a top-level state with child states: ``mapped(_:as:)``, its first letter
    /// lower-cased when it is upper-case (`AB` → `aB`). Such a state is a case of the generated
    /// `State` and generates the type `State.AB` as well, and Swift cannot have both.
    static func mappedTopLevelCompoundState(_ name: String) -> String {
        let result = mapped(name, as: .state)
        guard ReservedNames.stateTypeName(result) == result, result.first?.isUppercase == true else { return result }
        return mapped(result.prefix(1).lowercased() + result.dropFirst(), as: .state)
    }
}
