@testable import FSMCompiler
import Testing

/// `initial` naming descendants (written as the initial children along the path, refused where
/// that would change how a state is entered another way) and names the language reserves
/// (given a `_`), with the exact spec the import writes (docs/SCXML.md, "Import").
@Suite(.offThePool) struct SCXMLImportInitialAndNamesTests {
    let importTests = SCXMLImportTests()

    @Test func anInitialAttributeNamingADescendantSetsTheInitialChildrenAlongThePath() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="a" initial="deep">
                <state id="b">
                    <state id="other"/>
                    <state id="deep"/>
                </state>
                <state id="c"><transition event="go" target="a"/></state>
            </state>
            """)) == """
            machine M {
                event go

                initial state a {
                    initial state b {
                        state other
                        initial state deep
                    }
                    state c { on go -> a }
                }
            }

            """)
    }

    @Test func theDocumentsInitialCanNameStatesInTwoRegions() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="first"/>
            <parallel id="p">
                <state id="r1"><state id="x1"/><state id="x2"/></state>
                <state id="r2"><state id="y1"/><state id="y2"/></state>
            </parallel>
            """, attributes: #" initial="x2 y2""#)) == """
            machine M {
                state first

                initial parallel state p {
                    state r1 {
                        state x1
                        initial state x2
                    }
                    state r2 {
                        state y1
                        initial state y2
                    }
                }
            }

            """)
    }

    /// The `initial` attributes of the states on the way, and of the other region, enter their
    /// states only when those are entered by default: they change nothing (W3C test 413's shape).
    @Test func theInitialsOfStatesOnTheWayAndOfOtherRegionsDoNotStandInTheWay() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="s2" initial="p">
                <parallel id="p">
                    <state id="r1" initial="x1"><state id="x1"/><state id="x2"/></state>
                    <state id="r2" initial="y1"><state id="y1"/><state id="y2"/></state>
                </parallel>
            </state>
            """, attributes: #" initial="x2 y2""#)) == """
            machine M {
                initial state s2 {
                    initial parallel state p {
                        state r1 {
                            state x1
                            initial state x2
                        }
                        state r2 {
                            state y1
                            initial state y2
                        }
                    }
                }
            }

            """)
    }

    @Test func anInitialElementCanNameADescendantToo() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="a">
                <initial><transition target="a22"/></initial>
                <state id="a1"/>
                <state id="a2"><state id="a21"/><state id="a22"/></state>
            </state>
            """)) == """
            machine M {
                initial state a {
                    state a1
                    initial state a2 {
                        state a21
                        initial state a22
                    }
                }
            }

            """)
    }

    /// `a`'s shallow history enters `b` by default, which SCXML starts in `other`; `r1`'s own
    /// path is free (nothing else enters `x` by default); `p1 p2` is no configuration.
    @Test func aPathIsRefusedWhereItWouldChangeAnotherDefaultEntry() {
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <state id="a" 1️⃣initial="deep">
                <history id="h" type="shallow"/>
                <state id="b"><state id="other"/><state id="deep"/></state>
            </state>
            <parallel id="p">
                <state id="r1" initial="x2"><state id="x0"/><state id="x"><state id="x1"/><state id="x2"/></state></state>
                <state id="r2"><state id="y1"><transition event="go" target="y1"/></state></state>
            </parallel>
            <state id="q" 3️⃣initial="p1 p2"><state id="p1"/><state id="p2"/></state>
            """), [
            .error("1️⃣", "the initial state 'deep' lies below a child of 'a': fsmc writes it as the initial children along the way, but the shallow history of 'a' enters its children by default, so that would change what it enters; no fsmc spec says both"),
            .error("3️⃣", "'p1 p2' is no configuration SCXML can start in: several initial states lie in different regions of one parallel state"),
        ])
    }

    /// SCXML enters a state whose `initial` names its history through that history whenever it
    /// enters the state by default; fsmc has no initial history (docs/SCXML.md, "What the
    /// import refuses").
    @Test func aStateThatStartsInItsHistoryIsRefusedWithTheReason() {
        importTests.expectRefusal(SCXMLImportTests.chart("""
            <parallel id="p">
                <state id="b" 1️⃣initial="hb">
                    <history id="hb" type="deep"><transition target="b1"/></history>
                    <state id="b1"/>
                </state>
                <state id="c">
                    <initial><transition 2️⃣target="hc"/></initial>
                    <history id="hc"><transition target="c1"/></history>
                    <state id="c1"/>
                </state>
            </parallel>
            """), [
            .error("1️⃣", "'b' starts in its history 'hb' (the deep history of 'b'): fsmc starts a state in one of its child states and has no initial history; it enters a history only as a transition's one target ('-> b.history')"),
            .error("2️⃣", "'c' starts in its history 'hc' (the shallow history of 'c'): fsmc starts a state in one of its child states and has no initial history; it enters a history only as a transition's one target ('-> c.history')"),
        ])
    }

    /// A top-level state with children is a case of the generated `State` and names a type
    /// inside it too, which Swift cannot have under one name: `AB` becomes `aB`.
    @Test func aTopLevelStateWithChildrenStartsInLowerCase() {
        let chart = SCXMLImportTests.chart("""
            <state id="AB"><state id="A"><transition event="go" target="B"/></state><state id="B"/></state>
            <state id="C"/>
            """)
        #expect(importTests.spec(of: chart) == """
            machine M {
                event go

                initial state aB {
                    initial state A { on go -> B }
                    state B
                }

                state C
            }

            """)
        let result = SCXMLImport.run(SourceText(chart), fallbackName: "M", chartName: "m.scxml")
        #expect(result.stateNames == ["AB": "aB", "A": "A", "B": "B", "C": "C"])
    }

    @Test func reservedNamesGetAnUnderscore() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <datamodel><data id="default" expr="false"/></datamodel>
            <state id="initial">
                <transition event="state" cond="default &amp;&amp; In('initial')" target="rawValue">
                    <log label="action" expr="'return'"/>
                </transition>
            </state>
            <state id="rawValue"/>
            """, attributes: #" datamodel="ecmascript""#)) == """
            machine M {
                event state_

                initial state initial_ { on state_ [default_ && in(initial_)] -> rawValue_ / return_ }
                state rawValue_
            }

            """)
    }

    /// The names the import gave, on its result: what the SCION suite and the import's
    /// differential check read a chart's configurations and events through.
    @Test func theImportTellsTheNameEachIDAndEventBecame() {
        let result = SCXMLImport.run(SourceText("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                <state id="initial"><transition event="door.open" target="red-light"/></state>
                <state id="red-light"><transition event="state" target="initial"/></state>
            </scxml>
            """), fallbackName: "M", chartName: "m.scxml")
        #expect(result.text != nil)
        #expect(result.stateNames == ["initial": "initial_", "red-light": "redLight"])
        #expect(result.eventNames == ["door.open": "doorOpen", "state": "state_"])
        let refused = SCXMLImport.run(SourceText("<scxml/>"), fallbackName: "M", chartName: "m.scxml")
        #expect(refused.stateNames.isEmpty && refused.eventNames.isEmpty)
    }
}
