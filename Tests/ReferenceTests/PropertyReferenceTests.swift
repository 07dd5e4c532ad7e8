import FSMCompiler
import Foundation
import Testing

/// Properties are never generated: a spec's Swift is the same, byte for byte, with and
/// without its `assert` lines.
@Suite struct PropertyReferenceTests {
    @Test func propertiesChangeNoByteOfTheGeneratedSwift() throws {
        let url = ReferenceSpecs.testsDirectory.appendingPathComponent("Specs/Properties.fsm")
        let text = try String(contentsOf: url, encoding: .utf8)
        let withoutProperties = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("assert ") }
            .joined(separator: "\n")
        #expect(withoutProperties != text)
        func generate(_ spec: String) throws -> (swift: String, properties: Int) {
            let compilation = Compiler.compile(SourceText(spec))
            #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
            let machine = try #require(compilation.executable)
            let swift = SwiftEmitter.emit(machine, sourceFileName: "Properties.fsm", specPath: "Tests/ReferenceTests/Specs/Properties.fsm")
            return (swift, machine.model.properties.count)
        }
        let asserted = try generate(text)
        let plain = try generate(withoutProperties)
        #expect(asserted.properties == 4)
        #expect(plain.properties == 0)
        #expect(asserted.swift == plain.swift)
    }
}
