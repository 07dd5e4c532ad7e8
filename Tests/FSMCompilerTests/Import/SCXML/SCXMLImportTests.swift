@testable import FSMCompiler
import Testing

/// `fsmc import`'s mapping from SCXML to a spec, construct by construct, and every refusal
/// with the element or attribute it points at. Round trips of the example machines are in
/// ``SCXMLRoundTripTests``, the XML reader's own errors in ``XMLReaderTests``.
@Suite(.offThePool) struct SCXMLImportTests {
    /// A chart around `body`: `<scxml>` with SCXML's namespace and the name `M`.
    static func chart(_ body: String, attributes: String = "") -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="M"\(attributes)>
        \(body)
        </scxml>
        """
    }

    /// The spec the import writes for a chart, without its header comment, expecting nothing
    /// said about the chart (the spec's own warnings, such as a state with no way out, are
    /// not the import's business).
    func spec(of chart: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let result = SCXMLImport.run(SourceText(chart), fallbackName: "Fallback", chartName: "m.scxml")
        #expect(MarkedSource.lines(of: result.chartDiagnostics) == [], sourceLocation: sourceLocation)
        #expect(!result.specDiagnostics.contains { $0.severity == .error }, "\(result.specDiagnostics)", sourceLocation: sourceLocation)
        return (result.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
    }

    // MARK: - Mapping

    @Test func statesInitialStatesAndFinalStates() {
        #expect(spec(of: Self.chart("""
            <state id="a">
                <transition event="go" target="b"/>
            </state>
            <state id="b" initial="b2">
                <state id="b1"/>
                <state id="b2"><transition event="go" target="b1"/></state>
                <transition event="stop" target="end"/>
            </state>
            <final id="end"/>
            """, attributes: #" initial="b""#)) == """
            machine M {
                event go
                event stop

                state a { on go -> b }

                initial state b {
                    state b1
                    initial state b2 { on go -> b1 }
                    on stop -> end
                }

                final state end
            }

            """)
    }

    @Test func withoutAnInitialAttributeTheFirstChildStartsAndAnInitialElementNamesOne() {
        #expect(spec(of: Self.chart("""
            <state id="a">
                <initial><transition target="a2"/></initial>
                <state id="a1"/>
                <state id="a2"><transition event="go" target="a1"/></state>
            </state>
            <state id="b"/>
            """)) == """
            machine M {
                event go

                initial state a {
                    state a1
                    initial state a2 { on go -> a1 }
                }

                state b
            }

            """)
    }

    @Test func qtCreatorsLayoutAndOtherNamespacesAreSkipped() {
        #expect(spec(of: """
            <?xml version="1.0" encoding="UTF-8"?>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:qt="http://www.qt.io/2015/02/scxml-ext" version="1.0" binding="early" qt:editorversion="13.0.0" name="Editor">
                <qt:editorinfo initialGeometry="0;0;-20;-20;40;40"/>
                <state id="only"><qt:editorinfo geometry="1;2;3;4"/><transition event="e" target="only"><qt:note/></transition></state>
            </scxml>
            """) == """
            machine Editor {
                event e

                initial state only { on e -> only }
            }

            """)
    }

    @Test func idsAndEventNamesThatAreNotIdentifiersAreMappedAndTheFileNamesAMachineWithoutAName() {
        let result = SCXMLImport.run(SourceText("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                <state id="red-light"><transition event="door.open" target="2nd"/></state>
                <state id="2nd"/>
            </scxml>
            """), fallbackName: "traffic-light", chartName: "traffic-light.scxml")
        #expect(result.text == """
            // Imported by fsmc from traffic-light.scxml; docs/SCXML.md describes the mapping.

            machine TrafficLight {
                event doorOpen

                initial state redLight { on doorOpen -> _2nd }
                state _2nd
            }

            """)
    }

    @Test func severalEventsInOneTransitionAreOneTransitionEachAndADescriptorTakesTheEventsItPrefixes() {
        #expect(spec(of: Self.chart("""
            <state id="a">
                <transition event="error" target="b"/>
                <transition event="go stop" target="b"/>
                <transition event="net.*" target="a"/>
            </state>
            <state id="b">
                <transition event="error.io net.down" target="a"/>
                <transition event="net.up"/>
            </state>
            """)) == """
            machine M {
                event error
                event go
                event stop
                event errorIo
                event netDown
                event netUp

                initial state a {
                    on error -> b
                    on errorIo -> b
                    on go -> b
                    on stop -> b
                    on netDown -> a
                    on netUp -> a
                }

                state b {
                    on errorIo -> a
                    on netDown -> a
                    on netUp
                }
            }

            """)
    }

    @Test func conditionsBecomeGuardsAndAnUnconditionedTransitionAfterGuardedOnesElse() {
        #expect(spec(of: Self.chart("""
            <datamodel>
                <data id="ready" expr="false"/>
                <!-- function -->
                <data id="fsmc_function" expr="true"/>
            </datamodel>
            <parallel id="p">
                <state id="r1"><state id="x"><transition event="go" cond="!ready &amp;&amp; (In('y') || fsmc_function)" target="x2"/><transition event="go"/></state><state id="x2"/></state>
                <state id="r2"><state id="y"><transition event="go" cond="true" target="y"/></state></state>
            </parallel>
            """, attributes: #" datamodel="ecmascript""#)) == """
            machine M {
                event go

                initial parallel state p {
                    state r1 {
                        initial state x {
                            on go [!ready && (in(y) || function)] -> x2
                            on go [else]
                        }
                        state x2
                    }
                    state r2 {
                        initial state y { on go -> y }
                    }
                }
            }

            """)
    }

    @Test func timersEventlessTransitionsCompletionHistoryAndActions() {
        #expect(spec(of: Self.chart("""
            <datamodel><data id="backoff" expr="'2s'"/></datamodel>
            <state id="main">
                <onentry><log label="action" expr="'start'"/><send event="tick" delay="0.25s" id="t1"/><send event="slow" delayexpr="backoff" id="t2"/></onentry>
                <onexit><cancel sendid="t1"/><cancel sendid="t2"/><log label="emit" expr="'stopped'"/></onexit>
                <transition event="tick" type="internal"><raise event="poll"/><send event="poll" target="#_internal"/></transition>
                <transition event="slow" target="main"/>
                <transition event="done.state.main" target="idle"/>
                <history id="h" type="deep"><transition target="work"/></history>
                <state id="work"><transition event="poll" target="finished"/></state>
                <final id="finished"/>
            </state>
            <state id="idle">
                <transition target="main" cond="In('idle')"/>
                <transition event="resume" target="h"/>
            </state>
            """)) == """
            machine M {
                event poll
                event resume

                output stopped

                initial state main {
                    history deep
                    entry / start
                    exit / emit stopped
                    after 250ms / raise poll, raise poll
                    after backoff -> main
                    done -> idle
                    initial state work { on poll -> finished }
                    final state finished
                }

                state idle {
                    always [in(idle)] -> main
                    on resume -> main.history
                }
            }

            """)
    }

    @Test func theExportsMachineWrapperGivesMachineLevelTransitionsAndItsExactEventMatches() {
        #expect(spec(of: Self.chart("""
            <state id="fsmc.machine" initial="b">
                <transition event="done" cond="_event.name == 'done'" target="a" type="internal"/>
                <transition event="reset" target="over"/>
                <state id="a"/>
                <state id="b"><transition event="error" cond="_event.name === 'error' &amp;&amp; ok" target="a"/></state>
            </state>
            <final id="over"/>
            """, attributes: #" initial="fsmc.machine""#)) == """
            machine M {
                event done
                event reset
                event error

                on done -> a
                on reset -> over

                state a
                initial state b { on error [ok] -> a }
                final state over
            }

            """)
    }

    @Test func commentsBeforeAStateOrATransitionDocumentIt() {
        #expect(spec(of: """
            <!-- Exported by fsmc from machine M; the mapping is described in fsmc's docs/SCXML.md. -->
            <!-- The machine. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="M">
                <!-- The first state,
                     on two lines. -->
                <state id="a">
                    <!-- state data, not exported: id: Int -->
                    <!-- Goes round. -->
                    <transition event="go" target="a"/>
                </state>
            </scxml>
            """) == """
            /// The machine.
            machine M {
                event go

                /// The first state,
                /// on two lines.
                initial state a {
                    /// Goes round.
                    on go -> a
                }
            }

            """)
    }

    @Test func aTransitionAnEarlierOneAlwaysBeatsIsLeftOutWithAWarning() {
        let chart = MarkedSource(Self.chart("""
            <state id="a">
                1️⃣<transition event="go" target="b"/>
                2️⃣<transition event="go.fast stop" target="b"/>
            </state>
            <final id="b"/>
            """))
        let result = SCXMLImport.run(chart.source, fallbackName: "M", chartName: "m.scxml")
        #expect(MarkedSource.lines(of: result.chartDiagnostics) == chart.lines(of: [
            .warning("2️⃣", "this transition is never taken on 'go.fast': the one on line 3 is taken first; the spec leaves it out", notes: [("1️⃣", "the transition that takes it")]),
        ]))
        #expect(result.text?.contains("""
                initial state a {
                    on go -> b
                    on goFast -> b
                    on stop -> b
                }
            """) == true)
    }

    @Test func aSpecTheLanguageRejectsReportsItsErrorsAgainstTheSpec() {
        let result = SCXMLImport.run(SourceText(Self.chart("""
            <state id="a"><transition target="a"/></state>
            """)), fallbackName: "M", chartName: "m.scxml")
        #expect(result.text == nil)
        #expect(result.chartDiagnostics.isEmpty)
        #expect(result.specDiagnostics.contains { $0.severity == .error && $0.message.contains("eventless") })
    }

    // MARK: - Refusals

    func expectRefusal(_ marked: String, _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let chart = MarkedSource(marked)
        let (model, diagnostics, _, _) = SCXMLImporter.importChart(chart.source, fallbackName: "M")
        #expect(model == nil, sourceLocation: sourceLocation)
        #expect(MarkedSource.lines(of: diagnostics) == chart.lines(of: expected, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    @Test func notSCXML() {
        expectRefusal("1️⃣<chart/>", [.error("1️⃣", "the root element is <chart>, not SCXML's <scxml> (namespace http://www.w3.org/2005/07/scxml)")])
        expectRefusal(Self.chart("<state id=\"a\"/>", attributes: #" 1️⃣datamodel="xpath""#), [
            .error("1️⃣", "the data model 'xpath' is not supported: fsmc reads conditions as ECMAScript's or the null data model's"),
        ])
        expectRefusal("1️⃣" + Self.chart("<datamodel/>"), [.error("1️⃣", "the chart has no states")])
    }

    @Test func scriptsInvokeAssignIfForeachAndDonedata() {
        expectRefusal(Self.chart("""
            1️⃣<script>var x = 1;</script>
            <state id="a">
                <invoke type="scxml" 2️⃣src="other.scxml"/>
                <onentry>3️⃣<assign location="x" expr="2"/></onentry>
                <transition event="go" target="b">4️⃣<if cond="x"><raise event="go"/></if>5️⃣<foreach array="xs" item="x"/></transition>
            </state>
            <final id="b">6️⃣<donedata><content expr="1"/></donedata></final>
            """), [
            .error("1️⃣", "<script> is not supported: fsmc's machines run no scripts; actions are the user's Swift"),
            .error("2️⃣", "<invoke src> is not supported: the import reads a child chart written inline, in <content>"),
            .error("3️⃣", "<assign> is not supported: fsmc's machines have no data model to assign to"),
            .error("4️⃣", "<if> is not supported: write the choice as guarded transitions"),
            .error("5️⃣", "<foreach> is not supported: fsmc's actions are plain calls"),
            .error("6️⃣", "<donedata> is not supported: fsmc's completion ('done') carries no data"),
        ])
    }

    @Test func sendsThatAreNotTimers() {
        expectRefusal(Self.chart("""
            <state id="a">
                <onentry>
                    1️⃣<send event="later" delay="1s" id="t"/>
                    <send event="now" 2️⃣target="#_parent" delay="1s" id="u"/>
                    <send event="ok" 3️⃣delay="soon" id="v"/>
                </onentry>
                <onexit><cancel sendid="u"/><cancel sendid="v"/></onexit>
                5️⃣<transition event="go" target="a">4️⃣<send event="x"/></transition>
            </state>
            """), [
            .error("1️⃣", "this delayed <send> in its <onentry> is not cancelled when 'a' is left (by a <cancel sendid> of its id in its <onexit>), so SCXML delivers its event even after 'a' was left and entered again, where fsmc's timer ('after') starts over: the import maps it only for a state entered at most once, and 'a' can be entered again", notes: [("5️⃣", "a transition that enters it again")]),
            .error("2️⃣", "a delayed <send> is an fsmc timer ('after') only as <send event=\"…\" delay=\"…\"/> to the chart itself: a <send> to another target is not supported"),
            .error("3️⃣", "the delay 'soon' is not a time fsmc reads, such as '500ms' or '1.5s'"),
            .error("4️⃣", "<send> is not supported: fsmc's machines send no events; a delayed <send> of an event to the chart as its state is entered is a timer ('after')"),
        ])
    }

    @Test func conditionsBeyondNamedBooleansAndIn() {
        expectRefusal(Self.chart("""
            <state id="a">
                <transition event="go" 1️⃣cond="count &gt; 3" target="a"/>
                <transition event="go" 2️⃣cond="isReady()" target="a"/>
                <transition event="go" 3️⃣cond="_event.data.ok" target="a"/>
                <transition event="go" 4️⃣cond="In('nowhere')" target="a"/>
            </state>
            """), [
            .error("1️⃣", "the condition 'count > 3' is not supported: '> 3' computes a value; fsmc's guards are named booleans combined with !, && and ||"),
            .error("2️⃣", "the condition 'isReady()' is not supported: 'isReady(…)' calls a function; fsmc's guards are named booleans, or In('state')"),
            .error("3️⃣", "the condition '_event.data.ok' is not supported: only '_event.name' is read of '_event', compared with '==' to a quoted name: fsmc's events carry no data a condition could test"),
            .error("4️⃣", "In('nowhere'): no state has the id 'nowhere'"),
        ])
    }

    @Test func eventsFsmcCannotExpress() {
        expectRefusal(Self.chart("""
            <state id="a" initial="a1">
                <onentry>7️⃣<send event="fsmc.after.a.1" delay="1s" id="fsmc.after.a.1"/></onentry>
                <onexit><cancel sendid="fsmc.after.a.1"/></onexit>
                <transition 1️⃣event="*" target="a"/>
                <transition 2️⃣event="done.state.a1" target="a"/>
                <transition 3️⃣event="done" target="a"/>
                <state id="a1"><transition 4️⃣event="fsmc.after.a.1" target="a"/><transition 5️⃣event="fsmc" target="a"/></state>
                <transition event="go"><raise 6️⃣event="done.state.a"/></transition>
            </state>
            """), [
            .error("1️⃣", "the event descriptor '*' matches every event, SCXML's own included: fsmc has no transition on any event"),
            .error("2️⃣", "'done.state.a1' matches SCXML's completion events: fsmc's 'done' is taken only in the state that completes, as 'done.state.<its id>'"),
            .error("3️⃣", "'done' matches SCXML's completion events: fsmc's 'done' is taken only in the state that completes, as 'done.state.<its id>'"),
            .error("4️⃣", "'fsmc.after.a.1' is the event of a timer of 'a' (its delayed <send>): fsmc's 'after' is declared in the state whose timer it is", notes: [("7️⃣", "the timer")]),
            .error("5️⃣", "'fsmc' also matches the event 'fsmc.after.a.1' of a timer of 'a', which fsmc cannot express", notes: [("7️⃣", "the timer")]),
            .error("6️⃣", "'done.state.a' is SCXML's completion event: fsmc's machines complete by entering a final state"),
        ])
    }

    @Test func targetsAndTypesFsmcCannotExpress() {
        expectRefusal(Self.chart("""
            <parallel id="p">
                <history id="ph"><transition target="r1"/></history>
                <state id="r1"><state id="x"><transition event="go" 1️⃣target="ph y"/></state></state>
                <state id="r2"><state id="y"><transition event="go" 2️⃣target="nowhere"/></state></state>
            </parallel>
            <state id="a">
                <history id="ah" type="deep"><transition target="a1"/></history>
                <state id="a1"><transition event="back" 3️⃣target="ah"/></state>
            </state>
            """), [
            .error("1️⃣", "the history 'ph' is one of several targets ('ph y'): fsmc enters a history as a transition's only target"),
            .error("2️⃣", "no state has the id 'nowhere'"),
            .error("3️⃣", "a transition into the history of 'a' from inside 'a' is not supported: SCXML restores what the history held before it, fsmc leaves 'a' first and restores the state it left"),
        ])
    }

    @Test func structureFsmcCannotExpress() {
        expectRefusal(Self.chart("""
            <parallel id="p">
                1️⃣<final id="finalRegion"/>
                <state id="r"><state id="r1"/></state>
            </parallel>
            <state id="a" 2️⃣initial="deep">
                <state id="b"><state id="other"/><state id="deep"/></state>
                <history id="h1"><transition 3️⃣target="p"/></history>
                4️⃣<history id="h2" type="deep"/>
                <state id="c"><transition event="go" target="b"/></state>
            </state>
            5️⃣<state/>
            """), [
            .error("1️⃣", "'finalRegion' is a <final> region of the parallel state 'p': SCXML's and fsmc's regions are not final"),
            .error("2️⃣", "the initial state 'deep' lies below a child of 'a': fsmc writes it as the initial children along the way, but 'b' is also entered by name (line 10), so that would change what it enters; no fsmc spec says both"),
            .error("3️⃣", "the history's default transition enters 'p', which is not inside 'a': SCXML and fsmc enter states inside the history's state"),
            .error("4️⃣", "'a' has a second <history>: an fsmc state has one history, shallow or deep"),
            .error("5️⃣", "a <state> without an id: fsmc names every state; give it one"),
        ])
    }

    @Test func namesFsmcCannotTake() {
        expectRefusal(Self.chart("""
            0️⃣<state id="a-b"/>
            <state 1️⃣id="a.b"/>
            3️⃣<state id="state"/>
            <state 2️⃣id="state_"/>
            <state id="c"><transition event="default" target="c"><log label="action" 4️⃣expr="'not a name'"/><log 5️⃣label="action"/></transition></state>
            """), [
            .error("1️⃣", "the ids 'a-b' and 'a.b' both become 'aB' in fsmc; rename one", notes: [("0️⃣", "'a-b' is here")]),
            .error("2️⃣", "the ids 'state' and 'state_' both become 'state_' in fsmc; rename one", notes: [("3️⃣", "'state' is here")]),
            .error("4️⃣", "'not a name' cannot name an action in fsmc: it is not an identifier"),
            .error("5️⃣", "a <log> is an action as <log label=\"action\" expr=\"'name'\"/> or an output as <log label=\"emit\" expr=\"'name'\"/>"),
        ])
    }

    @Test func dataBeyondNamedBooleansAndDelays() {
        expectRefusal(Self.chart("""
            <datamodel>
                <data id="count" 1️⃣expr="0"/>
                <data id="items" 2️⃣src="items.json"/>
                3️⃣<data id="config">{"a": 1}</data>
            </datamodel>
            <state id="a"/>
            """), [
            .error("1️⃣", "the data 'count' is '0': fsmc reads data as named booleans (true or false) and delays (a quoted time such as '1s')"),
            .error("2️⃣", "<data src> is not supported: fsmc's data model holds named booleans"),
            .error("3️⃣", "<data> with content is not supported: fsmc's data model holds named booleans"),
        ])
    }
}
