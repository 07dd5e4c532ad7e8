import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Every spec of the corpus (see ``Corpus``) checks as recorded.
@Suite(.offThePool) struct CorpusTests {
    @Test(arguments: Corpus.brokenSpecs)
    func brokenSpecGivesTheExpectedDiagnostics(_ name: String) throws {
        let spec = Corpus.folder.appendingPathComponent(name)
        let expectedFile = spec.deletingPathExtension().appendingPathExtension("expected")
        let actual = try Corpus.renderedDiagnostics(of: spec)
        #expect(!actual.isEmpty, "\(name) is in the corpus of broken specs but gives no diagnostics")

        if Corpus.isRecording {
            try Data(actual.utf8).write(to: expectedFile)
            Issue.record("Recorded \(expectedFile.lastPathComponent); review the diff", severity: .warning)
            return
        }
        guard let expectedData = FileManager.default.contents(atPath: expectedFile.path) else {
            Issue.record("\(expectedFile.lastPathComponent) is missing; run with FSMC_RECORD_CORPUS=1 to record it")
            return
        }
        let expected = String(decoding: expectedData, as: UTF8.self)
        // A plain Bool, so that a failure shows the diff rather than both texts in full.
        let matches = actual == expected
        #expect(
            matches,
            "\(name) gives other diagnostics than \(expectedFile.lastPathComponent):\n\(Corpus.lineDiff(expected: expected, actual: actual))")
    }

    @Test(arguments: Corpus.validSpecs)
    func validSpecChecksWithoutDiagnostics(_ name: String) throws {
        let rendered = try Corpus.renderedDiagnostics(of: Corpus.validFolder.appendingPathComponent(name))
        #expect(rendered.isEmpty, "valid/\(name) should check cleanly, but gives:\n\(rendered)")
    }

    @Test(arguments: Corpus.specs(in: ExampleMachines.folder))
    func exampleMachineChecksWithoutDiagnostics(_ name: String) throws {
        let rendered = try Corpus.renderedDiagnostics(of: ExampleMachines.folder.appendingPathComponent(name))
        #expect(rendered.isEmpty, "machines/\(name) should check cleanly, but gives:\n\(rendered)")
    }

    @Test func theCorpusIsCompleteAndWellNamed() throws {
        #expect(Corpus.brokenSpecs.count >= 35)
        #expect(Corpus.validSpecs.count >= 8)
        #expect(Corpus.specs(in: ExampleMachines.folder).count >= 3)

        let files = try FileManager.default.contentsOfDirectory(atPath: Corpus.folder.path)
        let specNames = Set(Corpus.brokenSpecs.map { String($0.dropLast(".fsm".count)) })
        for file in files where file.hasSuffix(".expected") {
            #expect(specNames.contains(String(file.dropLast(".expected".count))), "\(file) has no spec next to it")
        }
        var numbers: Set<Substring> = []
        for name in Corpus.brokenSpecs + Corpus.validSpecs {
            let number = name.prefix { $0.isNumber }
            #expect(
                (2...3).contains(number.count) && name.dropFirst(number.count).hasPrefix("-"),
                "\(name) should be named NN-short-name.fsm (or NNN-, from 100 on)")
            if Corpus.brokenSpecs.contains(name) {
                #expect(numbers.insert(number).inserted, "\(name) shares its number with another spec")
            }
        }
    }

    @Test func theLineDiffShowsWhatChanged() {
        let diff = Corpus.lineDiff(expected: "a\nb\nc\n", actual: "a\nB\nc\nd\n")
        #expect(diff == "--- expected\n+++ actual\n  a\n- b\n+ B\n  c\n+ d\n")
        #expect(Corpus.lineDiff(expected: "a\n", actual: "a").hasSuffix("(the texts differ only in line breaks)\n"))
    }
}

/// The spec corpus in `Corpus/`: broken specs, one concern each, next to the exact
/// diagnostics they give (`NN-name.fsm` and `NN-name.expected`), and valid specs in
/// `Corpus/valid/` that use every construct of the language and check without a single
/// diagnostic. A spec that invokes child machines has the other specs of its target in a
/// folder beside it, `NN-name.siblings/`.
///
/// To re-record the `.expected` files after a deliberate change to a message, run
/// `FSMC_RECORD_CORPUS=1 swift test --filter CorpusTests` and review the diff.
enum Corpus {
    /// `Tests/FSMCompilerTests/Corpus/`.
    static let folder = FixtureFolders.corpus
    /// `Corpus/valid/`.
    static let validFolder = folder.appendingPathComponent("valid")

    /// The broken specs' file names, sorted.
    static let brokenSpecs = specs(in: folder)
    /// The valid specs' file names, sorted.
    static let validSpecs = specs(in: validFolder)

    /// Whether to rewrite the `.expected` files instead of comparing with them.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["FSMC_RECORD_CORPUS"] == "1"
    }

    /// The `.fsm` file names directly in a folder, sorted by their leading number (`99-…`
    /// before `100-…`), then by name; none when the folder cannot be read.
    static func specs(in folder: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        func number(_ name: String) -> Int { Int(name.prefix { $0.isNumber }) ?? 0 }
        return files.filter { $0.hasSuffix(".fsm") }.sorted { (number($0), $0) < (number($1), $1) }
    }

    /// Compiles a spec in memory and renders its diagnostics as `fsmc check` prints them
    /// into a build log: `name.fsm:line:column: severity: message`, no source lines.
    ///
    /// A spec with a folder of its name ending in `.siblings` (`193-x.siblings/`) is checked
    /// with the specs of that folder as the other machines of its target.
    static func renderedDiagnostics(of spec: URL) throws -> String {
        let bytes = try Data(contentsOf: spec)
        let siblingsFolder = spec.deletingPathExtension().appendingPathExtension("siblings")
        let siblings = specs(in: siblingsFolder)
        let compilation = if siblings.isEmpty {
            Compiler.compile(SourceText(bytes: Array(bytes)))
        } else {
            Compiler.compile(
                SourceText(bytes: Array(bytes)),
                machines: MachineCatalog(specs: try siblings.map { name in
                    SourceText(bytes: Array(try Data(contentsOf: siblingsFolder.appendingPathComponent(name))))
                }))
        }
        return DiagnosticRenderer(path: spec.lastPathComponent).render(compilation.diagnostics)
    }

    /// A line diff from `expected` to `actual`: unchanged lines start with two spaces,
    /// removed ones with `- `, added ones with `+ `.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = lines(of: expected)
        let new = lines(of: actual)
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var diff = "--- expected\n+++ actual\n"
        var changed = false
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                diff += "  \(old[i])\n"
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                diff += "- \(old[i])\n"
                changed = true
                i += 1
            } else {
                diff += "+ \(new[j])\n"
                changed = true
                j += 1
            }
        }
        if !changed, expected != actual {
            diff += "(the texts differ only in line breaks)\n"
        }
        return diff
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
