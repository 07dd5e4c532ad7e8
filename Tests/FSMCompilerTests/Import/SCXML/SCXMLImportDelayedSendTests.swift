@testable import FSMCompiler
import Testing

/// Delayed `<send>`s that nothing cancels when their state is left, and those in the transition
/// into their state: fsmc timers exactly where SCXML means the same (the state entered at most
/// once, the transition the only way into it, no other send of the event), refused with the
/// reason everywhere else (docs/SCXML.md, "Import").
@Suite(.offThePool) struct SCXMLImportDelayedSendTests {
    let importTests = SCXMLImportTests()

    @Test func anUncancelledSendOfAStateEnteredOnceAndOneInTheOnlyTransitionIntoItAreTimers() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="a"><transition event="t1" target="b"/></state>
            <state id="b">
                <onentry><send event="s" delay="10ms"/></onentry>
                <transition event="s" target="c"/>
            </state>
            <state id="c"><transition event="t2" target="d"><send event="u" delay="1s" id="x"/></transition></state>
            <state id="d"><transition event="u" target="e"/></state>
            <final id="e"/>
            """)) == """
            machine M {
                event t1
                event t2

                initial state a { on t1 -> b }
                state b { after 10ms -> c }
                state c { on t2 -> d }
                state d { after 1s -> e }
                final state e
            }

            """)
    }

    /// The imported timers fire as SCXML's sends do: `b` waits 10 ms, `d` one second.
    @Test func theImportedTimersFire() throws {
        let imported = SCXMLImport.run(SourceText(SCXMLImportTests.chart("""
            <state id="a"><transition event="t1" target="b"><send event="s" delay="10ms"/></transition></state>
            <state id="b"><transition event="s" target="c"/></state>
            <state id="c"/>
            """)), fallbackName: "M", chartName: "m.scxml")
        let machine = try #require(imported.text.flatMap { Compiler.compile(SourceText($0)).executable })
        var interpreter = MachineInterpreter(machine: machine)
        _ = interpreter.start(answers: [])
        _ = interpreter.send(EventID(0), answers: [])
        _ = interpreter.advance(to: interpreter.now + 9_000_000, answers: [])
        #expect(interpreter.atomicStates.map { machine.model[$0].name } == ["b"])
        _ = interpreter.advance(to: interpreter.now + 1_000_000, answers: [])
        #expect(interpreter.atomicStates.map { machine.model[$0].name } == ["c"])
    }

    @Test func sendsThatMeanSomethingElseThanATimerAreRefusedWithTheReason() {
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a">
                <onentry>1️⃣<send event="s" delay="1s"/></onentry>
                <onexit>2️⃣<send event="later" delay="1s"/></onexit>
                <transition event="s" target="b"/>
            </state>
            <state id="b">
                3️⃣<transition event="back" target="a"/>
                <transition event="go" target="c">4️⃣<send event="v" delay="1s"/></transition>
                5️⃣<transition event="skip" target="c"/>
                <transition event="stay">6️⃣<send event="w" delay="1s"/></transition>
                <transition event="id" target="d"><send event="x" 7️⃣idlocation="where" delay="1s"/></transition>
            </state>
            <state id="c"><transition event="v" target="a"/></state>
            <state id="d"/>
            """), [
            .error("1️⃣", "this delayed <send> in its <onentry> is not cancelled when 'a' is left (by a <cancel sendid> of its id in its <onexit>), so SCXML delivers its event even after 'a' was left and entered again, where fsmc's timer ('after') starts over: the import maps it only for a state entered at most once, and 'a' can be entered again", notes: [("3️⃣", "a transition that enters it again")]),
            .error("2️⃣", "a delayed <send> in <onexit> starts when 'a' is left, and SCXML delivers its event to whatever is active then: fsmc's timers ('after') start when their state is entered and stop when it is left"),
            .error("4️⃣", "a delayed <send> in a transition is an fsmc timer ('after') of the one state the transition enters, when it is the only way into it: SCXML starts this <send> when the transition is taken, fsmc's timer whenever 'c' is entered, which another transition does too", notes: [("5️⃣", "the other transition")]),
            .error("6️⃣", "a delayed <send> in a transition is an fsmc timer ('after') of the one state the transition enters: this transition enters none"),
            .error("7️⃣", "a delayed <send> is an fsmc timer ('after') only as <send event=\"…\" delay=\"…\"/> to the chart itself: 'idlocation' stores the send's id in the data model, which fsmc's machines do not have"),
        ])
    }

    @Test func anUncancelledEventSentTwiceOrASendIntoTheStartingStateIsRefused() {
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a"><onentry>1️⃣<send event="s" delay="1s"/></onentry><transition event="s" target="b"/></state>
            <state id="b"><onentry>2️⃣<send event="s" delay="2s"/></onentry><transition event="s" target="c"/></state>
            <final id="c"/>
            """), [
            .error("1️⃣", "another delayed <send> sends 's' too, and this one is not cancelled when 'a' is left: SCXML could deliver either's event to the other's state, fsmc's timers fire their own state's transitions", notes: [("2️⃣", "the other <send>")]),
            .error("2️⃣", "another delayed <send> sends 's' too, and this one is not cancelled when 'b' is left: SCXML could deliver either's event to the other's state, fsmc's timers fire their own state's transitions", notes: [("1️⃣", "the other <send>")]),
        ])
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a"><transition event="go" target="a">1️⃣<send event="t" delay="1s"/></transition></state>
            """), [
            .error("1️⃣", "a delayed <send> in a transition is an fsmc timer ('after') of the one state the transition enters, when it is the only way into it: SCXML starts this <send> when the transition is taken, fsmc's timer whenever 'a' is entered, and the machine starts in it"),
        ])
        // An unknown target is the target's error alone.
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a"><transition event="go" 1️⃣target="nowhere"><send event="t" delay="1s"/></transition></state>
            """), [
            .error("1️⃣", "no state has the id 'nowhere'"),
        ])
    }

    /// A `<cancel>` of a timer's id in a transition that leaves its state changes nothing (the
    /// timer stops as the state is left); one that does not leave it, or of another id, is
    /// refused.
    @Test func aCancelOnTheWayOutIsNothingAndAnyOtherIsRefused() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="a" initial="a1">
                <onentry><send event="s" delay="1s" id="i"/></onentry>
                <onexit><cancel sendid="i"/></onexit>
                <transition event="s" target="a"/>
                <transition event="stop" target="b"><cancel sendid="i"/></transition>
                <state id="a1"><transition event="leave" target="b"><cancel sendid="i"/></transition></state>
            </state>
            <state id="b"/>
            """)) == """
            machine M {
                event stop
                event leave

                initial state a {
                    after 1s -> a
                    on stop -> b
                    initial state a1 { on leave -> b }
                }

                state b
            }

            """)
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a" initial="a1">
                <onentry><send event="s" delay="1s" id="i"/></onentry>
                <onexit><cancel sendid="i"/></onexit>
                <transition event="s" target="a"/>
                <transition event="stop">1️⃣<cancel sendid="i"/></transition>
                <state id="a1"><transition event="next" target="a2">2️⃣<cancel sendid="i"/></transition></state>
                <state id="a2"><transition event="leave" target="b">3️⃣<cancel sendid="other"/></transition></state>
            </state>
            <state id="b"/>
            """), [
            .error("1️⃣", Self.cancelRefusal),
            .error("2️⃣", Self.cancelRefusal),
            .error("3️⃣", Self.cancelRefusal),
        ])
    }

    static let cancelRefusal = "<cancel> is not supported here: fsmc's timers stop only when their state is left, which is a <cancel> of the timer's id in that state's <onexit> or in a transition from inside it that leaves it"
}
