import FSMCompiler
import Testing
import TestSupport

/// Calls and streams read back from SCXML (docs/SCXML.md, "Invocations"): the `<invoke>` of the
/// session the export writes for `invoke fetch1` or `invoke stream watch2` is that invocation
/// again, and `done.invoke.<id>`, `fsmc.error.<id>` and `fsmc.element.<id>` are `done`, `error`
/// and `on` it. Only the export's session, exactly: anything else is refused where it is
/// written. The round trips of the example machines and of random specs are
/// SCXMLRoundTripTests'.
@Suite struct SCXMLImportCallTests {
    static func exported(_ spec: String = SCXMLInvocationExportTests.spec) throws -> String {
        SCXMLEmitter.emit(try #require(Compiler.compile(SourceText(spec)).model))
    }

    static func imported(_ scxml: String) -> SCXMLImport {
        SCXMLImport.run(SourceText(scxml), fallbackName: "Fetcher", chartName: "Fetcher.scxml")
    }

    @Test func theExportsCallAndStreamComeBackAsTheSpecSaysThem() throws {
        let imported = Self.imported(try Self.exported())
        #expect(imported.chartDiagnostics.isEmpty, "\(imported.chartDiagnostics)")
        #expect(imported.text == """
            // Imported by fsmc from Fetcher.scxml; docs/SCXML.md describes the mapping.

            machine Fetcher {
                event go
                event back

                initial state idle { on go -> loading }

                state loading {
                    invoke fetch1
                    invoke stream watch2
                    done fetch1 -> shown
                    error fetch1 [isOffline()] -> idle / report()
                    on watch2 / apply
                    done watch2 / settle
                    error watch2
                    on back -> idle
                }

                state shown { on back -> idle }
            }

            """)
    }

    /// Results are payloads: the export notes them and the import leaves the note out, as it
    /// leaves out the note on state data; the invocation's documentation comes back.
    @Test func resultsAreLeftOutAndDocumentationComesBack() throws {
        let spec = """
            machine Fetcher {
                event go
                initial state idle { on go -> loading }
                state loading {
                    /// Fetches the user.
                    invoke fetchUser(user: String, age: Int)
                    done fetchUser -> idle
                }
            }
            """
        let imported = Self.imported(try Self.exported(spec))
        #expect(imported.chartDiagnostics.isEmpty, "\(imported.chartDiagnostics)")
        #expect(imported.text?.contains("""
                state loading {
                    /// Fetches the user.
                    invoke fetchUser
                    done fetchUser -> idle
                }
            """) == true, "\(imported.text ?? "")")
    }

    /// A session that is not the export's, element for element, is refused at its `<invoke>`:
    /// it might send its parent events of its own accord, which the export's never does.
    @Test(arguments: [
        (##"<send target="#_parent" event="fsmc.error.fetch1"/>"##, ""),
        (#"<state id="fetch1.failed"/>"#, #"<state id="fetch1.failed"><transition event="fsmc.complete" target="fetch1.ended"/></state>"#),
        (#"<final id="fetch1.ended"/>"#, #"<state id="fetch1.ended"/>"#),
        (#"<invoke id="fetch1" type="http://www.w3.org/TR/scxml/">"#, #"<invoke id="fetch1" type="scxml">"#),
        (#"name="fetch1">"#, #"name="fetch1"><datamodel><data id="x" expr="1"/></datamodel>"#),
        (##"<transition event="fsmc.complete" target="fetch1.ended"/>"##, ##"<transition event="fsmc.complete" target="fetch1.ended"><send target="#_parent" event="fsmc.element.watch2"/></transition>"##),
    ])
    func aSessionThatIsNotTheExportsIsRefusedAtItsInvoke(_ replaced: String, _ replacement: String) throws {
        let scxml = try Self.exported()
        #expect(scxml.contains(replaced))
        let changed = scxml.replacingOccurrences(of: replaced, with: replacement)
        let imported = Self.imported(changed)
        #expect(imported.text == nil)
        let lines = changed.split(separator: "\n", omittingEmptySubsequences: false)
        let invoke = try #require(lines.firstIndex { $0.contains(#"<invoke id="fetch1""#) })
        // The transitions on its results are refused too, as SCXML's `done.invoke` of a child.
        #expect(imported.chartDiagnostics.filter { $0.message.hasPrefix("<invoke>") }.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" } == [
            "\(invoke + 1):\(lines[invoke].prefix { $0 == " " }.count + 1) <invoke> is not supported for a call or a stream but as the export writes it: the session 'fetch1.running' differs from the export's, element for element (docs/SCXML.md, \"Invocations\")",
        ])
    }

    /// The results' events mean a result only as the export writes them: `done.invoke.<id>`,
    /// `fsmc.error.<id>` and (a stream's) `fsmc.element.<id>` of one of the chart's calls and
    /// streams, without a run number; nothing else may send or match them.
    @Test(arguments: [
        (#"<transition event="back" target="idle" type="external"/>"#, #"<transition event="fsmc.element.fetch1" target="idle"/>"#,
         "'fsmc.element.fetch1' is an element of a stream, and 'fetch1' is the export's call (its session has no 'fsmc.yield')"),
        (#"<transition event="back" target="idle" type="external"/>"#, #"<transition event="fsmc.error" target="idle"/>"#,
         "'fsmc.error' also matches 'fsmc.error.fetch1', the result of an invocation, which fsmc takes only by 'done', 'error' or 'on' that invocation"),
        (#"<transition event="back" target="idle" type="external"/>"#, #"<transition event="back" target="idle"><raise event="done.invoke.fetch1"/></transition>"#,
         "'done.invoke.fetch1' is the result of an invocation: fsmc's invocations deliver their results themselves"),
        (#"<transition event="done.invoke.fetch1" target="shown" type="external"/>"#,
         #"<transition event="done.invoke.fetch1" cond="_event.data.fsmc_run == fsmc_run_fetch1" target="shown"/>"#,
         "the condition tests a child's run number, which only a child's event ('fsmc.output.<id>.<output>', 'fsmc.done.<id>') carries"),
        (#"<transition event="back" target="idle" type="external"/>"#, #"<transition event="done.invoke" target="idle"/>"#,
         "'done.invoke' is SCXML's completion of an invocation, which SCXML also delivers from a cancelled run to the next run of the same <invoke>, where fsmc drops it: the import reads a child's completion as the export writes it ('fsmc.done.<id>' with the run number, docs/SCXML.md, \"Child machines\")"),
    ])
    func resultEventsAreReadOnlyAsTheExportWritesThem(_ replaced: String, _ replacement: String, _ message: String) throws {
        let scxml = try Self.exported()
        #expect(scxml.contains(replaced))
        let imported = Self.imported(scxml.replacingOccurrences(of: replaced, with: replacement))
        #expect(imported.text == nil)
        #expect(imported.chartDiagnostics.map(\.message).contains(message), "\(imported.chartDiagnostics.map(\.message))")
    }

    /// A foreign chart's inline child that completes is a child machine: its `done.invoke`
    /// stays refused (SCXMLImportChildMachineTests), even under an id that is a call's elsewhere.
    @Test func aChildMachinesDoneInvokeIsStillRefused() throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Parent">
              <state id="running">
                <invoke id="worker"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                  <state id="a"><transition event="go" target="b"/></state><final id="b"/>
                </scxml></content></invoke>
                <transition event="done.invoke.worker" target="over"/>
              </state>
              <state id="over"/>
            </scxml>
            """
        let imported = Self.imported(chart)
        #expect(imported.text == nil)
        #expect(imported.chartDiagnostics.map(\.message) == [
            "'done.invoke.worker' is SCXML's completion of an invocation, which SCXML also delivers from a cancelled run to the next run of the same <invoke>, where fsmc drops it: the import reads a child's completion as the export writes it ('fsmc.done.<id>' with the run number, docs/SCXML.md, \"Child machines\")",
        ])
    }
}
