import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The editor support files under editors/: valid JSON, a grammar whose scopes cover the
/// lexer's keywords (read from ``Keyword`` so that the two cannot drift), Vim syntax likewise.
@Suite(.offThePool) struct EditorSupportTests {
    static let editors = ExampleMachines.packageRoot.appendingPathComponent("editors")

    /// Words the language reads as keywords only in context: `done ->`, `history deep`, `in(…)`,
    /// `on t reenter -> a`, `defer retry`, `assert never …` (whose other words the grammar
    /// matches in an `assert` only: ``propertyWordsAreHighlightedInAssertDeclarationsOnly()``).
    static let contextualKeywords: Set<String> = ["done", "deep", "in", "reenter", "defer", "assert"]

    private func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: Self.editors.appendingPathComponent(path)))
    }

    /// Every `match` of the grammar with its scope, from the repository's rules and their
    /// nested patterns.
    private func rules() throws -> [(match: String, scope: String)] {
        let grammar = try #require(try json("vscode/syntaxes/fsm.tmLanguage.json") as? [String: Any])
        var rules: [(String, String)] = []
        func collect(_ rule: [String: Any]) {
            if let match = rule["match"] as? String, let scope = rule["name"] as? String { rules.append((match, scope)) }
            for pattern in rule["patterns"] as? [[String: Any]] ?? [] { collect(pattern) }
        }
        for case let rule as [String: Any] in (grammar["repository"] as? [String: Any] ?? [:]).values { collect(rule) }
        return rules
    }

    /// The `begin` expressions of the grammar's guard rules.
    private func guardBeginnings() throws -> [NSRegularExpression] {
        let grammar = try #require(try json("vscode/syntaxes/fsm.tmLanguage.json") as? [String: Any])
        let guardRules = ((grammar["repository"] as? [String: Any])?["guard"] as? [String: Any])?["patterns"] as? [[String: Any]] ?? []
        return try guardRules.compactMap { $0["begin"] as? String }.map { try NSRegularExpression(pattern: $0) }
    }

    /// The words that a rule matches as a whole word and scopes as a keyword or modifier.
    private func keywordRuleWords() throws -> Set<String> {
        var words = Set<String>()
        for rule in try rules() where rule.scope.hasPrefix("keyword.") || rule.scope.hasPrefix("storage.modifier") {
            // `\b(a|b|c)\b`
            guard rule.match.hasPrefix("\\b("), rule.match.hasSuffix(")\\b") else { continue }
            words.formUnion(rule.match.dropFirst(3).dropLast(3).split(separator: "|").map(String.init))
        }
        return words
    }

    @Test func theExtensionsFilesAreValidAndReferenceEachOther() throws {
        let package = try #require(try json("vscode/package.json") as? [String: Any])
        let contributes = try #require(package["contributes"] as? [String: Any])
        let grammars = try #require(contributes["grammars"] as? [[String: Any]])
        #expect(grammars.first?["scopeName"] as? String == "source.fsm")
        #expect(grammars.first?["path"] as? String == "./syntaxes/fsm.tmLanguage.json")
        let languages = try #require(contributes["languages"] as? [[String: Any]])
        #expect(languages.first?["extensions"] as? [String] == [".fsm"])
        #expect(try json("vscode/language-configuration.json") is [String: Any])
        #expect(try json("vscode/snippets/fsm.json") is [String: Any])
        let grammar = try #require(try json("vscode/syntaxes/fsm.tmLanguage.json") as? [String: Any])
        #expect(grammar["scopeName"] as? String == "source.fsm")
    }

    @Test func everyRegularExpressionOfTheGrammarCompiles() throws {
        for rule in try rules() {
            #expect(throws: Never.self, "\(rule.scope)") { _ = try NSRegularExpression(pattern: rule.match) }
        }
    }

    @Test func aGuardBeginsAfterATriggerAndNowhereElse() throws {
        let beginnings = try guardBeginnings()
        #expect(beginnings.count == 3)
        func isGuard(_ line: String) -> Bool {
            beginnings.contains { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
        }
        for line in ["on go [ready] -> a", "always [else] -> a", "after 250ms [ready] -> a", "after backoff [x]", "done [ok] -> a"] {
            #expect(isGuard(line), "\(line)")
        }
        for line in ["event load(items: [Int])", "state list(rows: [String: Int])", "on go -> a / emit shown([1])"] {
            #expect(!isGuard(line), "\(line)")
        }
    }

    @Test func theGrammarScopesEveryKeywordOfTheLexer() throws {
        let words = try keywordRuleWords()
        for keyword in Keyword.allCases {
            #expect(words.contains(keyword.rawValue), "no keyword rule of the grammar matches '\(keyword.rawValue)'")
        }
        let known = Set(Keyword.allCases.map(\.rawValue)).union(Self.contextualKeywords)
        #expect(words.subtracting(known).sorted() == [], "the grammar highlights words the language does not reserve")
        // And each keyword rule really matches its words, as a whole word only.
        for rule in try rules() where rule.scope.hasPrefix("keyword.") && rule.match.hasPrefix("\\b(") {
            let expression = try NSRegularExpression(pattern: rule.match)
            #expect(expression.firstMatch(in: "onward", range: NSRange(location: 0, length: 6)) == nil, "\(rule.match)")
        }
    }

    @Test func theVimSyntaxListsEveryKeywordOfTheLexer() throws {
        let syntax = try String(contentsOf: Self.editors.appendingPathComponent("neovim/syntax/fsm.vim"), encoding: .utf8)
        var words = Set<String>()
        for line in syntax.split(separator: "\n") where line.hasPrefix("syntax keyword ") {
            let parts = line.split(separator: " ")
            guard parts[2] != "fsmConstant" else { continue }
            words.formUnion(parts.dropFirst(3).map(String.init))
        }
        #expect(words == Set(Keyword.allCases.map(\.rawValue)).union(Self.contextualKeywords))
    }

    /// A property's words are keywords only in an `assert` declaration: the grammar and Vim
    /// match them there, and leave the same words as names alone.
    @Test func propertyWordsAreHighlightedInAssertDeclarationsOnly() throws {
        let grammar = try #require(try json("vscode/syntaxes/fsm.tmLanguage.json") as? [String: Any])
        let property = try #require(((grammar["repository"] as? [String: Any])?["property"] as? [String: Any])?["patterns"] as? [[String: Any]])
        let expressions = try property.map { try NSRegularExpression(pattern: try #require($0["match"] as? String)) }
        func keywords(_ line: String) -> [String] {
            expressions.flatMap { expression in
                expression.matches(in: line, range: NSRange(line.startIndex..., in: line)).flatMap { match in
                    (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: line).map { String(line[$0]) } }
                }
            }
        }
        #expect(keywords("    assert never in(a) && in(b)") == ["assert", "never"])
        #expect(keywords("    assert always reachable in(a)") == ["assert", "always", "reachable"])
        #expect(keywords("assert reachable in(reachable)") == ["assert", "reachable"])
        #expect(keywords("    assert in(a) only after in(b)") == ["assert", "only", "after"])
        #expect(keywords("    on never [reachable] -> assert") == [])
        let vim = try String(contentsOf: Self.editors.appendingPathComponent("neovim/syntax/fsm.vim"), encoding: .utf8)
        #expect(vim.contains("syntax keyword fsmProperty assert"))
        #expect(vim.contains("syntax match fsmProperty /\\<only\\s\\+after\\>/"))
        #expect(vim.contains("highlight default link fsmProperty Keyword"))
    }

    @Test func completionOffersOnlyWordsOfTheLanguage() {
        let known = Set(Keyword.allCases.map(\.rawValue)).union(Self.contextualKeywords)
        #expect(Set(CompletionCandidates.declarationKeywords).subtracting(known) == [])
        #expect(Set(CompletionCandidates.fileKeywords).subtracting(known) == [])
    }

    @Test func theMachineSnippetWithItsDefaultsIsAValidSpec() throws {
        let snippets = try #require(try json("vscode/snippets/fsm.json") as? [String: [String: Any]])
        let body = try #require(snippets["Machine"]?["body"] as? [String]).joined(separator: "\n")
        // `${1:Name}` → `Name`, `$2` → what placeholder 2 defaults to, `$0` → nothing.
        var defaults: [String: String] = [:]
        let placeholder = try NSRegularExpression(pattern: "\\$\\{(\\d+):([^}]*)\\}")
        for match in placeholder.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
            defaults[String(body[Range(match.range(at: 1), in: body)!])] = String(body[Range(match.range(at: 2), in: body)!])
        }
        var text = placeholder.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "$2")
        for (number, value) in defaults { text = text.replacingOccurrences(of: "$\(number)", with: value) }
        text = text.replacingOccurrences(of: "$0", with: "")
        let compilation = Compiler.compile(SourceText(text))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.message) == [], "\(text)")
    }
}
