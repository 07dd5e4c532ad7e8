import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Seeded mutations of every SCXML document in the repository (the export's golden files and
/// the hand-written charts) through `fsmc import`: no crash, every diagnostic inside the chart,
/// no spec without a reason, and every spec the import writes is in `fsmc format`'s layout,
/// compiles, and is a fixed point of export and import (its export, imported and exported
/// again, is the same document).
@Suite(.offThePool) struct SCXMLImportMutationTests {
    static let seed: UInt64 = 0x5C41_F00D
    static let mutantCount = 1500

    static var charts: [(name: String, bytes: [UInt8])] {
        let root = ExampleMachines.packageRoot
        let folders = ["Tests/FSMCompilerTests/SCXML", "Tests/MachinesTests/Charts"]
        return folders.flatMap { folder in
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.filter { $0.hasSuffix(".scxml") }.sorted() ?? []
            return names.compactMap { name in
                (try? Data(contentsOf: url.appendingPathComponent(name))).map { ("\(folder)/\(name)", Array($0)) }
            }
        }
    }

    /// Markup and text an SCXML chart holds, valid and not, to insert.
    static let vocabulary = [
        "<", ">", "&", "\"", "'", "/>", "</state>", "<state id=\"x\"/>", "<state id=\"x\">", "<final id=\"f\"/>",
        "<parallel id=\"p\">", "</parallel>", "<history id=\"h\" type=\"deep\"/>", "<initial><transition target=\"x\"/></initial>",
        "<transition event=\"e\" target=\"x\"/>", "<transition target=\"x\"/>", " cond=\"In('x') &amp;&amp; !g\"", " type=\"internal\"",
        "<onentry><send event=\"t\" delay=\"1s\" id=\"t\"/></onentry>", "<onexit><cancel sendid=\"t\"/></onexit>",
        "<raise event=\"e\"/>", "<log label=\"action\" expr=\"'x'\"/>", "<log label=\"emit\" expr=\"'o'\"/>", "done.state.",
        "fsmc.machine", "fsmc.after.", ".*", "*", "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#0;", "&#x41;", "é", "\u{0}",
        "<datamodel><data id=\"g\" expr=\"false\"/></datamodel>", "<script/>", "<assign location=\"x\" expr=\"1\"/>",
        " xmlns:q=\"urn:q\"", "<q:x/>", " initial=\"x\"", " id=\"state\"", "-", ".",
    ]

    @Test func mutantsOfEveryChartImportOrFailWithLocatedErrors() async throws {
        // Seconds of work: on a thread of its own, so the tests that need a thread of the
        // cooperative pool (real timers) do not wait for it.
        try await onOwnThread { try Self.runMutants() }
    }

    static func runMutants() throws {
        let charts = Self.charts
        #expect(charts.count > 20, "the repository's charts were not found")
        var generator = SeededGenerator(seed: Self.seed)
        var imported = 0
        for number in 0..<Self.mutantCount {
            let (path, original) = charts[number % charts.count]
            var bytes = original
            // Every other mutant is one mutation away from a valid chart, so that many import.
            let mutations = number.isMultiple(of: 2) ? 1 : Int.random(in: 1...3, using: &generator)
            for _ in 0..<mutations { mutate(&bytes, using: &generator) }
            let source = SourceText(bytes: bytes)
            let result = SCXMLImport.run(source, fallbackName: "Mutant", chartName: "mutant.scxml")
            let name = "mutant \(number) of \(path)"
            for diagnostic in result.chartDiagnostics {
                #expect(diagnostic.range.start.line >= 1 && diagnostic.range.end.offset <= bytes.count, "\(name): \(diagnostic)")
            }
            guard let text = result.text else {
                let all = result.chartDiagnostics + result.specDiagnostics
                #expect(all.contains { $0.severity == .error }, "\(name) gave no spec and no error")
                continue
            }
            imported += 1
            #expect(try formatSpec(text) == text, "\(name): the spec is not in fsmc format's canonical layout")
            let model = try #require(Compiler.compile(SourceText(text)).model, "\(name): the spec it wrote does not compile")
            let exported = SCXMLEmitter.emit(model)
            let again = try #require(SCXMLImport.run(SourceText(exported), fallbackName: "Mutant", chartName: "mutant.scxml").text, "\(name): its export does not import")
            let reexported = try #require(Compiler.compile(SourceText(again)).model.map(SCXMLEmitter.emit))
            #expect(reexported == exported, "\(name): export and import are not a fixed point")
        }
        // The mutants reach the mapping, not only the XML reader's errors.
        #expect(imported >= Self.mutantCount / 10, "only \(imported) of \(Self.mutantCount) mutants imported")
    }

    private static func mutate(_ bytes: inout [UInt8], using generator: inout SeededGenerator) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            let word = Self.vocabulary.randomElement(using: &generator)!
            bytes.insert(contentsOf: Array(word.utf8), at: Int.random(in: 0...bytes.count, using: &generator))
        case 1:
            guard !bytes.isEmpty else { return }
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...40, using: &generator)))
        case 2:
            guard let line = lines.randomElement(using: &generator) else { return }
            bytes.insert(contentsOf: Array(line) + [UInt8(ascii: "\n")], at: line.startIndex)
        case 3:
            // A whole line removed: an element or an attribute goes, the document stays well-formed more often.
            guard let line = lines.randomElement(using: &generator) else { return }
            bytes.removeSubrange(line.startIndex..<min(bytes.count, line.endIndex + 1))
        case 4:
            guard !bytes.isEmpty else { return }
            bytes[Int.random(in: bytes.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        default:
            bytes.removeSubrange(Int.random(in: 0...bytes.count, using: &generator)...)
        }
    }
}
