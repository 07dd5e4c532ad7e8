/// A check of Mermaid `stateDiagram-v2` source against what Mermaid's lexer reads, for the
/// forms the emitter writes (no Mermaid runs in the tests): every line is one of those
/// statements, identifiers are plain ASCII words that are no keyword, and text has none of
/// the characters that end a label, start a comment, an entity, HTML or Markdown, except
/// as an entity code `#NN;` (which Mermaid replaces before it parses), nor `direction X` or
/// `end note`, which the lexer takes for a command anywhere in a line.
enum MermaidSyntax {
    /// What is wrong with `diagram`, one message per problem: empty when it reads well.
    static func problems(in diagram: String) -> [String] {
        var problems: [String] = []
        var lines = diagram.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.count >= 4, lines[0] == "---", lines[1].hasPrefix("title: \""), lines[2] == "---", lines[3] == "stateDiagram-v2" else {
            return ["the diagram does not start with a title and 'stateDiagram-v2'"]
        }
        var depth = 0
        var inNote = false
        for (index, line) in lines.enumerated().dropFirst(4) {
            let statement = line.drop { $0 == " " }
            func report(_ problem: String) { problems.append("line \(index + 1): \(problem): \(line)") }
            func text(_ text: Substring) { if let problem = problem(inText: text) { report(problem) } }
            func identifier(_ name: Substring) { if let problem = problem(inIdentifier: name) { report(problem) } }

            if inNote {
                if statement == "end note" { inNote = false } else { text(statement) }
                continue
            }
            if let match = statement.wholeMatch(of: #/\[\*\] --> (\S+)/#) {
                identifier(match.1)
            } else if let match = statement.wholeMatch(of: #/(\S+) --> \[\*\]/#) {
                identifier(match.1)
            } else if let match = statement.wholeMatch(of: #/(\S+) --> (\S+) : (.+)/#) {
                identifier(match.1)
                identifier(match.2)
                text(match.3)
            } else if let match = statement.wholeMatch(of: #/state "([^"]*)" as (\S+)( \{)?/#) {
                text(match.1)
                identifier(match.2)
                if match.3 != nil { depth += 1 }
            } else if let match = statement.wholeMatch(of: #/state (\S+)( \{)?/#) {
                identifier(match.1)
                if match.2 != nil { depth += 1 }
            } else if statement == "--" {
                // Concurrent regions are separated inside a composite state only.
                if depth == 0 { report("'--' separates regions inside a composite state only") }
            } else if statement == "}" {
                depth -= 1
                if depth < 0 { report("a '}' closes nothing") }
            } else if let match = statement.wholeMatch(of: #/note right of (\S+)/#) {
                identifier(match.1)
                inNote = true
            } else if let match = statement.wholeMatch(of: #/(\S+) : (.+)/#) {
                identifier(match.1)
                text(match.2)
            } else if let match = statement.wholeMatch(of: #/accDescr: (.+)/#) {
                text(match.1)
            } else if let match = statement.wholeMatch(of: #/class (\S+) machineLevel/#) {
                identifier(match.1)
            } else if statement.hasPrefix("%% "), !statement.hasPrefix("%% {") {
                continue
            } else if statement == "classDef machineLevel stroke-dasharray:5 5,font-style:italic" {
                continue
            } else if statement.wholeMatch(of: #/[A-Za-z_][A-Za-z0-9_]*/#) != nil {
                identifier(statement)
            } else {
                report("not a statement the emitter writes")
            }
        }
        if depth != 0 { problems.append("unbalanced braces") }
        if inNote { problems.append("a note is never closed") }
        return problems
    }

    private static func problem(inIdentifier name: Substring) -> String? {
        let lowercased = name.lowercased()
        if name.wholeMatch(of: #/[A-Za-z_][A-Za-z0-9_]*/#) == nil { return "'\(name)' is not a plain identifier" }
        if lowercased.hasPrefix("default") || lowercased.hasPrefix("statediagram") { return "'\(name)' starts with a keyword" }
        let keywords: Set<String> = [
            "state", "note", "class", "classdef", "scale", "direction", "end", "hide", "as", "root", "style",
            "click", "href", "acctitle", "accdescr",
        ]
        return keywords.contains(lowercased) ? "'\(name)' is a keyword" : nil
    }

    /// Mermaid replaces entity codes before it parses, so their `;` ends nothing.
    private static func problem(inText text: Substring) -> String? {
        if text.contains(#/#(?!\d+;)/#) { return "a '#' that starts no entity code" }
        let text = text.replacing(#/#\d+;/#, with: "")
        if let character = text.first(where: { ":;<>&%*`\\~".contains($0) }) { return "'\(character)' in text" }
        if text.contains(#/(?i)direction\s|end note/#) { return "a command in text" }
        if text.contains(#/(^|\W)_|_($|\W)/#) { return "a '_' that may start Markdown emphasis" }
        if text.contains(#/^([-+=]|\d+[.)])/#) { return "a Markdown list or heading" }
        return nil
    }
}
