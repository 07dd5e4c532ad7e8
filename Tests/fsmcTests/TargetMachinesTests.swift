import FSMCommands
import FSMCompiler
import Foundation
import Testing

/// The machines a command line gives each spec: the other specs named, and `--sibling` ones.
@Suite struct TargetMachinesTests {
    /// A fresh temporary directory with spec files (name → machine name), removed afterwards.
    func withSpecs(_ machines: [String: String], _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-target-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, machine) in machines {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("machine \(machine) {\n    initial state a\n}\n".utf8).write(to: url)
        }
        try body(root)
    }

    @Test func eachSpecSeesTheOthersAndTheSiblingsButNotItself() throws {
        try withSpecs(["App.fsm": "App", "SignIn.fsm": "SignIn", "more/Pay.fsm": "Pay", "more/Ship.fsm": "Ship"]) { root in
            let app = root.appendingPathComponent("App.fsm").path
            let signIn = root.appendingPathComponent("SignIn.fsm").path
            let machines = try TargetMachines(specs: [app, signIn], siblings: [root.appendingPathComponent("more").path])
            #expect(machines.siblings(of: app).names == ["Pay", "Ship", "SignIn"])
            #expect(machines.siblings(of: signIn).names == ["App", "Pay", "Ship"])
        }
    }

    /// A spec named both ways is one spec, not two machines of one name.
    @Test func aSpecNamedTwiceCountsOnce() throws {
        try withSpecs(["App.fsm": "App", "SignIn.fsm": "SignIn"]) { root in
            let app = root.appendingPathComponent("App.fsm").path
            let signIn = root.appendingPathComponent("SignIn.fsm").path
            let machines = try TargetMachines(specs: [app, signIn], siblings: [root.appendingPathComponent("./SignIn.fsm").path])
            #expect(machines.siblings(of: app).lookUp("SignIn") != .ambiguous(2))
            #expect(machines.siblings(of: app).names == ["SignIn"])
        }
    }
}
