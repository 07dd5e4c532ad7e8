import FSMCompiler
import Testing

/// Child machines exported as `<invoke>`s of the child's own document, inline, whose outputs
/// and completion carry the run's number (docs/SCXML.md, "Child machines"). Qt runs the
/// mapping in fsm-differential's `--children` campaign and its replay of DESIGN's pair.
@Suite struct SCXMLChildMachineExportTests {
    static let signIn = """
        machine SignIn {
            event submit(name: String)
            output signedIn(user: String)
            initial state form {
                exit / clearForm
                on submit -> finished / emit signedIn(user: name)
            }
            final state finished
        }
        """

    static let app = """
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home(user: user)
                done signIn -> home(user: "guest")
            }
            state home(user: String) { on logOut -> onboarding }
        }
        """

    /// The model of `spec` with `siblings` as its target's other machines, child machines on.
    static func model(_ spec: String, siblings: [String] = []) throws -> MachineModel {
        let compilation = Compiler.compile(
            SourceText(spec), machines: MachineCatalog(specs: siblings.map { SourceText($0) }))
        return try #require(compilation.model, "\(compilation.diagnostics)")
    }

    @Test func aChildMachineIsItsDocumentInvokedInline() throws {
        let app = try Self.model(Self.app, siblings: [Self.signIn])
        let signIn = try Self.model(Self.signIn)
        #expect(SCXMLEmitter.refusals(app, children: ["SignIn": signIn]).isEmpty)
        let scxml = SCXMLEmitter.emit(app, children: ["SignIn": signIn])
        #expect(scxml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Exported by fsmc from machine App; the mapping is described in fsmc's docs/SCXML.md. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="onboarding" name="App">
              <datamodel>
                <data id="fsmc_run_signIn" expr="0"/>
              </datamodel>
              <state id="onboarding">
                <onexit>
                  <assign location="fsmc_run_signIn" expr="fsmc_run_signIn + 1"/>
                </onexit>
                <invoke id="signIn" type="http://www.w3.org/TR/scxml/">
                  <param name="fsmc_run" expr="fsmc_run_signIn"/>
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="form" name="SignIn">
                      <datamodel>
                        <data id="fsmc_run" expr="0"/>
                      </datamodel>
                      <state id="form">
                        <onexit>
                          <log label="action" expr="'clearForm'"/>
                        </onexit>
                        <transition event="submit" target="finished" type="external">
                          <log label="emit" expr="'signedIn'"/>
                          <send target="#_parent" event="fsmc.output.signIn.signedIn">
                            <param name="fsmc_run" expr="fsmc_run"/>
                          </send>
                        </transition>
                      </state>
                      <final id="finished">
                        <onentry>
                          <send target="#_parent" event="fsmc.done.signIn">
                            <param name="fsmc_run" expr="fsmc_run"/>
                          </send>
                        </onentry>
                      </final>
                    </scxml>
                  </content>
                </invoke>
                <transition event="fsmc.output.signIn.signedIn" target="home" cond="_event.data.fsmc_run == fsmc_run_signIn" type="external"/>
                <transition event="fsmc.done.signIn" target="home" cond="_event.data.fsmc_run == fsmc_run_signIn" type="external"/>
              </state>
              <state id="home">
                <!-- state data, not exported: user: String -->
                <transition event="logOut" target="onboarding" type="external"/>
              </state>
            </scxml>

            """)
    }

    /// The import reads the export's child machine back as a second spec
    /// (SCXMLImportChildMachineTests).
    @Test func theImportReadsTheChildBack() throws {
        let app = try Self.model(Self.app, siblings: [Self.signIn])
        let scxml = SCXMLEmitter.emit(app, children: ["SignIn": try Self.model(Self.signIn)])
        let imported = SCXMLImporter.importChartWithChildren(SourceText(scxml), fallbackName: "App")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.model?.invocations.map(\.name) == ["signIn"])
        #expect(imported.children.map(\.name) == ["SignIn"])
    }

    @Test func aChildWithoutItsSpecIsRefusedAtTheInvoke() throws {
        let app = try Self.model(Self.app, siblings: [Self.signIn])
        let refusals = SCXMLEmitter.refusals(app, children: [:])
        #expect(refusals.map(\.message) == [
            "SCXML export needs the spec of machine 'SignIn', which 'signIn' invokes, to write it inside this document, and was not given it",
        ])
        #expect(refusals.first?.range.start.line == 4)
        // Without children at all, as `fsmc export` without `--sibling`.
        #expect(SCXMLEmitter.refusals(app).map(\.range.start.line) == [4])
    }

    @Test func whatAChildCannotExportIsRefusedAtTheInvoke() throws {
        let child = """
            machine SignIn {
                event submit
                event later
                output signedIn
                initial state form {
                    defer later
                    on submit -> finished / emit signedIn
                }
                final state finished
            }
            """
        let app = try Self.model(Self.app.replacingOccurrences(of: "on signIn.signedIn -> home(user: user)", with: "on signIn.signedIn -> home(user: \"x\")"), siblings: [child])
        let refusals = SCXMLEmitter.refusals(app, children: ["SignIn": try Self.model(child)])
        #expect(refusals.map(\.message) == [
            "SCXML export cannot write machine 'SignIn', which 'signIn' invokes: 6:9: SCXML export cannot write 'defer later': SCXML has no deferred events",
        ])
        #expect(refusals.first?.range.start.line == 4)
    }
}
