import FSMInspector
import FSMRuntime
import Foundation
import Machines

/// The live inspector's load test (docs/Inspector.md, "Cost"): two Players get `rate` events a
/// second each for `seconds`, one recorded live to `fsmc inspect` through the inspector's sink,
/// the other recorded to memory, as an app records a run without the inspector. Events go in
/// batches of one millisecond, the two machines' batches in turns (which goes first alternates),
/// each batch timed, so that whatever else the machine is doing weighs on both alike. Each side's
/// cost per event is the mean of its batches but the slowest tenth (a batch the scheduler
/// interrupted says nothing of `send`).
///
/// The answer, one line: `load live <ns per event> memory <ns per event> ratio <live/memory>
/// events <each machine's> dropped <lines the sink dropped> unsent <lines left after 60 s>`.
func runLoad(rate: Int, seconds: Int) -> String {
    let liveRecorded = Player(actions: PlayerActions(), observers: [Player.TraceObserver(recordingTo: inspector)])
    var memory: [UInt8] = []
    let recorder = TraceRecorder(machine: "Player", spec: "Player.fsm", fsmcVersion: fsmRuntimeVersion) { memory.append(contentsOf: $0) }
    let memoryRecorded = Player(actions: PlayerActions(), observers: [Player.TraceObserver(recorder)])

    let clock = ContinuousClock()
    let perTick = max(1, rate / 1000)
    let ticks = seconds * 1000
    let events: [Player.Event] = [.play, .pause]
    var liveBatches: [Duration] = []
    var memoryBatches: [Duration] = []
    liveBatches.reserveCapacity(ticks)
    memoryBatches.reserveCapacity(ticks)
    let start = clock.now
    for tick in 0..<ticks {
        let due = start + .milliseconds(tick)
        let now = clock.now
        if now < due {
            let (wholeSeconds, attoseconds) = (due - now).components
            Thread.sleep(forTimeInterval: Double(wholeSeconds) + Double(attoseconds) / 1e18)
        }
        func batch(_ player: Player) -> Duration {
            clock.measure {
                for index in 0..<perTick { player.send(events[(tick * perTick + index) % 2]) }
            }
        }
        if tick % 2 == 0 {
            liveBatches.append(batch(liveRecorded))
            memoryBatches.append(batch(memoryRecorded))
        } else {
            memoryBatches.append(batch(memoryRecorded))
            liveBatches.append(batch(liveRecorded))
        }
    }
    let sent = inspector.waitUntilSent(timeout: .seconds(60))
    let live = nanosecondsPerEvent(liveBatches, perBatch: perTick)
    let inMemory = nanosecondsPerEvent(memoryBatches, perBatch: perTick)
    withExtendedLifetime((liveRecorded, memoryRecorded)) {}
    return "load live \(Int(live)) memory \(Int(inMemory)) ratio \(String(format: "%.3f", live / inMemory)) events \(ticks * perTick) "
        + "dropped \(inspector.status.droppedLines) unsent \(sent ? 0 : 1) bytes-in-memory \(memory.count)"
}

/// The mean time of an event in `batches` of `perBatch` events, the slowest tenth left out.
private func nanosecondsPerEvent(_ batches: [Duration], perBatch: Int) -> Double {
    let kept = batches.sorted().prefix(batches.count * 9 / 10)
    let total = kept.reduce(Duration.zero, +)
    let (seconds, attoseconds) = total.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(kept.count * perBatch)
}
