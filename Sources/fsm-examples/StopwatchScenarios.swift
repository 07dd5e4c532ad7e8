import Machines

/// Seed 003's stopwatch: running since an instant, paused with the time elapsed, resumed from
/// it. Time moves by hand, so the figures are the same on every run.
func stopwatchLaps() {
    heading("Stopwatch: start, pause after 3s, resume, pause after 2s more, reset")
    var now = ContinuousClock.now
    let clock = StopwatchClock(now: { now })
    let stopwatch = Stopwatch(actions: clock)
    stopwatch.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(from: "\(transition.source)", on: transition.event?.name ?? "always", to: "\(transition.target)"))
        case .emitted(.shown(let elapsed)):
            print("  display: \(elapsed)")
        default:
            break
        }
    }
    func run(_ event: Stopwatch.Event, after seconds: Int = 0) {
        now += .seconds(seconds)
        print("> \(event.name)\(seconds > 0 ? " (\(seconds)s later)" : "")")
        stopwatch.send(event)
        if case .paused(let elapsed) = stopwatch.state {
            print("  paused with \(elapsed) elapsed")
        }
    }
    run(.start)
    run(.pause, after: 3)
    run(.start, after: 10)         // the pause does not count
    run(.pause, after: 2)
    run(.reset, after: 1)
    print("  shown while paused: \(clock.shown.map(\.description).joined(separator: ", "))")
}
