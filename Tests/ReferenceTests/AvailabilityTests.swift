import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Generated code runs wherever FSMRuntime does (the package's `platforms`), and marks with
/// `@available` whatever uses more (Observation first): every spec of `machines/` and
/// `Tests/*/Specs`, as its target generates it, and every reference file, read by ``AvailabilityChecker`` against the
/// table of platform APIs next to the generators (`PlatformAvailability`). Linux does not
/// enforce availability, so the text is what is checked; ``aDoctoredCopyIsCaught()`` shows
/// that the check fails when an attribute goes missing.
@Suite("Generated Swift marks what it uses above FSMRuntime's minimum")
struct AvailabilityTests {
    /// The attribute of every machine that needs Observation.
    static let observationAttribute = "@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)"

    /// A target's specs, each generated with the others as its siblings, as the build plugin
    /// generates them.
    struct Target: CustomTestStringConvertible, Sendable {
        var path: String
        /// Whether the specs of its subfolders belong to it too (`machines/Flows/`).
        var includesSubfolders = true

        var testDescription: String { path }

        var specs: [URL] {
            let root = ReferenceSpecs.packageDirectory.appendingPathComponent(path)
            let names: [String]
            if includesSubfolders {
                let enumerator = FileManager.default.enumerator(atPath: root.path)
                names = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".fsm") }
            } else {
                names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix(".fsm") }
            }
            return names.sorted().map { root.appendingPathComponent($0) }
        }
    }

    static let targets = [
        Target(path: "machines"),
        Target(path: "Tests/MachinesTests/Specs"),
        Target(path: "Tests/InvocationMachinesTests/Specs"),
        Target(path: "Tests/ReferenceTests/Specs", includesSubfolders: false),
        Target(path: "Tests/ReferenceTests/Specs/ControlLanguage"),
        Target(path: "Tests/ReferenceTests/Specs/Observation"),
    ]

    @Test(arguments: targets)
    func everyTargetsSwiftMarksWhatItUses(_ target: Target) throws {
        let specs = target.specs
        #expect(!specs.isEmpty)
        let sources = try specs.map { SourceText(bytes: Array(try Data(contentsOf: $0))) }
        var files: [(name: String, text: String)] = []
        var observable: Set<String> = []
        for (index, (url, source)) in zip(specs, sources).enumerated() {
            let siblings = sources.enumerated().filter { $0.offset != index }.map(\.element)
            let compilation = Compiler.compile(source, machines: MachineCatalog(specs: siblings))
            let machine = try #require(compilation.executable, "\(url.lastPathComponent): \(compilation.diagnostics.map(\.message))")
            if machine.model.isObservable || !machine.model.observableChildMachines.isEmpty { observable.insert(machine.model.name) }
            files.append((url.lastPathComponent, SwiftEmitter.emit(machine, sourceFileName: url.lastPathComponent)))
        }
        let result = AvailabilityChecker.check(files)
        #expect(result.findings.isEmpty, "\(Self.report(result.findings))")
        // Not vacuous: the machines that need Observation are the types the checker found above
        // the minimum on its own, and it saw their uses covered.
        #expect(Set(result.typesAboveMinimum.keys) == observable)
        #expect((result.coveredUses > 0) == !observable.isEmpty)
    }

    /// The reviewed reference files, in the two modules `referenceFilesCompileWithoutWarnings`
    /// compiles them in.
    static func referenceModules() throws -> [(name: String, files: [(name: String, text: String)])] {
        func read(_ specs: [ReferenceSpec]) throws -> [(name: String, text: String)] {
            try specs.map { spec in
                let url = ReferenceSpecs.expectedDirectory.appendingPathComponent(spec.outputName)
                return (spec.outputName, try String(contentsOf: url, encoding: .utf8))
            }
        }
        return [
            ("Machines", try read(ReferenceSpecs.all.filter(\.isExampleMachine))),
            ("ReferenceTests", try read(ReferenceSpecs.all.filter { !$0.isExampleMachine })),
        ]
    }

    @Test func theReferenceFilesMarkWhatTheyUse() throws {
        let modules = try Self.referenceModules()
        let examples = AvailabilityChecker.check(modules[0].files)
        #expect(examples.findings.isEmpty, "\(Self.report(examples.findings))")
        #expect(examples.typesAboveMinimum.isEmpty, "no example machine is @Observable")
        let others = AvailabilityChecker.check(modules[1].files)
        #expect(others.findings.isEmpty, "\(Self.report(others.findings))")
        // The observable construct spec, the observable child, its parent and the parent's parent.
        #expect(others.typesAboveMinimum == ["Scrubber": .observation, "Upload": .observation, "Outbox": .observation, "Desk": .observation])
        for name in ["Observable.swift", "Upload.swift", "Outbox.swift", "Desk.swift"] {
            let text = try #require(modules[1].files.first { $0.name == name }?.text)
            // The class, the `Observer` defaults and the recording extension.
            #expect(text.components(separatedBy: "\n" + Self.observationAttribute + "\n").count - 1 == 3, "\(name)")
        }
    }

    /// The Swift Testing files `fsmc paths`, `verify` and `replay` write are marked as the
    /// machine they test: the golden test paths, read with the machines of the reference files.
    @Test func theGoldenTestPathsMarkWhatTheyUse() throws {
        let types = AvailabilityChecker.check(try Self.referenceModules()[1].files).typesAboveMinimum
        let folder = ReferenceSpecs.packageDirectory.appendingPathComponent("Tests/FSMCompilerTests/PathGoldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".paths.swift") }.sorted()
        #expect(names.contains("Observable.paths.swift"))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let result = AvailabilityChecker.check([(name, text)], types: types)
            #expect(result.findings.isEmpty, "\(Self.report(result.findings))")
            #expect((result.coveredUses > 0) == (name == "Observable.paths.swift"), "\(name)")
        }
    }

    /// Each `@available` of the reference files deleted in turn: the checker finds the uses it
    /// covered, in that file. Without this, a checker that found nothing would pass.
    @Test func aDoctoredCopyIsCaught() throws {
        let files = try Self.referenceModules()[1].files
        var doctored = 0
        for (index, file) in files.enumerated() {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces) == Self.observationAttribute {
                var copy = files
                copy[index].text = lines.enumerated().filter { $0.offset != number }.map(\.element).joined(separator: "\n")
                let findings = AvailabilityChecker.check(copy).findings
                #expect(!findings.isEmpty, "\(file.name) without the attribute of line \(number + 1)")
                #expect(findings.allSatisfy { $0.file == file.name }, "\(Self.report(findings))")
                // The first finding is the first use the deleted line covered.
                #expect(findings.first.map { $0.line > number } == true, "\(Self.report(findings))")
                doctored += 1
            }
        }
        #expect(doctored == 12)
    }

    /// The checker reads declarations as Swift does: an attribute on its own line or before the
    /// declaration covers its header and body, several lines long; one that leaves a platform
    /// out, or that a nested declaration does not extend, does not; `unavailable` covers
    /// everything; comments and strings are no uses, interpolations are.
    @Test func theCheckerReadsDeclarationsAsSwiftDoes() {
        func findings(_ text: String) -> [Int] {
            AvailabilityChecker.check([("File.swift", text)]).findings.map(\.line)
        }
        #expect(findings("""
            @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
            @MainActor final class A: Observable {
                init(
                    registrar: ObservationRegistrar
                ) {
                    _ = registrar
                }
            }
            """) == [])
        #expect(findings("""
            final class A {
                @available(macOS 14, *)
                func track() { withObservationTracking {} onChange: {} }
                func untracked() { withObservationTracking {} onChange: {} }
            }
            """) == [3, 4])
        #expect(findings("""
            @available(macOS, introduced: 14)
            @available(iOS, introduced: 17)
            @available(tvOS, introduced: 17)
            @available(watchOS, introduced: 10)
            struct B { let registrar = ObservationRegistrar() }
            @available(*, unavailable)
            extension B: Observable {}
            """) == [])
        #expect(findings("""
            // Observable, in a comment
            let text = "ObservationRegistrar \\(Mutex.self) \\"Observable\\""
            let raw = #"Observable"#
            let lines = \"""
                Observable
                \""" + "\\(Observations.self)"
            """) == [2, 6])
        // A type whose members are marked is not itself above the minimum.
        let suite = AvailabilityChecker.check([("Suite.swift", """
            struct Suite {
                \(Self.observationAttribute)
                @Test func track() { _ = ObservationRegistrar() }
            }
            let suite = Suite()
            """)])
        #expect(suite.findings.isEmpty && suite.typesAboveMinimum.isEmpty && suite.coveredUses == 1)
        // A class that uses Observation is above the minimum where it is named, to a fixed point.
        let chain = AvailabilityChecker.check([
            ("C.swift", "\(Self.observationAttribute)\nfinal class C: Observable {}\n"),
            ("D.swift", "final class D {\n    let c: C\n}\n"),
            ("E.swift", "final class E { let d: D }\nextension D { var e: E? { nil } }\n"),
        ])
        #expect(chain.typesAboveMinimum.keys.sorted() == ["C", "D", "E"])
        #expect(chain.findings.map { "\($0.file):\($0.line) \($0.use)" } == ["D.swift:2 C", "E.swift:1 D", "E.swift:2 D", "E.swift:2 E"])
        // Inside a type and its extensions, a nested type of the name is meant, as in
        // `Sync.State.Upload` beside the machine `Upload`.
        let shadowed = AvailabilityChecker.check([
            ("C.swift", "\(Self.observationAttribute)\nfinal class C: Observable {}\n"),
            ("F.swift", "final class F {\n    var c: C?\n    enum C { case a }\n}\nextension F { func f(_ c: C) {} }\n"),
        ])
        #expect(shadowed.findings.isEmpty && shadowed.typesAboveMinimum.keys.sorted() == ["C"])
    }

    /// The table's minimum is the package's `platforms`, and the attribute it makes is the one
    /// Swift's `@available` reads.
    @Test func theTableKeepsToThePackagesPlatforms() throws {
        let manifest = try String(contentsOf: ReferenceSpecs.packageDirectory.appendingPathComponent("Package.swift"), encoding: .utf8)
        let platforms = try #require(manifest.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("platforms:") })
        let minimum = PlatformAvailability.runtimeMinimum
        let expected = minimum.platforms.map { ".\($0.name)(.v\($0.version.description.replacingOccurrences(of: ".", with: "_")))" }
        #expect(platforms.trimmingCharacters(in: .whitespaces) == "platforms: [" + expected.joined(separator: ", ") + "],")
        #expect(PlatformAvailability.attribute(for: minimum) == nil)
        #expect(PlatformAvailability.attribute(for: .observation) == Self.observationAttribute)
        #expect(PlatformAvailability.attribute(for: PlatformAvailability.swift6_0) == "@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)")
    }

    /// The table says where generated code uses each API: one it says is generated appears in a
    /// reference file, and one above the minimum it says no generator writes appears in none.
    @Test func theTableSaysWhatTheGeneratorsWrite() throws {
        let tokens = try Self.referenceModules().flatMap(\.files).map { SwiftTokens.tokens(of: $0.text).map(\.text) }
        func appears(_ api: PlatformAPI) -> Bool {
            let spelling = SwiftTokens.texts(of: api.spelling)
            return tokens.contains { file in
                file.indices.contains { file[$0...].starts(with: spelling) }
            }
        }
        for api in PlatformAvailability.apis {
            if api.generated != nil {
                #expect(appears(api), "\(api.spelling): the table says generated code uses it")
            } else if api.isAboveMinimum {
                #expect(!appears(api), "\(api.spelling): the table says no generator writes it")
            }
        }
    }

    static func report(_ findings: [AvailabilityChecker.Finding]) -> String {
        findings.prefix(20).map(\.description).joined(separator: "\n") + (findings.count > 20 ? "\n… \(findings.count - 20) more" : "")
    }
}

extension PlatformVersions {
    static let observation = PlatformAvailability.observation
}
