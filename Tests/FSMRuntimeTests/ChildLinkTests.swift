import FSMRuntime
import Testing

@Suite("ChildLink: what a child machine emits reaches its parent at the end of the child's step")
struct ChildLinkTests {
    /// What the parent was handed, as `invocationDelivered(_:run:)` would receive it.
    final class Parent {
        var delivered: [String] = []
    }

    private func link(to parent: Parent, run: UInt64 = 1, completion: String? = "done") -> ChildLink<String> {
        ChildLink(run: run, completion: completion) { [weak parent] delivery, run in
            parent?.delivered.append("\(delivery) run \(run)")
        }
    }

    @Test func outputsWaitForTheEndOfTheStepThenArriveInOrderWithTheRun() {
        let parent = Parent()
        let link = link(to: parent, run: 3)
        link.heard("signedIn")
        link.heard("greeted")
        #expect(parent.delivered.isEmpty)
        link.childStepEnded(isFinished: false)
        #expect(parent.delivered == ["signedIn run 3", "greeted run 3"])
        link.childStepEnded(isFinished: false)
        #expect(parent.delivered.count == 2)
    }

    @Test func theCompletionFollowsTheStepsOutputsOnce() {
        let parent = Parent()
        let link = link(to: parent)
        link.heard("signedIn")
        link.childStepEnded(isFinished: true)
        link.childStepEnded(isFinished: true)
        #expect(parent.delivered == ["signedIn run 1", "done run 1"])
    }

    @Test func aParentWaitingForNoCompletionHearsOnlyOutputs() {
        let parent = Parent()
        let link = link(to: parent, completion: nil)
        link.heard("signedIn")
        link.childStepEnded(isFinished: true)
        #expect(parent.delivered == ["signedIn run 1"])
    }

    @Test func aReleasedParentIsHandedNothing() {
        let log = Parent()
        var parent: Parent? = Parent()
        let link = ChildLink<String>(run: 1, completion: "done") { [weak parent] delivery, _ in
            if parent != nil { log.delivered.append(delivery) }
        }
        link.heard("signedIn")
        link.childStepEnded(isFinished: false)
        parent = nil
        link.heard("greeted")
        link.childStepEnded(isFinished: true)
        #expect(log.delivered == ["signedIn"])
    }

    @Test func whatTheChildEmitsWhileADeliveryIsHandledWaitsForItsOwnStepEnd() {
        let parent = Parent()
        var link: ChildLink<String>!
        link = ChildLink(run: 1, completion: nil) { delivery, _ in
            parent.delivered.append(delivery)
            // The parent's step sends the child an event whose step emits.
            if delivery == "first" {
                link.heard("second")
                link.childStepEnded(isFinished: false)
            }
        }
        link.heard("first")
        link.heard("third")
        link.childStepEnded(isFinished: false)
        #expect(parent.delivered == ["first", "second", "third"])
    }

    @Test func attachingIsRecorded() {
        let parent = Parent()
        let link = link(to: parent)
        #expect(!link.isAttached)
        link.childAttached()
        #expect(link.isAttached)
    }

    @Test func aChildSlotHoldsTheChildUntilItIsCancelledAndNumbersItsRuns() {
        final class Child {
            var stopped = 0
        }
        var invocations = MachineInvocations(slots: 1)
        let child = Child()
        invocations.startChild(slot: 0) { run in
            #expect(run == 1)
            return RunningInvocation { child.stopped += 1 }
        }
        #expect(invocations.isCurrent(1, slot: 0))
        let cancelled = invocations.cancel(slot: 0)
        #expect(cancelled)
        #expect(child.stopped == 1)
        #expect(!invocations.isCurrent(1, slot: 0))
        invocations.startChild(slot: 0) { run in
            #expect(run == 2)
            return RunningInvocation { child.stopped += 1 }
        }
        #expect(invocations.isCurrent(2, slot: 0))
    }
}
