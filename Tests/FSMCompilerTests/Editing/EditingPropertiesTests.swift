import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The editing features on every spec of the repository, valid or broken, at every name and
/// every token boundary: nothing traps, and what they return is consistent.
@Suite(.offThePool) struct EditingPropertiesTests {
    @Test(arguments: RepositorySpecs.relativePaths)
    func everyFeatureHoldsAtEveryPlace(_ path: String) throws {
        let source = SourceText(bytes: try RepositorySpecs.bytes(of: path))
        let index = SymbolIndex(Parser.parse(source).syntax)
        _ = OutlineItem.outline(of: index.syntax)
        // Problems are collected and expected empty once: an expectation per place would cost
        // more than the features themselves.
        var problems: [String] = []
        for occurrence in index.occurrences {
            let references = index.references(to: occurrence)
            let definition = index.definition(of: occurrence)
            if source.text(occurrence.range) != occurrence.name {
                problems.append("the text at \(occurrence.range) is not '\(occurrence.name)'")
            }
            if index.occurrence(at: occurrence.range.start.offset)?.isSameSymbol(as: occurrence) != true {
                problems.append("'\(occurrence.name)' is not found at \(occurrence.range.start)")
            }
            if definition.map({ !$0.isSameSymbol(as: occurrence) || !references.contains($0) }) ?? true {
                problems.append("the definition of '\(occurrence.name)' at \(occurrence.range.start) is \(String(describing: definition))")
            }
            _ = SymbolHover.markdown(for: occurrence, in: index, source: source)
            // Renaming to itself touches every reference (unless the name is one fsmc rejects).
            let renamed = try? SymbolRename.ranges(renaming: occurrence, to: occurrence.name, in: index).get()
            if SymbolRename.problem(with: occurrence.name) == nil, renamed?.count != references.count {
                problems.append("renaming '\(occurrence.name)' at \(occurrence.range.start) touches \(renamed?.count ?? 0) of \(references.count) places")
            }
        }
        let tokens = Lexer.tokenize(source).tokens
        let isUTF8 = source.firstInvalidUTF8Offset == nil
        // Completion lexes the spec up to the cursor: at most about 50 places of a large one.
        let completionStride = max(1, tokens.count / 50)
        for (number, token) in tokens.enumerated() {
            for offset in [token.range.start.offset, token.range.end.offset] {
                if number.isMultiple(of: completionStride) {
                    _ = CompletionCandidates.candidates(at: offset, source: source, index: index)
                }
                // Positions round-trip in text an editor can hold (a protocol message is UTF-8),
                // except between the CR and LF of a line break, where no position is.
                guard isUTF8, offset == 0 || source.bytes[offset - 1] != UInt8(ascii: "\r") else { continue }
                let position = source.editorPosition(of: source.location(at: offset))
                if source.offset(of: position) != offset {
                    problems.append("offset \(offset) → \(position) → \(source.offset(of: position))")
                }
            }
        }
        #expect(problems == [], "\(path)")
    }
}
