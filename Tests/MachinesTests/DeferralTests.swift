import FSMRuntime
import Foundation
import Testing

/// Hears what `Feed` keeps, emits and enters, in order; can send an event when a state is
/// entered, as an observer may.
final class FeedWatcher: Feed.Observer {
    var lines: [String] = []
    var onEntering: [Feed.StateID: Feed.Event] = [:]

    func machine(_ machine: Feed, didKeep event: Feed.Event, in state: Feed.State) {
        lines.append("keep \(event) in \(state)")
    }

    func machine(_ machine: Feed, didIgnore event: Feed.Event, in state: Feed.State) {
        lines.append("ignore \(event) in \(state)")
    }

    func machine(_ machine: Feed, didEmit output: Feed.Output) {
        lines.append("emit \(output)")
    }

    func machine(_ machine: Feed, didEnter state: Feed.StateID) {
        lines.append("enter \(state)")
        if let event = onEntering[state] { machine.send(event) }
    }
}

/// `defer` at run time (DESIGN, "Deferred events"): the generated machines keep an event an
/// active state defers, tell observers it was kept, release it after the step that leaves the
/// deferring states, ahead of events sent later, and carry kept events in their snapshots.
@Suite("Deferred events in generated machines")
struct DeferralTests {
    @Test func aRetryIsKeptWhileTheProfileLoadsAndShowsAndHandledOnceItIsClosed() {
        let watcher = FeedWatcher()
        let feed = Feed(observers: [watcher])
        feed.send(.open(id: 7))
        feed.send(.retry(attempt: 1))
        #expect(watcher.lines == ["enter idle", "enter loading", "keep retry(attempt: 1) in loading"])
        #expect(feed.snapshot.keptEvents == [.retry(attempt: 1)])
        #expect(!feed.canHandle(.retry(attempt: 2)))
        feed.send(.loaded(user: "ada"))
        #expect(feed.snapshot.keptEvents == [.retry(attempt: 1)])
        watcher.lines = []
        feed.send(.close)
        #expect(watcher.lines == ["enter idle", "emit retried(attempt: 1)"])
        #expect(feed.snapshot.keptEvents.isEmpty)
    }

    @Test func keptEventsGoOldestFirstAndBeforeEventsSentAfterThem() {
        let watcher = FeedWatcher()
        let feed = Feed(observers: [watcher])
        feed.send(.open(id: 1))
        feed.send(.retry(attempt: 1))
        feed.send(.retry(attempt: 2))
        // Sent during the step that releases the kept ones: handled after them.
        watcher.onEntering[.idle] = .open(id: 9)
        watcher.lines = []
        feed.send(.close)
        #expect(watcher.lines == ["enter idle", "emit retried(attempt: 1)", "emit retried(attempt: 2)", "enter loading"])
        #expect(feed.state == .loading(id: 9))
    }

    @Test func aReleasedEventThatLeadsIntoADeferringStateLeavesTheNextOneKept() {
        let feed = Feed()
        feed.send(.open(id: 1))
        feed.send(.retry(attempt: 2))
        feed.send(.retry(attempt: 3))
        // `failed` takes `retry(2)` back to `loading`, which defers `retry(3)` again.
        feed.send(.fail)
        #expect(feed.state == .loading(id: 2))
        #expect(feed.snapshot.keptEvents == [.retry(attempt: 3)])
        feed.send(.fail)
        #expect(feed.state == .loading(id: 3))
        #expect(feed.snapshot.keptEvents.isEmpty)
    }

    @Test func aSnapshotCarriesTheKeptEventsThroughCoding() throws {
        let feed = Feed()
        feed.send(.open(id: 4))
        feed.send(.retry(attempt: 5))
        let data = try JSONEncoder().encode(feed.snapshot)
        let snapshot = try JSONDecoder().decode(Feed.Snapshot.self, from: data)
        #expect(snapshot == Feed.Snapshot(state: .loading(id: 4), keptEvents: [.retry(attempt: 5)]))
        let watcher = FeedWatcher()
        let restored = Feed(observers: [watcher], restoring: snapshot)
        restored.send(.fail)
        #expect(restored.state == .loading(id: 5))
        #expect(watcher.lines == ["enter failed", "enter loading"])
    }

    @Test func anActorOwnsAMachineThatKeepsEvents() async {
        actor Owner {
            let feed = Feed()
            func run() -> (Feed.State, [Feed.Event]) {
                feed.send(.open(id: 1))
                feed.send(.retry(attempt: 1))
                let kept = feed.snapshot.keptEvents
                feed.send(.fail)
                return (feed.state, kept)
            }
        }
        let (state, kept) = await Owner().run()
        #expect(kept == [.retry(attempt: 1)])
        #expect(state == .loading(id: 1))
    }
}

/// Lobby's guests, on the main actor.
final class LobbyScript: Lobby.Actions {
    var greeted = 0
    func greet() { greeted += 1 }
}

@MainActor
@Suite("Deferred events in a flat @MainActor machine with a timer")
struct LobbyDeferralTests {
    @Test func admissionsWaitUntilTheDoorsHaveOpenedRaisedOnesIncluded() {
        let clock = ManualClock()
        let script = LobbyScript()
        var kept: [Lobby.State] = []
        let lobby = Lobby(actions: script, clock: clock)
        let token = lobby.observeKeptEvents { _, state in kept.append(state) }
        lobby.send(.admit)
        lobby.send(.knock)
        lobby.send(.open)
        lobby.send(.admit)
        #expect(kept == [.closed, .closed, .opening])
        #expect(lobby.snapshot.keptEvents == [.admit, .admit, .admit])
        clock.advance(by: .milliseconds(999))
        #expect(script.greeted == 0)
        clock.advance(by: .milliseconds(1))
        #expect(lobby.state == .welcoming)
        #expect(script.greeted == 3)
        #expect(lobby.snapshot.keptEvents.isEmpty)
        token.cancel()
    }

    @Test func closingAgainKeepsWhatIsStillDeferred() {
        let clock = ManualClock()
        let script = LobbyScript()
        let lobby = Lobby(actions: script, clock: clock)
        lobby.send(.open)
        lobby.send(.admit)
        lobby.send(.close)
        // `closed` defers `admit` too: nothing is released.
        #expect(lobby.snapshot.keptEvents == [.admit])
        let restored = Lobby(actions: script, clock: clock, restoring: lobby.snapshot)
        restored.send(.open)
        clock.advance(by: .seconds(1))
        #expect(restored.state == .welcoming)
        #expect(script.greeted == 1)
    }
}
