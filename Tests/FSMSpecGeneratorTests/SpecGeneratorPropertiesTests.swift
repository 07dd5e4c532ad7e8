import FSMCompiler
import FSMSpecGenerator
import Testing

/// `assert` lines of the spec generator (``SpecProfile/properties``): the compiler reads them
/// as written, one of each form in turn, and they leave the chart and every other spec of
/// the sequence as they were made without them.
@Suite("The spec generator writes properties")
struct SpecGeneratorPropertiesTests {
    static let profiles: [SpecProfile] = [.soundness, .differential]

    @Test(arguments: 0..<profiles.count)
    func theCompilerReadsEveryPropertyOfEachFormInTurn(_ profileIndex: Int) throws {
        var profile = Self.profiles[profileIndex]
        profile.properties = 6
        var generator = SpecGenerator(seed: 0x5EC_24, profile: profile, size: .medium)
        for index in 0..<40 {
            let spec = generator.makeSpec(machineName: "M\(index)")
            #expect(spec.document.properties.count == 6)
            // Its properties may fail: read, not checked.
            let compilation = Compiler.compile(SourceText(spec.text), propertyBounds: nil)
            let errors = compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(errors.isEmpty, "spec \(index): \(errors)\n\(spec.text)")
            let forms = try #require(compilation.executable).model.properties.map { property in
                switch property.claim {
                case .never: "never"
                case .reachable: "reachable"
                case .alwaysReachable: "always reachable"
                case .onlyAfter: "only after"
                }
            }
            #expect(forms == ["never", "reachable", "always reachable", "only after", "never", "reachable"], "spec \(index)")
        }
    }

    @Test(arguments: 0..<profiles.count)
    func propertiesLeaveTheChartsAsTheyWere(_ profileIndex: Int) {
        var withProperties = Self.profiles[profileIndex]
        withProperties.properties = 4
        var plain = SpecGenerator(seed: 0x5EC_25, profile: Self.profiles[profileIndex], size: .medium)
        var asserted = SpecGenerator(seed: 0x5EC_25, profile: withProperties, size: .medium)
        for index in 0..<30 {
            var spec = asserted.makeSpec(machineName: "M\(index)").document
            #expect(spec.properties.count == 4)
            spec.properties = []
            #expect(spec == plain.makeSpec(machineName: "M\(index)").document, "spec \(index)")
        }
    }
}
