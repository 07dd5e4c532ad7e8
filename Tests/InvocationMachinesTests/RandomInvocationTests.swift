import FSMCompiler
import FSMRuntime
import FSMSpecGenerator
import Foundation
import Testing

/// Random scripts of sends, clock advances, and results from any run an invocation ever had
/// (running, cancelled or ended: work that ignores cancellation answers anyway), on `Profile`
/// and `Sync`: after every step the generated machine and fsmc's interpreter, the one
/// semantics, agree on the configuration, the running invocations and what was started,
/// cancelled and dropped; and the generated machine keeps DESIGN's guarantees on its own: a
/// result from a run that no longer runs changes nothing and is reported dropped, at most one
/// `done` or `error` per run, after every element. A failing script is shrunk to the fewest
/// steps that still fail, reported with its seed.
///
/// `FSMC_INVOCATION_SCRIPTS` sets how many scripts per machine (default 300);
/// `FSMC_INVOCATION_SEED` the first seed (default 1).
@MainActor @Suite struct RandomInvocationTests {
    static let scriptCount = Int(ProcessInfo.processInfo.environment["FSMC_INVOCATION_SCRIPTS"] ?? "") ?? 300
    static let firstSeed = UInt64(ProcessInfo.processInfo.environment["FSMC_INVOCATION_SEED"] ?? "") ?? 1

    @Test func profileAgreesWithTheInterpreterAndKeepsTheGuarantees() throws {
        try campaign(ProfileUnderTest.self)
    }

    @Test func syncAgreesWithTheInterpreterAndKeepsTheGuarantees() throws {
        try campaign(SyncUnderTest.self)
    }

    @Test func aScriptThatBreaksAGuaranteeIsShrunkToTheStepsThatMatter() throws {
        // A checker that fails whenever `close` follows `open` anywhere: the shrinker keeps
        // those two steps alone.
        let script = [ScriptStep(.send("retry")), ScriptStep(.send("open")), ScriptStep(.advance(seconds: 3)), ScriptStep(.send("close")), ScriptStep(.send("retry"))]
        let fails = { (steps: [ScriptStep]) -> String? in
            let names = steps.compactMap { if case .send(let name) = $0.action { name } else { nil } }
            guard let open = names.firstIndex(of: "open"), names[open...].contains("close") else { return nil }
            return "closed after opening"
        }
        let shrunk = ScriptStep.shrink(script, failingWith: fails)
        #expect(shrunk.map(\.description) == ["send open", "send close"])
    }

    /// What a campaign exercised, so that a script generator that stopped reaching the
    /// interesting cases fails the test instead of passing it vacuously.
    struct Coverage {
        var resultsTaken = 0
        var lateResults = 0
        var cancellations = 0
    }

    func campaign<Subject: MachineUnderTest>(_ subject: Subject.Type) throws {
        let machine = try InterpreterRun.executable(spec: Subject.spec)
        var failures: [String] = []
        var coverage = Coverage()
        for offset in 0..<UInt64(Self.scriptCount) {
            let seed = Self.firstSeed + offset
            var random = SplitMix64(seed: seed)
            let script = (0..<random.inRange(5...30)).map { _ in ScriptStep.random(for: Subject.self, using: &random) }
            let check = { (steps: [ScriptStep]) in
                var ignored = Coverage()
                return Self.failure(of: steps, on: Subject.self, reference: machine, coverage: &ignored)
            }
            if Self.failure(of: script, on: Subject.self, reference: machine, coverage: &coverage) != nil {
                let shrunk = ScriptStep.shrink(script, failingWith: check)
                failures.append("seed \(seed), shrunk to \(shrunk.count) of \(script.count) steps:\n  "
                    + shrunk.map(\.description).joined(separator: "\n  ") + "\n  → " + (check(shrunk) ?? ""))
                if failures.count == 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(Subject.spec):\n\(failures.joined(separator: "\n\n"))")
        let scripts = Self.scriptCount
        #expect(coverage.resultsTaken >= scripts / 2, "results taken by transitions: \(coverage.resultsTaken)")
        #expect(coverage.lateResults >= scripts / 2, "late results: \(coverage.lateResults)")
        #expect(coverage.cancellations >= scripts / 4, "cancellations: \(coverage.cancellations)")
    }

    /// Runs `script` on a fresh machine beside the interpreter; the first disagreement or broken
    /// guarantee, or `nil`.
    private static func failure<Subject: MachineUnderTest>(
        of script: [ScriptStep], on subject: Subject.Type, reference machine: ExecutableMachine, coverage: inout Coverage
    ) -> String? {
        let generated = Subject()
        var interpreter = MachineInterpreter(machine: machine)
        var runs: [MachineInterpreter.InvocationRun] = []
        var ended: Set<Int> = []
        func interpreterLog(since mark: Int) -> [String] {
            interpreter.trace[mark...].compactMap { entry in
                switch entry {
                case .started(let run): "started \(machine.model[run.invocation].name)"
                case .cancelled(let run): "cancelled \(machine.model[run.invocation].name)"
                case .dropped(let run, _): "dropped \(machine.model[run.invocation].name)"
                default: nil
                }
            }
        }
        func noteRuns(since mark: Int) {
            for case .started(let run) in interpreter.trace[mark...] where !runs.contains(run) { runs.append(run) }
        }
        func disagreement(after step: String) -> String? {
            // The kept events follow the states, as `kept retry` (none without `defer`).
            let configuration = interpreter.configuration.map { machine.model[$0].name }
                + interpreter.keptEvents.map { "kept \(machine.model[$0].name)" }
            let running = interpreter.runningInvocations.map { machine.model[$0.invocation].name }
            if generated.configuration != configuration {
                return "after \(step): the machine is in \(generated.configuration), the interpreter in \(configuration)"
            }
            let generatedRunning = (0..<generated.runCount).filter { !generated.isCancelled(run: $0) && !ended.contains($0) }.map(generated.name(ofRun:))
            if generatedRunning != running {
                return "after \(step): the machine runs \(generatedRunning), the interpreter \(running)"
            }
            return nil
        }

        var mark = interpreter.trace.count
        generated.answers = []
        _ = interpreter.start(answers: [])
        noteRuns(since: mark)
        if let problem = disagreement(after: "start") { return problem }
        if generated.takeLog() != interpreterLog(since: mark) { return "at start: the invocations started differ" }
        for (index, step) in script.enumerated() {
            let name = "step \(index + 1) (\(step))"
            mark = interpreter.trace.count
            generated.answers = step.answers
            let stateBefore = generated.configuration
            let actionsBefore = generated.actionCount
            switch step.action {
            case .send(let event):
                generated.send(event)
                let id = EventID(machine.model.events.firstIndex { $0.name == event }!)
                _ = interpreter.send(id, answers: step.answers)
            case .advance(let seconds):
                generated.advance(seconds: seconds)
                _ = interpreter.advance(to: interpreter.now + Int64(seconds) * 1_000_000_000, answers: step.answers)
            case .deliver(let runIndex, let outcome):
                guard runIndex < runs.count else { continue }
                let run = runs[runIndex]
                let isStream = machine.model[run.invocation].kind == .stream
                let result: InvocationResult
                switch (outcome, isStream) {
                case (.answer, false), (.end, _): result = .done
                case (.answer, true): result = .element
                case (.failure, _): result = .error
                }
                let wasLive = !generated.isCancelled(run: runIndex) && !ended.contains(runIndex)
                generated.deliver(result, ofStream: isStream, fromRun: runIndex, value: runIndex)
                if !interpreter.deliver(result, from: run, answers: step.answers).isEmpty { coverage.resultsTaken += 1 }
                if !wasLive {
                    coverage.lateResults += 1
                    // The guarantee itself, whatever the interpreter says.
                    if generated.configuration != stateBefore || generated.actionCount != actionsBefore {
                        return "\(name): a result from a run that no longer runs changed the machine"
                    }
                } else if result != .element {
                    ended.insert(runIndex)
                }
            }
            noteRuns(since: mark)
            if let problem = disagreement(after: name) { return problem }
            let heard = generated.takeLog()
            let expected = interpreterLog(since: mark)
            coverage.cancellations += heard.filter { $0.hasPrefix("cancelled") }.count
            if heard != expected { return "\(name): the machine's observers heard \(heard), the interpreter traced \(expected)" }
            if generated.runCount != runs.count { return "\(name): the machine started \(generated.runCount) runs, the interpreter \(runs.count)" }
        }
        return nil
    }
}

/// One step of a random script, with the guards' answers while it runs.
struct ScriptStep: CustomStringConvertible {
    enum Action {
        case send(String)
        case advance(seconds: Int)
        /// The run that started `run`-th (counting every start) sends a result, whether it still
        /// runs or not: a call returns or a stream yields (`answer`), either throws (`failure`),
        /// or a stream finishes (`end`).
        case deliver(run: Int, Outcome)
    }

    enum Outcome: CaseIterable { case answer, failure, end }

    var action: Action
    var answers: Set<String> = []

    init(_ action: Action, answers: Set<String> = []) {
        self.action = action
        self.answers = answers
    }

    var description: String {
        let what = switch action {
        case .send(let event): "send \(event)"
        case .advance(let seconds): "advance \(seconds)s"
        case .deliver(let run, let outcome): "run \(run) sends \(outcome)"
        }
        return answers.isEmpty ? what : "\(what) [\(answers.sorted().joined(separator: ", "))]"
    }

    @MainActor static func random<Subject: MachineUnderTest>(for subject: Subject.Type, using random: inout SplitMix64) -> ScriptStep {
        let answers = Set(Subject.guards.filter { _ in random.below(2) == 0 })
        switch random.below(10) {
        case 0...3: return ScriptStep(.send(Subject.events[random.below(Subject.events.count)]), answers: answers)
        case 4 where Subject.hasClock: return ScriptStep(.advance(seconds: random.inRange(1...12)), answers: answers)
        default:
            // Mostly the last few runs, sometimes an old one answering late.
            let run = random.below(4) == 0 ? random.below(12) : random.below(3)
            return ScriptStep(.deliver(run: run, Outcome.allCases[random.below(3)]), answers: answers)
        }
    }

    /// The shortest script found by removing steps one at a time while `failure` still fails.
    static func shrink(_ script: [ScriptStep], failingWith failure: ([ScriptStep]) -> String?) -> [ScriptStep] {
        var current = script
        var removedOne = true
        while removedOne {
            removedOne = false
            for index in current.indices.reversed() {
                var shorter = current
                shorter.remove(at: index)
                if failure(shorter) != nil {
                    current = shorter
                    removedOne = true
                }
            }
        }
        return current
    }
}

/// A generated machine driven by a driver whose work ignores cancellation, as the random
/// scripts see it.
@MainActor protocol MachineUnderTest: AnyObject {
    static var spec: String { get }
    static var events: [String] { get }
    static var guards: [String] { get }
    static var hasClock: Bool { get }
    init()
    var answers: Set<String> { get set }
    func send(_ event: String)
    func advance(seconds: Int)
    /// Run `run` sends `result` (a value made from `value` where it returns or yields one).
    func deliver(_ result: InvocationResult, ofStream isStream: Bool, fromRun run: Int, value: Int)
    func isCancelled(run: Int) -> Bool
    var runCount: Int { get }
    var configuration: [String] { get }
    func name(ofRun run: Int) -> String
    /// How many times the actions ran.
    var actionCount: Int { get }
    /// What the observers heard of invocations since the last call: `started x`, `cancelled x`,
    /// `dropped x`.
    func takeLog() -> [String]
}

extension MachineUnderTest {
    /// The outcome the driver delivers for `result`.
    func outcome(_ result: InvocationResult, ofStream isStream: Bool, value: Any) -> InvocationOutcome<Any> {
        switch result {
        case .done: isStream ? .finished : .returned(value)
        case .element: .element(value)
        case .error: .failed(ProfileTests.Offline())
        case .output: preconditionFailure("these machines invoke no child machine")
        }
    }
}

@MainActor final class ProfileUnderTest: MachineUnderTest {
    static let spec = "Profile"
    static let events = ["open", "retry", "close"]
    static let guards = ["isOffline"]
    static let hasClock = true

    final class Actions: Profile.Actions {
        var answers: Set<String> = []
        var calls = 0

        func isOffline(error: any Error, id: Int) -> Bool { answers.contains("isOffline") }
        func report(error: any Error, id: Int) { calls += 1 }
        func apply(change: Int, user: String) { calls += 1 }
        func fetchUser(id: Int) async throws -> String { "never called" }
        func changes(user: String) -> InvocationElements<Int> { InvocationElements(AsyncStream { nil }) }
    }

    let actions = Actions()
    let clock = ManualClock()
    let driver = LateResultTests.StubbornDriver()
    let machine: Profile
    private var log: [String] = []

    init() {
        machine = Profile(actions: actions, clock: clock, invocations: driver)
        machine.observe { [unowned self] notification in
            switch notification {
            case .started(let invocation): log.append("started \(invocation)")
            case .cancelled(let invocation): log.append("cancelled \(invocation)")
            case .dropped(let invocation): log.append("dropped \(invocation)")
            default: break
            }
        }
    }

    var answers: Set<String> {
        get { actions.answers }
        set { actions.answers = newValue }
    }

    func send(_ event: String) {
        switch event {
        case "open": machine.send(.open(id: runCount))
        case "retry": machine.send(.retry)
        default: machine.send(.close)
        }
    }

    func advance(seconds: Int) { clock.advance(by: .seconds(seconds)) }

    func deliver(_ result: InvocationResult, ofStream isStream: Bool, fromRun run: Int, value: Int) {
        let value: Any = driver.deliveries[run].name == "fetchUser" ? "user \(value)" : value
        driver.send(outcome(result, ofStream: isStream, value: value), fromRun: run)
    }

    func isCancelled(run: Int) -> Bool { driver.cancelledRuns.contains(run) }
    var runCount: Int { driver.deliveries.count }
    var configuration: [String] { Profile.StateID.allCases.filter(machine.isIn).map(\.rawValue) }
    func name(ofRun run: Int) -> String { driver.deliveries[run].name }
    var actionCount: Int { actions.calls }

    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}

@MainActor final class SyncUnderTest: MachineUnderTest {
    static let spec = "Sync"
    static let events = ["start", "poke", "restart", "stop"]
    static let guards = ["isComplete", "skipCheck", "isLast"]
    static let hasClock = false

    @MainActor final class Actions: Sync.Actions {
        var answers: Set<String> = []
        var calls = 0

        func isComplete(bytes: Int, checksum: String) -> Bool { answers.contains("isComplete") }
        func skipCheck() -> Bool { answers.contains("skipCheck") }
        func isLast(page: Int) -> Bool { answers.contains("isLast") }
        func record(bytes: Int, checksum: String) { calls += 1 }
        func note() { calls += 1 }
        func store(page: Int) { calls += 1 }
        func send() async throws -> (bytes: Int, checksum: String) { (0, "") }
        func check() async throws {}
        func pages() -> InvocationElements<Int> { InvocationElements(AsyncStream { nil }) }
    }

    let actions = Actions()
    let driver = LateResultTests.StubbornDriver()
    let machine: Sync
    private var log: [String] = []

    init() {
        machine = Sync(actions: actions, invocations: driver)
        machine.observe { [unowned self] notification in
            switch notification {
            case .started(let invocation): log.append("started \(invocation)")
            case .cancelled(let invocation): log.append("cancelled \(invocation)")
            case .dropped(let invocation): log.append("dropped \(invocation)")
            default: break
            }
        }
    }

    var answers: Set<String> {
        get { actions.answers }
        set { actions.answers = newValue }
    }

    func send(_ event: String) {
        switch event {
        case "start": machine.send(.start)
        case "poke": machine.send(.poke)
        case "restart": machine.send(.restart)
        default: machine.send(.stop)
        }
    }

    func advance(seconds: Int) {}

    func deliver(_ result: InvocationResult, ofStream isStream: Bool, fromRun run: Int, value: Int) {
        let value: Any = switch driver.deliveries[run].name {
        case "send": (bytes: value, checksum: "c\(value)")
        case "check": ()
        default: value
        }
        driver.send(outcome(result, ofStream: isStream, value: value), fromRun: run)
    }

    func isCancelled(run: Int) -> Bool { driver.cancelledRuns.contains(run) }
    var runCount: Int { driver.deliveries.count }
    var configuration: [String] { Sync.StateID.allCases.filter(machine.isIn).map(\.rawValue) }
    func name(ofRun run: Int) -> String { driver.deliveries[run].name }
    var actionCount: Int { actions.calls }

    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}
