import FSMCompiler

/// A syntax tree written out without its source ranges: two specs that differ in layout only
/// have the same shape.
///
/// Read by reflection, so that a node the language gains later is compared too without this
/// file knowing about it. Doc comments are compared without the white space at the end of
/// their lines, which the formatter removes like any trailing white space.
enum SyntaxShape {
    static func of(_ file: SourceFileSyntax) -> String {
        var text = ""
        write(file, label: nil, depth: 0, into: &text)
        return text
    }

    private static func write(_ value: Any, label: String?, depth: Int, into text: inout String) {
        if value is SourceRange { return }
        let indentation = String(repeating: "  ", count: depth)
        let prefix = indentation + (label.map { "\($0): " } ?? "")
        if let string = value as? String {
            let shown = label == "documentation" ? withoutTrailingSpace(string) : string
            text += prefix + String(reflecting: shown) + "\n"
            return
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first {
                write(wrapped.value, label: label, depth: depth, into: &text)
            } else {
                text += prefix + "nil\n"
            }
            return
        }
        guard !mirror.children.isEmpty else {
            text += prefix + String(reflecting: value) + "\n"
            return
        }
        text += prefix + "\(mirror.subjectType)\n"
        for child in mirror.children {
            write(child.value, label: child.label, depth: depth + 1, into: &text)
        }
    }

    /// A doc comment's lines without the spaces, tabs and carriage returns that end them.
    private static func withoutTrailingSpace(_ documentation: String) -> String {
        documentation.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var scalars = Substring.UnicodeScalarView(line)
            while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
            return String(String.UnicodeScalarView(scalars))
        }.joined(separator: "\n")
    }
}
