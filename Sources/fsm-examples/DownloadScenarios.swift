import FSMRuntime
import Foundation
import Machines

/// A transfer the scenario drives itself through ``ManualInvocationDriver``: it never reads
/// the network, so the output is the same on every run.
private struct ScriptedTransfer: FileTransfer {
    func transfer(from url: URL, resumingAt fraction: Double) -> AsyncThrowingStream<Double, any Error> {
        AsyncThrowingStream { $0.finish() }
    }

    func discardPartialFile(of url: URL) {}
}

/// `  downloading(0.1) --on transfer--> downloading(0.25)`: an update is heard as a transition
/// that stays in its state with new data.
private func printTransition(_ transition: Download.Transition) {
    let trigger = transition.event?.name ?? transition.result.map { "\($0)" } ?? "?"
    print(transitionLine(from: withProgress(transition.source), on: trigger, to: withProgress(transition.target)))
}

/// The state with the progress it holds (the generated description names the state alone).
private func withProgress(_ state: Download.State) -> String {
    switch state {
    case .idle: "idle"
    case .downloading(_, let progress): "downloading(\(progress))"
    case .paused(_, let progress): "paused(\(progress))"
    }
}

/// DESIGN's download (language version 4): the transfer reports its progress into the state's
/// data with `update(progress:)`, which leaves `downloading` alone: the transfer keeps running
/// through every report and starts once. Pausing cancels it; resuming starts one new transfer
/// from the progress kept, which then finishes.
func downloadWithProgressPauseAndResume() {
    heading("Download: progress updates keep the transfer running; pause, resume, finish")
    let driver = ManualInvocationDriver()
    let screen = DownloadScreen(files: ScriptedTransfer())
    let download = Download(actions: screen, invocations: driver)
    download.observe { notification in
        switch notification {
        case .transitioned(let transition): printTransition(transition)
        case .started(let invocation): print("  ⇒ \(invocation) started")
        case .cancelled(let invocation): print("  ⇒ \(invocation) cancelled")
        case .emitted(.finished(let file)): print("  finished: \(file.lastPathComponent)")
        default: break
        }
    }
    let url = URL(string: "https://example.com/fsmc.zip")!
    print("> start")
    download.send(.start(url: url))
    for fraction in [0.1, 0.25, 0.4, 0.55] {
        print("> transfer reports \(fraction)")
        driver.yield("transfer", fraction)
    }
    let starts = driver.log.filter { $0 == .started("transfer") }.count
    print("  progress bar: \(screen.shownProgress); transfers started so far: \(starts)")
    print("> pause")
    download.send(.pause)
    print("> resume")
    download.send(.resume)
    for fraction in [0.8, 1.0] {
        print("> transfer reports \(fraction)")
        driver.yield("transfer", fraction)
    }
    print("> transfer finishes")
    driver.finish("transfer")
    let allStarts = driver.log.filter { $0 == .started("transfer") }.count
    print("  final state: \(download.state); transfers started: \(allStarts) (one before the pause, one after)")
}
