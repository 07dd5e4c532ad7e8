import Foundation
import Testing
import TestSupport

/// `docs/Architecture.md` is the newcomer's map, and it stays true: everything it names in code
/// spans that can be looked up exists. And every source file stays small enough to be one
/// concept (issue 40, "One home for each feature").
@Suite(.offThePool) struct ArchitectureMapTests {
    static let root = ExampleMachines.packageRoot

    /// The longest a Swift file under `Sources/` may be, in lines.
    static let maximumLines = 600

    /// Files under `Sources/` allowed over ``maximumLines`` for now, each with the work that
    /// splits it; the test fails when one is no longer over, so that its entry goes too.
    static let longFilesAllowed: [String: String] = [:]

    /// Every repository path the map names exists: a path from the package root
    /// (`Sources/FSMCore/Semantics/MachineInterface.swift`, `Tests/MachinesTests/`), the end of
    /// one (`Writers/PlanReader+Writing.swift`, a bare `TransitionResolver.swift`, wherever under
    /// the root), `*` standing for any part of a name (`SpecText*.swift`) as does a placeholder
    /// in angle brackets (`<Name>.fsm`) and `…`, a name's ending (`.siblings/`, `.dot`). And every
    /// `Type.member` it names (`Compiler.compile(_:)`, `TestStep.Stimulus.sendToChild`) is
    /// declared in a Swift file that declares or extends the type. Spans with spaces (commands,
    /// code), markup and build products (`.build/…`) are not looked up.
    @Test func everythingTheMapNamesExists() throws {
        let map = try String(contentsOf: Self.root.appendingPathComponent("docs/Architecture.md"), encoding: .utf8)
        let tree = RepositoryTree(root: Self.root)
        var declarations: SwiftDeclarations?
        var missing: [String] = []
        var looked = 0
        for span in Self.codeSpans(in: map) where !missing.contains(span) {
            guard let reference = MapReference(span) else { continue }
            looked += 1
            let exists: Bool
            switch reference {
            case .path(let components, let isDirectory):
                exists = tree.contains(components, isDirectory: isDirectory)
            case .nameEnding(let ending, let isDirectory):
                exists = tree.containsName(endingWith: ending, isDirectory: isDirectory)
            case .member(let member, of: let type):
                if declarations == nil { declarations = SwiftDeclarations(tree: tree, root: Self.root) }
                exists = declarations!.declares(member, in: type)
            }
            if !exists { missing.append(span) }
        }
        #expect(looked > 300, "the map's code spans were not read: only \(looked) looked up")
        #expect(
            missing.isEmpty,
            "docs/Architecture.md names \(missing.count) that do not exist (moved or renamed? name where they live now):\n\(missing.joined(separator: "\n"))")
    }

    /// No Swift file under `Sources/` is over ``maximumLines`` lines but those of
    /// ``longFilesAllowed``, each of which still is.
    @Test func noSourceFileIsOverSixHundredLines() throws {
        let tree = RepositoryTree(root: Self.root)
        var over: [String] = []
        var counted: [String: Int] = [:]
        for path in tree.files where path.hasPrefix("Sources/") && path.hasSuffix(".swift") {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
            let lines = data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            counted[path] = lines
            if lines > Self.maximumLines, Self.longFilesAllowed[path] == nil { over.append("\(path): \(lines) lines") }
        }
        #expect(counted.count > 100, "the sources were not found under \(Self.root.path)")
        #expect(
            over.isEmpty,
            "over \(Self.maximumLines) lines: split along a real seam, into extensions in files named Type+Concern.swift:\n\(over.joined(separator: "\n"))")
        for (path, work) in Self.longFilesAllowed.sorted(by: { $0.key < $1.key }) {
            let lines = counted[path] ?? 0
            #expect(lines > Self.maximumLines, "\(path) is \(lines) lines now (\(work) is done?): remove it from longFilesAllowed")
        }
    }

    /// The inline code spans of a Markdown text, white space folded, outside fenced blocks.
    static func codeSpans(in markdown: String) -> [String] {
        var prose = ""
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
            } else if !fenced {
                prose += line + "\n"
            }
        }
        // A span may run over a line break: the text between two backticks, odd ones out.
        let pieces = prose.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: pieces.count, by: 2).map { index in
            pieces[index].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}

/// What a code span of the map names, when it can be looked up.
private enum MapReference {
    /// A path, or the end of one: its components, `*` for any run of characters in a name.
    case path([String], isDirectory: Bool)
    /// The end of a file or folder name: an extension, a suffix such as `.siblings`.
    case nameEnding(String, isDirectory: Bool)
    /// A member of a type (the innermost type of a dotted chain).
    case member(String, of: String)

    static let fileExtensions: Set<String> = [
        "swift", "md", "fsm", "expected", "json", "dict", "vim", "py", "sh", "cpp", "dot", "svg", "trace", "script", "docc",
    ]

    init?(_ span: String) {
        guard !span.contains(" "), span.contains(where: \.isLetter), !span.hasPrefix(".build") else { return nil }
        // Markup (`<br/>`, `<invoke>`) names nothing.
        if span.hasPrefix("<"), span.hasSuffix(">") { return nil }
        let pattern = Self.replacingPlaceholders(in: span)
        let isDirectory = pattern.hasSuffix("/")
        let trimmed = isDirectory ? String(pattern.dropLast()) : pattern
        let lastName = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        let hasFileExtension = lastName.split(separator: ".").count > 1 && Self.fileExtensions.contains(String(lastName.split(separator: ".").last!))
        if trimmed.hasPrefix("."), !trimmed.contains("/") {
            // `.siblings/`, `.dot`; not `.raise` (an enum case).
            guard isDirectory || hasFileExtension || Self.fileExtensions.contains(String(trimmed.dropFirst())) else { return nil }
            self = .nameEnding(trimmed, isDirectory: isDirectory)
        } else if trimmed.contains("/") || hasFileExtension {
            self = .path(trimmed.split(separator: "/").map(String.init), isDirectory: isDirectory)
        } else if let (type, member) = Self.member(in: span) {
            self = .member(member, of: type)
        } else {
            return nil
        }
    }

    /// `<Name>` stands for any name, as `…` does (`…Warnings.swift`): `*`.
    private static func replacingPlaceholders(in span: String) -> String {
        var result = ""
        var inPlaceholder = false
        for character in span {
            switch character {
            case "…" where !inPlaceholder:
                result.append("*")
            case "<":
                inPlaceholder = true
                result.append("*")
            case ">" where inPlaceholder:
                inPlaceholder = false
            default:
                if !inPlaceholder { result.append(character) }
            }
        }
        return result
    }

    /// `Type.member`, `Type.Nested.member` or `Type.member(labels:)`: the innermost type and
    /// the member's name.
    private static func member(in span: String) -> (type: String, member: String)? {
        let name = span.firstIndex(of: "(").map { String(span[..<$0]) } ?? span
        guard span.firstIndex(of: "(") == nil || span.hasSuffix(")") else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.allSatisfy(isIdentifier), parts[0].first!.isUppercase else { return nil }
        return (parts[parts.count - 2], parts[parts.count - 1])
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

/// The package's files and folders, as paths from its root; build folders (`.build*`),
/// `.git` and `.swiftpm` left out.
private struct RepositoryTree {
    private(set) var files: [String] = []
    private(set) var directories: [String] = []
    /// Every path's names, and whether it is a folder.
    private var entries: [(names: [Substring], isDirectory: Bool)] = []
    /// The entries by their last name.
    private var byLastName: [Substring: [Int]] = [:]

    init(root: URL) {
        let root = root.standardizedFileURL
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isDirectory, name.hasPrefix(".build") || name == ".git" || name == ".swiftpm" {
                enumerator.skipDescendants()
                continue
            }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let path = String(full.dropFirst(prefix.count))
            if isDirectory { directories.append(path) } else { files.append(path) }
            let names = path.split(separator: "/")
            byLastName[names.last ?? "", default: []].append(entries.count)
            entries.append((names, isDirectory))
        }
    }

    /// Whether a path ends with `components` (each a name, `*` for any run of characters): the
    /// whole path from the root, or its last components. A last component without an extension
    /// also names a file by its name without one (`valid/17-properties`).
    func contains(_ components: [String], isDirectory: Bool) -> Bool {
        // The entries of that last name, unless it has a `*` or may be a name without its
        // extension: then all of them.
        guard let last = components.last else { return false }
        let named = byLastName[Substring(last)] ?? []
        let candidates = last.contains("*") || (named.isEmpty && !last.contains(".")) ? Array(entries.indices) : named
        return candidates.contains { position in
            let entry = entries[position]
            guard entry.isDirectory || !isDirectory, entry.names.count >= components.count else { return false }
            let tail = entry.names.suffix(components.count)
            return zip(components, tail).enumerated().allSatisfy { index, pair in
                if Self.matches(Substring(pair.0), pair.1) { return true }
                let isLast = index == components.count - 1
                return isLast && !isDirectory && !pair.0.contains(".") && pair.1.hasPrefix(pair.0 + ".")
            }
        }
    }

    /// Whether a file (or, for `isDirectory`, a folder) has a name ending with `ending`.
    func containsName(endingWith ending: String, isDirectory: Bool) -> Bool {
        (isDirectory ? directories : files).contains { $0.split(separator: "/").last.map { $0.hasSuffix(ending) } ?? false }
    }

    /// Whether `name` matches `pattern`, in which `*` stands for any run of characters.
    static func matches(_ pattern: Substring, _ name: Substring) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == "*" {
            let rest = pattern.dropFirst()
            var tail = name[...]
            while true {
                if matches(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard name.first == first else { return false }
        return matches(pattern.dropFirst(), name.dropFirst())
    }
}

/// The types each Swift file of `Sources/`, `Tests/` and `Plugins/` declares or extends, and
/// the names it declares (functions, properties, cases, nested types): read from the words
/// after the keywords, line comments left out.
private struct SwiftDeclarations {
    private var files: [(types: Set<String>, names: Set<String>)] = []

    init(tree: RepositoryTree, root: URL) {
        for path in tree.files where path.hasSuffix(".swift") && ["Sources/", "Tests/", "Plugins/"].contains(where: path.hasPrefix) {
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { continue }
            files.append(Self.declarations(in: text))
        }
    }

    /// Whether some file that declares or extends `type` declares `name`.
    func declares(_ name: String, in type: String) -> Bool {
        files.contains { $0.types.contains(type) && $0.names.contains(name) }
    }

    private static let typeKeywords: Set<String> = ["struct", "enum", "class", "protocol", "actor", "extension"]
    private static let nameKeywords: Set<String> = ["func", "var", "let", "case", "typealias", "struct", "enum", "class", "protocol", "actor"]

    private static func declarations(in text: String) -> (types: Set<String>, names: Set<String>) {
        var types = Set<String>()
        var names = Set<String>()
        for line in Array(text.utf8).split(separator: UInt8(ascii: "\n")) {
            let words = Self.words(in: line)
            for (index, word) in words.enumerated() where index + 1 < words.count {
                if typeKeywords.contains(word.text) {
                    // `extension Outer.Inner`: both.
                    var position = index + 1
                    while position < words.count {
                        types.insert(words[position].text)
                        guard words[position].followedByDot else { break }
                        position += 1
                    }
                }
                if nameKeywords.contains(word.text) { names.insert(words[index + 1].text) }
                // `case a, b(…)`: every name after a comma of a case's line.
                if word.text == "case" {
                    names.formUnion(words[(index + 1)...].filter(\.followsComma).map(\.text))
                }
            }
        }
        return (types, names)
    }

    private struct Word {
        var text: String
        var followedByDot: Bool
        var followsComma: Bool
    }

    /// The identifiers of a line up to a `//` comment (`` `default` `` as `default`), with
    /// whether a `.` follows each and a `,` precedes it. Bytes, not characters: the names
    /// looked up are ASCII, and this reads every Swift file of the package.
    private static func words(in line: ArraySlice<UInt8>) -> [Word] {
        var words: [Word] = []
        var start: Int?
        var sawComma = false
        var index = line.startIndex
        while index <= line.endIndex {
            let byte = index < line.endIndex ? line[index] : UInt8(ascii: " ")
            let isWordByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            if isWordByte {
                if start == nil { start = index }
                index += 1
                continue
            }
            if let first = start {
                // A word starts with a letter or `_`, not a digit.
                if line[first] > 0x39 {
                    let text = String(decoding: line[first..<index], as: UTF8.self)
                    words.append(Word(text: text, followedByDot: byte == UInt8(ascii: "."), followsComma: sawComma))
                }
                sawComma = false
                start = nil
            }
            if byte == UInt8(ascii: "/"), index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ",") {
                sawComma = true
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "`") {
                sawComma = false
            }
            index += 1
        }
        return words
    }
}
