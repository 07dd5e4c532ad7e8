/// How SCXML's names become fsmc's: ids and event names are XML names (`traffic-light`,
/// `light.red`, `1st`), fsmc's are identifiers.
///
/// A name is mapped rather than refused, so that a chart drawn in an editor imports as it is:
/// every character an identifier cannot hold (`.`, `-`, `·`) becomes `_`, and a name that
/// starts with a digit gets a `_` in front. Two names that map to the same one, and names the
/// language reserves, are refused with an error, since renaming them silently would hide
/// which is which.
enum SCXMLNames {
    /// `light.red` → `light_red`, `1st` → `_1st`; a valid identifier is unchanged.
    static func identifier(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let isStart = scalar == "_" || scalar.isASCII && scalar.properties.isAlphabetic
                || !scalar.isASCII && scalar.properties.isXIDStart
            let isContinue = isStart || ("0"..."9").contains(scalar) || !scalar.isASCII && scalar.properties.isXIDContinue
            if result.isEmpty, ("0"..."9").contains(scalar) { result += "_" }
            result.unicodeScalars.append(result.isEmpty ? (isStart ? scalar : "_") : (isContinue ? scalar : "_"))
        }
        return result.isEmpty ? "_" : result
    }

    /// Why the identifier cannot name `kind` in a spec, or `nil` when it can: a keyword of
    /// the language, or a name the generated Swift reserves.
    static func problem(with name: String, as kind: ReservedNames.NameKind) -> String? {
        if Keyword(rawValue: name) != nil {
            return "'\(name)' is a keyword of fsmc's language and cannot name \(kind.article)"
        }
        return ReservedNames.problem(with: name, as: kind)
    }
}
