import FSMCompiler
import Testing

/// DESIGN's guarantees for child machines, over seeded random runs of a parent, a child and a
/// grandchild with timers, outputs and a final state: no child outlives its state, every running
/// child machine is one the interpreter runs, nothing of a cancelled child is heard after its
/// cancellation, and the same seed gives the same run.
@Suite(.offThePool) struct ChildMachineGuaranteeTests {
    static let parent = """
        machine Parent {
            event go
            event stop
            initial state running {
                invoke Worker as worker
                on worker.progress / count
                on worker.result [isOK] -> succeeded
                done worker -> finished
                on stop -> idle
                after 3s -> idle
            }
            state idle { on go -> running }
            state succeeded { on go -> running }
            state finished { on go -> running }
        }
        """

    static let worker = """
        machine Worker {
            event step
            output progress
            output result(ok: Bool)
            initial state working {
                invoke Helper as helper
                on step / emit progress
                on helper.tick / emit progress
                after 2s -> over / emit result(ok: true)
                exit / emit progress                 // also when cancelled: never heard then
            }
            final state over
        }
        """

    static let helper = """
        machine Helper {
            event poke
            output tick
            initial state ticking {
                on poke / emit tick
                after 1s -> ticking / emit tick
            }
        }
        """

    static func interpreter() throws -> MachineInterpreter {
        let children = [worker, helper]
        let machines = try [
            Lowered(parent: parent, children: children), Lowered(parent: worker, children: [parent, helper]),
            Lowered(invoking: helper),
        ]
        return MachineInterpreter(
            machine: machines[0].executable,
            machines: Dictionary(uniqueKeysWithValues: machines.dropFirst().map { ($0.model.name, $0.executable) }))
    }

    @Test(arguments: 1...40)
    func randomRunsKeepTheGuarantees(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        var run = try Self.interpreter()
        let trace = Self.randomRun(&run, random: &random)
        var second = try Self.interpreter()
        var sameRandom = SeededGenerator(seed: UInt64(seed))
        #expect(Self.randomRun(&second, random: &sameRandom) == trace, "seed \(seed) gives another run the second time")
        #expect(!run.diverged)
    }

    /// Sixty random stimuli, the guarantees checked after each; the whole trace.
    static func randomRun(_ run: inout MachineInterpreter, random: inout SeededGenerator) -> [MachineInterpreter.TraceEntry] {
        var answers: Set<String> = []
        _ = run.start(answers: answers)
        var everStarted: [MachineInterpreter.InvocationRun] = []
        for _ in 0..<60 {
            answers = Bool.random(using: &random) ? ["isOK"] : []
            everStarted += run.runningInvocations.filter { !everStarted.contains($0) }
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                _ = run.send(EventID(Int.random(in: 0..<2, using: &random)), answers: answers)
            case 1, 2:
                // Any worker that ever ran, the stale ones too: those must take nothing.
                if let worker = everStarted.randomElement(using: &random) {
                    _ = run.send(EventID(0), toChild: worker, answers: answers)
                }
            case 3:
                if let worker = run.runningInvocations.first, let helper = run.child(worker)?.runningInvocations.first {
                    _ = run.send(EventID(0), toChild: [worker, helper], answers: answers)
                }
            default:
                _ = run.advance(to: run.now + Int64.random(in: 0...2, using: &random) * 1_000_000_000, answers: answers)
            }
            checkNoChildOutlivesItsState(run)
        }
        checkNothingIsHeardAfterCancellation(run.trace)
        return run.trace
    }

    /// Every running invocation belongs to an active state, and runs a child exactly when it is
    /// a child machine; the same inside every child.
    static func checkNoChildOutlivesItsState(_ run: MachineInterpreter, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for invocation in run.runningInvocations {
            let model = run.machine.model[invocation.invocation]
            #expect(run.isActive(model.owner), "'\(model.name)' runs outside its state", sourceLocation: sourceLocation)
            let child = run.child(invocation)
            #expect((child != nil) == (model.child != nil), sourceLocation: sourceLocation)
            if let child { checkNoChildOutlivesItsState(child, sourceLocation: sourceLocation) }
        }
    }

    /// Once a run is cancelled, what follows of it is its exits (and its own cancellations),
    /// then nothing: no later entry of it, and no output or completion of it taken.
    static func checkNothingIsHeardAfterCancellation(
        _ trace: [MachineInterpreter.TraceEntry], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        var cancelled: Set<MachineInterpreter.InvocationRun> = []
        var previous: MachineInterpreter.TraceEntry?
        for entry in trace {
            switch entry {
            case .cancelled(let run):
                cancelled.insert(run)
            case .inChild(let run, let inner) where cancelled.contains(run):
                // Only the cancellation's own exits, right after it.
                let continuesCancellation = switch previous {
                case .cancelled(run): true
                case .inChild(run, _): true
                default: false
                }
                let isExit = switch inner {
                case .exited, .cancelled, .inChild: true
                default: false
                }
                #expect(continuesCancellation && isExit, "\(entry) after the run was cancelled", sourceLocation: sourceLocation)
            default:
                break
            }
            previous = entry
        }
        var byChild: [MachineInterpreter.InvocationRun: [MachineInterpreter.TraceEntry]] = [:]
        var order: [MachineInterpreter.InvocationRun] = []
        for case .inChild(let run, let inner) in trace {
            if byChild[run] == nil { order.append(run) }
            byChild[run, default: []].append(inner)
        }
        for run in order { checkNothingIsHeardAfterCancellation(byChild[run]!, sourceLocation: sourceLocation) }
    }
}
