import FSMCompiler
import FSMSpecGenerator
import Testing

/// Test paths of random child machines: each seeded random spec is the child of a parent that
/// reacts to every output it declares (one reaction guarded) and to its completion; every path
/// the planner makes, stepping the child, replays in a fresh interpreter to what it claims.
@Suite struct ChildMachinePathReplayTests {
    /// A parent of `child`: a state that runs it and leaves on each of its outputs and its
    /// completion, and an event that goes back to start it again.
    static func parent(of child: MachineModel) -> String {
        let outputs = child.outputs.map(\.name)
        let finishes = child.topLevelStates.contains { child[$0].isFinal }
        var lines = [(child.isMainActor ? "@MainActor " : "") + "machine Parent {", "    event leave", "    initial state running {"]
        lines.append("        invoke \(child.name) as child")
        if let first = outputs.first { lines.append("        on child.\(first) [parentAccepts] -> accepted") }
        lines += outputs.map { "        on child.\($0) -> seen" }
        if finishes { lines.append("        done child -> finished") }
        lines += ["        on leave -> idle", "    }"]
        if !outputs.isEmpty { lines += ["    state accepted { on leave -> running }", "    state seen { on leave -> running }"] }
        if finishes { lines.append("    state finished { on leave -> running }") }
        lines += ["    state idle { on leave -> running }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyPathThroughARandomChildReplays() throws {
        var generator = SpecGenerator(seed: 0xC41D_5EED, profile: .soundness, size: .small)
        var childSteps = 0
        var reactions = 0
        for _ in 0..<16 {
            let spec = generator.makeSpec(machineName: "Child")
            let childCompilation = Compiler.compile(SourceText(spec.text))
            let child = try #require(childCompilation.executable, "seed \(spec.seed) #\(spec.index)")
            let parentText = Self.parent(of: child.model)
            let parentCompilation = Compiler.compile(
                SourceText(parentText), machines: MachineCatalog(specs: [SourceText(spec.text)]))
            #expect(!parentCompilation.hasErrors, "seed \(spec.seed) #\(spec.index): \(parentCompilation.diagnostics)")
            let parent = try #require(parentCompilation.executable)
            let plan = PathPlanner.plan(parent, children: ["Child": child])
            for path in plan.reachPaths + plan.coveragePaths {
                let replay = PathReplay(path, of: parent, children: ["Child": child])
                let claimed = PathReplay.claimed(by: path)
                #expect(replay.start == claimed.start, "seed \(spec.seed) #\(spec.index) \(path.purpose)")
                #expect(replay.steps == claimed.steps, "seed \(spec.seed) #\(spec.index) \(path.purpose)")
                for step in path.steps {
                    guard case .sendToChild = step.stimulus else { continue }
                    childSteps += 1
                    // A transition on the child's output or completion.
                    reactions += step.takenTransitions.count { index in
                        if case .invocation = parent.model.allTransitions[index].trigger { true } else { false }
                    }
                }
            }
        }
        // The children were stepped and the parent heard them.
        #expect(childSteps > 0)
        #expect(reactions > 0)
    }
}
