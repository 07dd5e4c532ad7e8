import FSMCompiler
import Foundation
import Testing

/// The interface text the build plugin keeps of each spec: it reads back as the interface it
/// was written from, the same interface always gives the same bytes, and a malformed text is
/// a located failure, never a crash.
@Suite(.offThePool) struct MachineInterfaceTextTests {
    static let flow = MachineInterface(
        name: "Flow",
        outputs: [
            .init(name: "done", parameters: [.init(label: "code", type: "Int"), .init(label: nil, type: "[String: (Int, Int)]")]),
            .init(name: "left", parameters: []),
            .init(name: "odd", parameters: [.init(label: "text", type: "Wrapper<\\n>\nLine")]),
        ],
        hasTopLevelFinalState: true, isMainActor: true, isObservable: true, invokedMachines: ["SignIn", "Other"], hasSyntaxErrors: true)

    @Test func anInterfaceReadsBackAsItWasWritten() throws {
        let text = MachineInterfaceText.text(of: Self.flow)
        #expect(try MachineInterfaceText.interface(from: text) == Self.flow)
        #expect(text == """
            // fsmc machine interface 2
            // machine Flow
            // main-actor
            // observable
            // finishes
            // output done
            // parameter code Int
            // parameter _ [String: (Int, Int)]
            // output left
            // output odd
            // parameter text Wrapper<\\\\n>\\nLine
            // invokes SignIn
            // invokes Other
            // syntax-errors

            """)
    }

    @Test func aSpecsInterfaceReadsBack() throws {
        let interface = try #require(MachineCatalog.interface(of: SourceText(ChildMachineSemanticsTests.signIn)))
        #expect(try MachineInterfaceText.interface(from: MachineInterfaceText.text(of: interface)) == interface)
        let bare = MachineInterface(name: "Bare", outputs: [], hasTopLevelFinalState: false, isMainActor: false)
        #expect(MachineInterfaceText.text(of: bare) == "// fsmc machine interface 2\n// machine Bare\n")
        #expect(try MachineInterfaceText.interface(from: MachineInterfaceText.text(of: bare)) == bare)
    }

    /// A spec that declares no machine still has an interface file (the build declared it), one
    /// that adds nothing to the catalog.
    @Test func noMachineIsTheHeaderAlone() throws {
        #expect(MachineInterfaceText.text(of: nil) == "// fsmc machine interface 2\n")
        #expect(try MachineInterfaceText.interface(from: "// fsmc machine interface 2\n") == nil)
    }

    /// A change to the body of a spec (a state, a transition, a comment) leaves its interface
    /// text as it was: the build then reruns no other spec's `generate`.
    @Test func aChangeToTheBodyLeavesTheTextAsItWas() throws {
        let before = MachineCatalog.interface(of: SourceText(ChildMachineSemanticsTests.signIn))
        let edited = ChildMachineSemanticsTests.signIn.replacingOccurrences(of: "machine SignIn {", with: """
            /// Edited.
            machine SignIn {
                state unused { on never -> unused }
                event never
            """)
        let after = MachineCatalog.interface(of: SourceText(edited))
        #expect(edited != ChildMachineSemanticsTests.signIn)
        #expect(MachineInterfaceText.text(of: before) == MachineInterfaceText.text(of: after))
    }

    @Test(arguments: [
        ("", 1, "not a machine interface: expected '// fsmc machine interface 2'"),
        ("fsmc machine interface 2\n", 1, "not a machine interface: expected '// fsmc machine interface 2'"),
        ("// fsmc machine interface 1\n// machine A\n", 1, "not a machine interface: expected '// fsmc machine interface 2'"),
        ("// fsmc machine interface 2\nmachine A\n", 2, "expected a line starting with '// '"),
        ("// fsmc machine interface 2\n// finishes\n", 2, "expected 'machine Name'"),
        ("// fsmc machine interface 2\n// machine\n", 2, "expected 'machine Name'"),
        ("// fsmc machine interface 2\n// machine A B\n", 2, "expected 'machine Name'"),
        ("// fsmc machine interface 2\n// machine A\n// parameter x Int\n", 3, "'parameter' before any 'output'"),
        ("// fsmc machine interface 2\n// machine A\n// output o\n// parameter x\n", 4, "expected 'parameter label Type' (label '_' for none)"),
        ("// fsmc machine interface 2\n// machine A\n// finishes now\n", 3, "unexpected line 'finishes now'"),
        ("// fsmc machine interface 2\n// machine A\n// \n// output o\n", 3, "unexpected line ''"),
        ("// fsmc machine interface 2\n// machine A\n// invokes\n", 3, "unexpected line 'invokes'"),
        ("// fsmc machine interface 2\n// machine A\n// observable yes\n", 3, "unexpected line 'observable yes'"),
    ])
    func aMalformedTextIsALocatedFailure(_ text: String, line: Int, message: String) {
        #expect(throws: MachineInterfaceText.Failure(line: line, message: message)) {
            try MachineInterfaceText.interface(from: text)
        }
    }

    /// Any text, read or refused, never traps (seeded: the failures reproduce).
    @Test func randomTextsNeverTrap() throws {
        var generator = SeededGenerator(seed: 0x1f5c)
        let pieces = [
            "// fsmc machine interface 2", "// machine A", "// output o", "// parameter _ Int", "// parameter x", "// finishes",
            "// main-actor", "// observable", "// invokes B", "\\", " ", "\n", "_", "", "//",
        ]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "\n")
            if let interface = try? MachineInterfaceText.interface(from: text) {
                #expect(try MachineInterfaceText.interface(from: MachineInterfaceText.text(of: interface)) == interface)
            }
        }
    }
}
