@testable import FSMCompiler
import Testing

/// SCXML's control language as the import writes it, with the exact spec text: `reenter`
/// exactly where SCXML's external transition needs it, several targets, history defaults with
/// actions, atomic regions, `true` and `false` in conditions (docs/SCXML.md, "Import").
@Suite(.offThePool) struct SCXMLImportControlLanguageTests {
    let importTests = SCXMLImportTests()

    /// An external transition whose targets all lie inside its compound source leaves and
    /// re-enters the source: `reenter`. Not for `type="internal"`, a target outside the source
    /// or the source itself, or a `<parallel>` source, which mean the same without it.
    @Test func reenterExactlyWhereAnExternalTransitionStaysInsideItsCompoundSource() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <parallel id="p">
                <state id="a">
                    <transition event="t" target="a2"/>
                    <transition event="i" target="a2" type="internal"/>
                    <transition event="s" target="a"/>
                    <transition event="h" target="ah"/>
                    <state id="a1"/>
                    <state id="a2"/>
                    <history id="ah"><transition target="a1"/></history>
                </state>
                <state id="b">
                    <state id="b1"><transition event="t" target="b2"/></state>
                    <state id="b2"/>
                </state>
                <transition event="u" target="b2"/>
            </parallel>
            """)) == """
            machine M {
                event t
                event i
                event s
                event h
                event u

                initial parallel state p {
                    state a {
                        history
                        on t reenter -> a2
                        on i -> a2
                        on s -> a
                        on h reenter -> a.history
                        initial state a1
                        state a2
                    }
                    state b {
                        initial state b1 { on t -> b2 }
                        state b2
                    }
                    on u -> b2
                }
            }

            """)
    }

    @Test func severalTargetsAndAtomicRegions() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="idle"><transition event="go" target="boldOn italicOn"/></state>
            <parallel id="editor">
                <state id="bold"><state id="boldOff"/><state id="boldOn"/></state>
                <state id="italic"><state id="italicOff"/><state id="italicOn"/></state>
                <state id="ruler"/>
                <transition event="back" target="idle"/>
            </parallel>
            """)) == """
            machine M {
                event go
                event back

                initial state idle { on go -> boldOn, italicOn }

                parallel state editor {
                    state bold {
                        initial state boldOff
                        state boldOn
                    }
                    state italic {
                        initial state italicOff
                        state italicOn
                    }
                    state ruler
                    on back -> idle
                }
            }

            """)
    }

    /// A history's default transition with its targets and actions; one that enters what the
    /// state enters by default, without actions, says nothing fsmc's history does not.
    @Test func historyDefaultsWithActions() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="main">
                <history id="mh"><transition target="detail"><log label="action" expr="'restore'"/></transition></history>
                <state id="list"/>
                <state id="detail"/>
            </state>
            <parallel id="editor">
                <history id="eh" type="deep"><transition target="boldOn italicOn"/></history>
                <state id="bold"><state id="boldOff"/><state id="boldOn"/></state>
                <state id="italic"><state id="italicOff"/><state id="italicOn"/></state>
            </parallel>
            <state id="plain">
                <history id="ph"><transition target="p1"/></history>
                <state id="p1"/>
                <state id="p2"/>
            </state>
            """)) == """
            machine M {
                initial state main {
                    history -> detail / restore
                    initial state list
                    state detail
                }

                parallel state editor {
                    history deep -> boldOn, italicOn
                    state bold {
                        initial state boldOff
                        state boldOn
                    }
                    state italic {
                        initial state italicOff
                        state italicOn
                    }
                }

                state plain {
                    history
                    initial state p1
                    state p2
                }
            }

            """)
    }

    /// `true` and `false` are folded as the constants they are, as fsmc's checker folds them.
    @Test func trueAndFalseInsideConditions() {
        #expect(importTests.spec(of: SCXMLImportTests.chart("""
            <state id="a">
                <transition event="go" cond="ready || false" target="b"/>
                <transition event="go" cond="false" target="c"/>
                <transition event="stop" cond="ready &amp;&amp; !false" target="c"/>
                <transition event="stop" cond="true || ready" target="b"/>
            </state>
            <state id="b"/>
            <state id="c"/>
            """)) == """
            machine M {
                event go
                event stop

                initial state a {
                    on go [ready] -> b
                    on go [false] -> c
                    on stop [ready] -> c
                    on stop [else] -> b
                }

                state b
                state c
            }

            """)
    }
}
