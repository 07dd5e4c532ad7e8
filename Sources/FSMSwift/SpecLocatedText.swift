import FSMCore

/// Generated Swift laid out so that the parts the spec wrote stand at the spec's lines and
/// columns: wrapped in `#sourceLocation(file:line:)`, the Swift compiler then reports a
/// mistyped payload type, a missing module or a missing action's requirement at the spec's
/// `path:line:column`, not in the generated file.
///
/// Columns are bytes, as the Swift compiler counts them and as ``SourceLocation`` does. A part
/// whose spec column lies left of what must come before it on its line (rare: it would take
/// a spec indented less than the generated code needs) follows right after it instead, on the
/// right line, in the wrong column.
package struct SpecLocatedText {
    /// The spec line of the first line; `nil` until a part is placed.
    private(set) var firstLine: Int?
    private(set) var lines: [String] = [""]

    /// Appends text where the text so far ends.
    mutating func append(_ text: String) {
        lines[lines.count - 1] += text
    }

    /// Appends `lead` and then `key`, `key` at `location` when there is one: on the location's
    /// line (breaking lines to get there) and column (padding with spaces).
    mutating func append(_ lead: String, then key: String, at location: SourceLocation?) {
        guard let location else {
            append(lead + key)
            return
        }
        if let firstLine {
            let line = firstLine + lines.count - 1
            if location.line > line {
                lines += Array(repeating: "", count: location.line - line)
            }
        } else {
            firstLine = location.line
        }
        let column = lines[lines.count - 1].utf8.count + lead.utf8.count + 1
        append(String(repeating: " ", count: max(0, location.column - column)) + lead + key)
    }
}

extension PlanReader {
    /// Writes declarations laid out by ``SpecLocatedText``: between `#sourceLocation` lines
    /// that name the spec when the emitter maps to it (and something was placed), else as
    /// plain lines at the writer's indentation.
    func write(_ text: SpecLocatedText, into writer: inout CodeWriter) {
        guard let specPath, let firstLine = text.firstLine else {
            for line in text.lines {
                writer.line(String(line.drop { $0 == " " }))
            }
            return
        }
        writer.unindentedLine("#sourceLocation(file: \(SpecText.stringLiteral(specPath)), line: \(firstLine))")
        for line in text.lines {
            writer.unindentedLine(line)
        }
        writer.unindentedLine("#sourceLocation()")
    }

    /// `case name(label: Type, …)` with each type at its place in the spec; `leadingValues`
    /// come first, unplaced (a compound state's child).
    func locatedCase(
        _ name: String, _ parameters: [ParameterModel], typeLocations: [SourceLocation], leadingValues: [String] = []
    ) -> SpecLocatedText {
        var text = SpecLocatedText()
        guard !parameters.isEmpty || !leadingValues.isEmpty else {
            text.append("case \(name)")
            return text
        }
        var lead = "case \(name)(" + leadingValues.joined(separator: ", ")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 || !leadingValues.isEmpty {
                // The comma stays on the line of what it follows.
                text.append(lead + ",")
                lead = " "
            }
            lead += parameter.label.map { "\($0): " } ?? ""
            let location = specPath == nil || index >= typeLocations.count ? nil : typeLocations[index]
            text.append(lead, then: parameter.type, at: location)
            lead = ""
        }
        text.append(lead + ")")
        return text
    }
}
