// Checks that every public symbol of a module's symbol graph has a doc comment of its own, with
// an abstract. Run by Tools/build-docs.sh with the toolchain's interpreter (no package, no other
// language): `swift Tools/check-doc-coverage.swift <dir of symbol graphs> <module>`.
//
// The rule, symbol by symbol (every `*.symbols.json` of the module: `FSMRuntime.symbols.json`
// and the extensions of other modules' types, `FSMRuntime@Swift.symbols.json`):
//
// - Checked: a symbol whose access level is `public` or `open`, declared in the module's
//   sources: types, their members, enum cases, initializers, protocol requirements,
//   associated types, type aliases, globals, and members added to the standard library's types.
//   An implementation of a protocol requirement is checked too (`ManualClock.schedule(…)`):
//   what it does is not what the requirement says.
// - Skipped: a symbol whose precise identifier carries `::SYNTHESIZED::`. Those are members a
//   type of the module gets from a protocol extension declared in another module (`OptionSet`'s
//   `insert(_:)` and `union(_:)`, `Equatable`'s `!=`, `Hashable`'s `hashValue`): they are not in
//   the module's sources, and the standard library documents them. Also skipped: a symbol with
//   no source location, which the compiler made itself.
// - Documented: the symbol has a doc comment written in this module (a comment the symbol graph
//   inherited from another module does not count) whose first non-blank line is an abstract,
//   not a `- Parameter`, `- Returns` or other list item, heading or code block, since DocC
//   shows no summary for such a comment.
//
// Prints a one-line summary, or each undocumented symbol as `file:line: kind name` and exits 1.

import Foundation

struct SymbolGraph: Decodable {
    struct Module: Decodable { var name: String }
    struct Symbol: Decodable {
        struct Identifier: Decodable { var precise: String }
        struct Kind: Decodable { var identifier: String }
        struct Location: Decodable {
            struct Position: Decodable { var line: Int }
            var uri: String
            var position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { var text: String }
            var module: String?
            var lines: [Line]
        }
        var identifier: Identifier
        var kind: Kind
        var pathComponents: [String]
        var accessLevel: String
        var location: Location?
        var docComment: DocComment?
    }
    var module: Module
    var symbols: [Symbol]
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let directory = arguments.first, let module = arguments.last else {
    FileHandle.standardError.write(Data("usage: check-doc-coverage.swift <symbol-graph-dir> <module>\n".utf8))
    exit(2)
}

let files = (try FileManager.default.contentsOfDirectory(atPath: directory))
    .filter { $0 == "\(module).symbols.json" || ($0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json")) }
    .sorted()
guard files.contains("\(module).symbols.json") else {
    FileHandle.standardError.write(Data("check-doc-coverage: no \(module).symbols.json in \(directory)\n".utf8))
    exit(2)
}

/// Whether a doc comment's first non-blank line is a paragraph DocC shows as the abstract.
func hasAbstract(_ comment: SymbolGraph.Symbol.DocComment) -> Bool {
    guard let first = comment.lines.map({ $0.text.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else {
        return false
    }
    return !["- ", "* ", "+ ", "#", "```", ">"].contains { first.hasPrefix($0) }
}

var checked = 0
var skipped = 0
var undocumented: [String] = []
for file in files {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
    let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
    for symbol in graph.symbols where symbol.accessLevel == "public" || symbol.accessLevel == "open" {
        guard !symbol.identifier.precise.contains("::SYNTHESIZED::"), let location = symbol.location else {
            skipped += 1
            continue
        }
        checked += 1
        if let comment = symbol.docComment, comment.module == nil || comment.module == module, hasAbstract(comment) {
            continue
        }
        let path = location.uri.replacingOccurrences(of: "file://", with: "")
        let name = symbol.pathComponents.joined(separator: ".")
        undocumented.append("\(path):\(location.position.line + 1): \(symbol.kind.identifier) \(name)")
    }
}

if undocumented.isEmpty {
    print("check-doc-coverage: \(checked) public symbols of \(module), every one documented (\(skipped) synthesized from other modules' protocol extensions skipped)")
} else {
    for line in undocumented.sorted() {
        print(line)
    }
    print("check-doc-coverage: \(undocumented.count) of \(checked) public symbols of \(module) have no doc comment with an abstract")
    exit(1)
}
