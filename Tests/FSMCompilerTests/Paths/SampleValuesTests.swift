@testable import FSMCompiler
import Testing

/// Sample values of payload types for the generated path tests. That each sample compiles
/// as a value of its type is checked by `Tests/MachinesTests/Paths/UploaderPaths.swift`,
/// which sends them to a generated machine.
@Suite("Sample values of payload types", .offThePool)
struct SampleValuesTests {
    let samples = SampleValues()

    @Test(arguments: [
        ("String", "\"\""), ("Substring", "\"\""), ("StaticString", "\"\""), ("Character", "\"a\""), ("Unicode.Scalar", "\"a\""),
        ("Int", "0"), ("Int8", "0"), ("Int16", "0"), ("Int32", "0"), ("Int64", "0"), ("Int128", "0"),
        ("UInt", "0"), ("UInt8", "0"), ("UInt16", "0"), ("UInt32", "0"), ("UInt64", "0"), ("UInt128", "0"),
        ("Double", "0.0"), ("Float", "0.0"), ("Float16", "0.0"), ("Float32", "0.0"), ("Float64", "0.0"), ("Float80", "0.0"),
        ("Bool", "false"), ("Duration", ".seconds(1)"), ("Void", "()"), ("()", "()"),
        ("ContinuousClock.Instant", ".now"), ("SuspendingClock.Instant", ".now"),
        ("any Error", "CancellationError()"), ("Error", "CancellationError()"), ("CancellationError", "CancellationError()"),
        ("Swift.Int", "0"), ("Swift.Duration", ".seconds(1)"),
    ])
    func standardLibraryTypes(_ type: String, _ expected: String) {
        #expect(samples.sample(for: type) == .value(expected, needsFoundation: false))
    }

    @Test(arguments: [
        ("URL", "URL(string: \"https://example.com\")!"),
        ("Date", "Date(timeIntervalSince1970: 0)"),
        ("UUID", "UUID(uuidString: \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")!"),
        ("Data", "Data([1, 2, 3])"),
        ("Decimal", "Decimal(string: \"9.99\")!"),
        ("CGFloat", "0.0"), ("TimeInterval", "0.0"),
        ("Locale", "Locale(identifier: \"en_US_POSIX\")"), ("TimeZone", "TimeZone(identifier: \"UTC\")!"),
        ("Calendar", "Calendar(identifier: .gregorian)"), ("DateComponents", "DateComponents()"), ("IndexPath", "[0, 0]"),
        ("Foundation.URL", "URL(string: \"https://example.com\")!"),
    ])
    func foundationTypesNeedFoundation(_ type: String, _ expected: String) {
        #expect(samples.sample(for: type) == .value(expected, needsFoundation: true))
        #expect(SampleValues.needsFoundation(type))
    }

    @Test(arguments: [
        // Optionals get the wrapped sample, nil without one.
        ("Int?", "0"), ("Optional<String>", "\"\""), ("Money?", "nil"), ("[Money]?", "[]"), ("Int??", "0"),
        // Collections get one element, none without a sample of it.
        ("[Int]", "[0]"), ("Array<Bool>", "[false]"), ("ContiguousArray<Int>", "[0]"), ("Set<String>", "[\"\"]"),
        ("[Money]", "[]"), ("Set<Money>", "[]"), ("[[Int]]", "[[0]]"),
        ("[String: Int]", "[\"\": 0]"), ("Dictionary<Int, [Bool]>", "[0: [false]]"), ("[String: Money]", "[:]"), ("[Money: Int]", "[:]"),
        // Tuples, labeled or not, and a type in parentheses.
        ("(Int, String)", "(0, \"\")"), ("(x: Int, y: Int)", "(x: 0, y: 0)"), ("(Int)", "0"), ("(Int, (Bool, [Int]))", "(0, (false, [0]))"),
        // Generics of the standard library.
        ("Result<[Int], any Error>", ".success([0])"), ("Result<Money, any Error>", ".failure(CancellationError())"),
        ("Range<Int>", "0..<0"), ("ClosedRange<Double>", "0.0...0.0"),
        // Closures ignore their arguments and return the result's sample.
        ("() -> Void", "{}"), ("@Sendable (Int) -> Void", "{ _ in }"), ("(Int, String) -> ()", "{ _, _ in }"),
        ("@Sendable () async throws -> Int", "{ 0 }"), ("(Money) -> [Int]", "{ _ in [0] }"), ("((Int) -> Void)?", "{ _ in }"),
        // Nested combinations, written with any white space.
        ("[ String :[ ( Int ,Bool? ) ] ]", "[\"\": [(0, false)]]"), ("Dictionary<String,Array<Optional<Int>>>", "[\"\": [0]]"),
        ("[Int: (a: [String], b: Set<Int>?)]", "[0: (a: [\"\"], b: [0])]"),
    ])
    func collectionsOptionalsTuplesAndGenerics(_ type: String, _ expected: String) {
        #expect(samples.expression(for: type) == expected)
    }

    @Test func foundationInsideACollectionNeedsFoundation() {
        #expect(samples.sample(for: "[String: [URL]]") == .value("[\"\": [URL(string: \"https://example.com\")!]]", needsFoundation: true))
        #expect(samples.sample(for: "(Int, Date?)") == .value("(0, Date(timeIntervalSince1970: 0))", needsFoundation: true))
        #expect(samples.sample(for: "[Int]") == .value("[0]", needsFoundation: false))
        #expect(SampleValues.needsFoundation("Result<Data, any Error>"))
        #expect(!SampleValues.needsFoundation("[String: Int]"))
    }

    @Test(arguments: [
        ("Money", ["Money"]), ("(Money, Int)", ["Money"]), ("(Money, Card, Money)", ["Money", "Card"]),
        ("Result<Money, Failure>", ["Money"]), ("Box<Int>", ["Box<Int>"]), ("some Collection", ["some Collection"]),
        ("any Sendable", ["any Sendable"]), ("Int!", ["Int!"]), ("inout Int", ["inout Int"]), ("Int...", ["Int..."]),
        ("A & B", ["A & B"]), ("Int.Type", ["Int.Type"]), ("(Int) -> Money", ["Money"]), ("Never", ["Never"]),
        ("Measurement<UnitLength>", ["Measurement<UnitLength>"]),
    ])
    func typesWithoutASampleNameWhatIsMissing(_ type: String, _ missing: [String]) {
        #expect(samples.sample(for: type) == .missing(missing))
        #expect(samples.missingTypes(in: type) == missing)
    }

    @Test func userSamplesMatchAtAnyDepthWhateverTheWhiteSpace() {
        let samples = SampleValues([
            .init(type: "Money", expression: "Money(cents: 100)"),
            .init(type: "[String:Int]", expression: "[\"a\": 1]"),
            .init(type: "Int", expression: "42"),
        ])
        #expect(samples.sample(for: "Money") == .value("Money(cents: 100)", needsFoundation: false))
        #expect(samples.expression(for: "[Money]") == "[Money(cents: 100)]")
        #expect(samples.expression(for: "Money?") == "Money(cents: 100)")
        #expect(samples.expression(for: "(Money, label: [Money: Money])") == "(Money(cents: 100), label: [Money(cents: 100): Money(cents: 100)])")
        #expect(samples.expression(for: "Result<Money, any Error>") == ".success(Money(cents: 100))")
        #expect(samples.expression(for: "[String: Int]") == "[\"a\": 1]")
        #expect(samples.expression(for: "[ String : Int ]?") == "[\"a\": 1]")
        // A user sample overrides the built-in one.
        #expect(samples.expression(for: "[Int]") == "[42]")
        // The first of two samples of one type wins.
        let twice = SampleValues([.init(type: "Money", expression: "first"), .init(type: " Money ", expression: "second")])
        #expect(twice.expression(for: "Money") == "first")
        #expect(twice.userSamples.count == 2)
    }

    @Test func userSamplesOfTypesFsmcCannotRead() {
        let samples = SampleValues([.init(type: "some  Shape", expression: "Circle()"), .init(type: "Weird#Type", expression: "w")])
        #expect(samples.expression(for: "some Shape") == "Circle()")
        #expect(samples.expression(for: "[some Shape]") == "[Circle()]")
        #expect(samples.expression(for: "Weird#Type") == "w")
        #expect(samples.expression(for: "Weird #Type") == nil)
    }

    @Test func definitionsAreReadAsTypeEqualsExpression() throws {
        #expect(try SampleValues.UserSample.parse("Money=Money(cents: 100)").get() == .init(type: "Money", expression: "Money(cents: 100)"))
        #expect(try SampleValues.UserSample.parse(" [String:  Int] = [\"a\": 1 == 1 ? 1 : 0] ").get()
            == .init(type: "[String: Int]", expression: "[\"a\": 1 == 1 ? 1 : 0]"))
        let failures: [(String, String)] = [
            ("Money", "expected Type=expression in 'Money'"),
            ("=Money()", "no type before '=' in '=Money()'"),
            ("Money= ", "no expression after '=' in 'Money= '"),
            ("Money=Money(\n)", "the sample of 'Money' must be one line without control characters"),
        ]
        for (definition, message) in failures {
            #expect(throws: SampleValues.DefinitionError(message: message)) { try SampleValues.UserSample.parse(definition).get() }
        }
        #expect(SampleValues.canonicalType("Dictionary< String,[ Int ]>") == "Dictionary<String, [Int]>")
        #expect(SampleValues.canonicalType("( x :Int,Bool)?") == "(x: Int, Bool)?")
        #expect(SampleValues.canonicalType("@Sendable (Int)async throws->Void") == "@Sendable (Int) async throws -> Void")
        #expect(SampleValues.canonicalType("((Int) -> Void)?") == "((Int) -> Void)?")
        #expect(SampleValues.canonicalType("(any Error)?") == "(any Error)?")
    }

    @Test(arguments: [
        "", " ", "[", "]", "[Int", "Int]", "[Int: ]", "[: Int]", "(Int", "Int)", "(,)", "<Int>", "Array<", "Array<Int", "Array<>",
        "Int -> Void", "(Int) ->", "(Int) throws(", "any", "@", "@Sendable", "Int?!?", "Int...?", "a.b.c.Type.Type", "`Int`",
        "``", "`", "Int; Int", "{ Int }", "\"String\"", "Int = 1", "[Int: String: Bool]", "(x: )", "(: Int)", "Int<Int><Int>",
        "..", "...", "->", "&", "Int &", "& Int", "Int..<Int", "💥", "Dictionary<String, Int, Bool>", "Result<Int>",
    ])
    func oddTextNeverTraps(_ text: String) {
        // Whatever the text, there is an answer, and the canonical text reads the same again.
        let sample = samples.sample(for: text)
        let canonical = SampleValues.canonicalType(text)
        #expect(SampleValues.canonicalType(canonical) == canonical)
        if case .missing(let types) = sample { #expect(!types.isEmpty || text.isEmpty) }
    }

    @Test func deepNestingIsNotRead() {
        let deep = String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000)
        #expect(samples.expression(for: deep) == nil)
        let fine = String(repeating: "[", count: 20) + "Int" + String(repeating: "]", count: 20)
        #expect(samples.expression(for: fine) == String(repeating: "[", count: 20) + "0" + String(repeating: "]", count: 20))
        let parentheses = String(repeating: "(", count: 50_000) + "Int"
        #expect(samples.expression(for: parentheses) == nil)
        let generics = String(repeating: "Array<", count: 50_000) + "Int" + String(repeating: ">", count: 50_000)
        #expect(samples.expression(for: generics) == nil)
    }
}
