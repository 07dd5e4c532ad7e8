/// A ``MachineInterface`` as a small stable text: what the build plugin keeps of each spec
/// (`fsmc-build interface`), so that a spec's `generate` reads its siblings' interfaces
/// rather than their specs, and reruns only when one of them changes.
///
/// One fact a line, in a fixed order, so that the same interface always gives the same bytes
/// and a change to a child's body leaves its file as it was:
///
/// ```
/// // fsmc machine interface 2
/// // machine SignIn
/// // main-actor
/// // observable
/// // finishes
/// // output signedIn
/// // parameter user String
/// // output failed
/// // parameter _ String
/// // invokes Captcha
/// ```
///
/// A `parameter` line belongs to the `output` above it; `_` stands for no label. A spec that
/// declares no machine gives the first line alone. Every line is a Swift comment: SwiftPM takes
/// a build plugin's output of any other kind for a resource of the target (and would give every
/// target a resource bundle), so the plugin names the file `Spec.fsm.interface.swift`, which
/// compiles to nothing. Pure: reading and writing files is the command line's.
public enum MachineInterfaceText {
    /// The first line, after the comment's `// `; the number changes with any change of the
    /// format (2: the `observable` line).
    static let header = "fsmc machine interface 2"

    /// What starts every line.
    static let linePrefix = "// "

    /// A line of an interface text that cannot be read, with its 1-based line number.
    public struct Failure: Error, Hashable, Sendable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The text of `interface` (`nil`: a spec that declares no machine).
    public static func text(of interface: MachineInterface?) -> String {
        var lines = [header]
        if let interface {
            lines.append("machine \(interface.name)")
            if interface.isMainActor { lines.append("main-actor") }
            if interface.isObservable { lines.append("observable") }
            if interface.hasTopLevelFinalState { lines.append("finishes") }
            for output in interface.outputs {
                lines.append("output \(output.name)")
                for parameter in output.parameters {
                    lines.append("parameter \(parameter.label ?? "_") \(escaped(parameter.type))")
                }
            }
            for machine in interface.invokedMachines { lines.append("invokes \(machine)") }
            if interface.hasSyntaxErrors { lines.append("syntax-errors") }
        }
        return lines.map { linePrefix + $0 + "\n" }.joined()
    }

    /// The interface `text` describes (`nil` when it describes no machine), or the first line
    /// that cannot be read.
    public static func interface(from text: String) throws(Failure) -> MachineInterface? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix(linePrefix) else {
                throw Failure(line: index + 1, message: index == 0 ? "not a machine interface: expected '// \(header)'" : "expected a line starting with '// '")
            }
            lines[index] = String(line.dropFirst(linePrefix.count))
        }
        guard lines.first == header else {
            throw Failure(line: 1, message: "not a machine interface: expected '// \(header)'")
        }
        guard lines.count > 1 else { return nil }
        var interface = MachineInterface(name: "", outputs: [], hasTopLevelFinalState: false, isMainActor: false)
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            let (keyword, rest) = split(line)
            if number == 2 {
                guard keyword == "machine", let name = rest, isName(name) else {
                    throw Failure(line: number, message: "expected 'machine Name'")
                }
                interface.name = name
                continue
            }
            switch (keyword, rest) {
            case ("main-actor", nil):
                interface.isMainActor = true
            case ("observable", nil):
                interface.isObservable = true
            case ("finishes", nil):
                interface.hasTopLevelFinalState = true
            case ("syntax-errors", nil):
                interface.hasSyntaxErrors = true
            case ("output", let name?) where isName(name):
                interface.outputs.append(.init(name: name, parameters: []))
            case ("invokes", let name?) where isName(name):
                interface.invokedMachines.append(name)
            case ("parameter", let rest?):
                guard !interface.outputs.isEmpty else {
                    throw Failure(line: number, message: "'parameter' before any 'output'")
                }
                let (label, type) = split(rest)
                guard isName(label) || label == "_", let type, !type.isEmpty else {
                    throw Failure(line: number, message: "expected 'parameter label Type' (label '_' for none)")
                }
                interface.outputs[interface.outputs.count - 1].parameters.append(
                    ParameterModel(label: label == "_" ? nil : label, type: unescaped(type)))
            default:
                throw Failure(line: number, message: "unexpected line '\(line)'")
            }
        }
        return interface
    }

    /// The first word of `line` and what follows the space after it.
    private static func split(_ line: String) -> (String, String?) {
        guard let space = line.firstIndex(of: " ") else { return (line, nil) }
        return (String(line[..<space]), String(line[line.index(after: space)...]))
    }

    /// A machine's, output's or label's name: one word, as the spec wrote it.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(" ") && text != "_"
    }

    // A type is written on one line: its line breaks (a spec may break a long type) and
    // backslashes are escaped.
    private static func escaped(_ type: String) -> String {
        var result = ""
        for character in type {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ type: String) -> String {
        var result = ""
        var escaping = false
        for character in type {
            if escaping {
                result.append(character == "n" ? "\n" : character == "r" ? "\r" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
