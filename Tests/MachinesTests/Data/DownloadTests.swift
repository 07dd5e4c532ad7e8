import FSMRuntime
import Foundation
import Machines
import Testing

/// A transfer the tests drive through ``ManualInvocationDriver``: it never reads anything.
private struct ScriptedTransfer: FileTransfer {
    func transfer(from url: URL, resumingAt fraction: Double) -> AsyncThrowingStream<Double, any Error> {
        AsyncThrowingStream { $0.finish() }
    }

    func discardPartialFile(of url: URL) {}
}

/// machines/Download.fsm (DESIGN's, language version 4) with a manual driver, and what its
/// observers heard.
private final class DownloadBench {
    let driver = ManualInvocationDriver()
    let screen = DownloadScreen(files: ScriptedTransfer())
    let download: Download
    var transitions: [Download.Transition] = []
    var entered: [Download.StateID] = []
    var exited: [Download.StateID] = []

    init() {
        download = Download(actions: screen, invocations: driver)
        download.observe { [unowned self] notification in
            switch notification {
            case .transitioned(let transition): transitions.append(transition)
            case .entered(let state): entered.append(state)
            case .exited(let state): exited.append(state)
            default: break
            }
        }
    }

    var starts: Int { driver.log.filter { $0 == .started("transfer") }.count }
}

private let url = URL(string: "https://example.com/fsmc.zip")!

/// `update(progress: fraction)` changes `downloading`'s data in place: the transfer is not
/// restarted, no exit or entry runs, and observers hear one transition per update.
@Suite("Download: state data that changes in place")
struct DownloadTests {
    @Test func progressUpdatesKeepTheTransferRunningAndStartItOnce() {
        let bench = DownloadBench()
        bench.download.send(.start(url: url))
        #expect(bench.starts == 1)
        for fraction in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] {
            bench.driver.yield("transfer", fraction)
            #expect(bench.download.state == .downloading(url: url, progress: fraction))
            #expect(bench.screen.shownProgress == fraction)   // showProgress(progress) reads the new value
        }
        #expect(bench.starts == 1)
        #expect(bench.driver.running == ["transfer"])
        #expect(bench.driver.log == [.started("transfer")])
        #expect(bench.exited == [.idle])
        #expect(bench.entered == [.downloading])
    }

    @Test func observersHearEachUpdateOnceAsATransitionWithTheNewData() {
        let bench = DownloadBench()
        bench.download.send(.start(url: url))
        bench.driver.yield("transfer", 0.25)
        bench.driver.yield("transfer", 0.5)
        #expect(bench.transitions.count == 3)
        let updates = bench.transitions.dropFirst()
        #expect(updates.map(\.source) == [.downloading(url: url, progress: 0), .downloading(url: url, progress: 0.25)])
        #expect(updates.map(\.target) == [.downloading(url: url, progress: 0.25), .downloading(url: url, progress: 0.5)])
        #expect(updates.allSatisfy { $0.event == nil && $0.result == InvocationTrigger(.transfer, .element) })
    }

    @Test func pausingKeepsTheProgressAndResumingStartsOneNewTransferFromIt() {
        let bench = DownloadBench()
        bench.download.send(.start(url: url))
        bench.driver.yield("transfer", 0.4)
        bench.download.send(.pause)
        #expect(bench.download.state == .paused(url: url, progress: 0.4))
        #expect(bench.driver.running.isEmpty)
        bench.download.send(.resume)
        #expect(bench.download.state == .downloading(url: url, progress: 0.4))
        bench.driver.yield("transfer", 1.0)
        bench.driver.finish("transfer")
        #expect(bench.download.state == .idle)
        #expect(bench.driver.log == [.started("transfer"), .cancelled("transfer"), .started("transfer")])
    }

    @Test func aSnapshotCarriesTheUpdatedDataAndRestoresTheTransferOnce() throws {
        let bench = DownloadBench()
        bench.download.send(.start(url: url))
        bench.driver.yield("transfer", 0.75)
        let saved = try JSONEncoder().encode(bench.download.state)
        let restoredState = try JSONDecoder().decode(Download.State.self, from: saved)
        #expect(restoredState == .downloading(url: url, progress: 0.75))
        let driver = ManualInvocationDriver()
        let restored = Download(actions: DownloadScreen(files: ScriptedTransfer()), invocations: driver, restoring: restoredState)
        #expect(restored.state == .downloading(url: url, progress: 0.75))
        #expect(driver.log == [.started("transfer")])
    }

    @Test func theTransitionFunctionGivesTheUpdatedState() {
        #expect(Download.nextState(from: .downloading(url: url, progress: 0.1), on: .pause) == .paused(url: url, progress: 0.1))
        #expect(Download.nextState(from: .paused(url: url, progress: 0.1), on: .resume) == .downloading(url: url, progress: 0.1))
    }
}
