/// Text inside markup: the one escaper of the back ends that write it (the SCXML export's
/// attribute values, the DOT diagrams' HTML-like labels, the simulator page's HTML). `&`, `<`,
/// `>` and `"` become entities, so the text reads as itself in an element or in a double-quoted
/// attribute value. It works on Unicode scalars, not characters: a `<` followed by a combining
/// mark is one `Character` that a character-wise escaper would let through.
enum MarkupText {
    /// What becomes of line breaks (`\n`, `\r` and `\r\n`).
    enum LineBreaks {
        /// Kept as they are: HTML shows them as spaces, which is what a page's title wants.
        case kept
        /// One `<br/>` each: a line of a Graphviz HTML-like label.
        case breakElements
        /// Character references, `&#10;` and `&#13;`, and tabs `&#9;`: an XML attribute value
        /// would normalize them to spaces otherwise.
        case characterReferences
    }

    static func escaped(_ text: String, lineBreaks: LineBreaks = .kept) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            switch (scalar, lineBreaks) {
            case ("&", _): result += "&amp;"
            case ("<", _): result += "&lt;"
            case (">", _): result += "&gt;"
            case ("\"", _): result += "&quot;"
            case ("\n", .breakElements): result += "<br/>"
            case ("\r", .breakElements):
                if index < scalars.endIndex, scalars[index] == "\n" { scalars.formIndex(after: &index) }
                result += "<br/>"
            case ("\n", .characterReferences): result += "&#10;"
            case ("\r", .characterReferences): result += "&#13;"
            case ("\t", .characterReferences): result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
