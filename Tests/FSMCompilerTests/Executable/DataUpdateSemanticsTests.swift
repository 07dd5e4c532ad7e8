import FSMCompiler
import Testing

/// `update(…)` in the interpreter (language version 4): the transition stays in its state (no
/// exit, no entry, the invocation keeps running, timers keep their deadlines) and the trace
/// shows each field's new value as the spec writes it, after the transition.
@Suite(.offThePool) struct DataUpdateSemanticsTests {
    @Test func designsDownloadUpdatesWithoutRestartingTheTransfer() throws {
        var run = MachineInterpreterTests.Run(try Lowered(invoking: LanguageVersion4Tests.download))
        #expect(run.start() == ["enter idle"])
        #expect(run.send("start") == [
            "exit idle", "take idle: on start -> downloading", "enter downloading", "start transfer#0",
        ])
        for _ in 0..<3 {
            #expect(run.deliver(.element, from: "transfer") == [
                "take downloading: on transfer", "update downloading.progress = fraction",
            ])
        }
        #expect(run.running == ["transfer#0"])
        #expect(run.send("pause") == [
            "exit downloading", "cancel transfer#0", "take downloading: on pause -> paused", "enter paused",
        ])
    }

    @Test func anUpdateKeepsTimersRunningAndChildrenActive() throws {
        var run = MachineInterpreterTests.Run(try Lowered(invoking: """
            machine M {
                event go
                event tick(n: Int)
                initial state idle { on go -> outer(count: 0) }
                state outer(count: Int) {
                    initial state inner {
                        on tick / update(count: n), note(count)
                        after 5s -> finished
                    }
                    state finished {}
                }
            }
            """))
        _ = run.start()
        _ = run.send("go")
        _ = run.advance(to: 3)
        #expect(run.send("tick") == ["take inner: on tick", "update outer.count = n"])
        #expect(run.configuration == ["outer", "inner"])
        // The timer started on entry fires at 5s, not 5s after the update.
        #expect(run.advance(to: 5) == ["exit inner", "take inner: after 5s -> finished", "enter finished"])
    }
}
