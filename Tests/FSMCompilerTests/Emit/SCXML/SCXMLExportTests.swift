@testable import FSMCompiler
import Foundation
import Testing
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SCXML exporter: golden files for every example machine and construct spec, a structural
/// check of each document read back with `XMLParser`, the mapping of each construct, and
/// well-formedness by xmllint where it is installed. `fsmc export` itself is run by
/// `Tests/fsmcTests/ExportCommandTests.swift`.
///
/// To re-record the golden files in `SCXML/` after a deliberate change, run
/// `FSMC_RECORD_SCXML=1 swift test --filter SCXMLExportTests` and review the diff.
@Suite(.offThePool) struct SCXMLExportTests {
    // MARK: - Golden files

    /// `Tests/FSMCompilerTests/SCXML/`.
    static let folder = FixtureFolders.scxml

    /// The golden file of a spec: `Player.scxml`.
    static func goldenFile(of spec: String) -> URL {
        folder.appendingPathComponent(URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent + ".scxml")
    }

    /// Every spec with a golden file: the example machines (`Checkout` and `Profile` invoke
    /// calls and streams), the construct specs and InvocationMachinesTests' `Sync` (invocations
    /// in regions), as paths from the package root; a spec the export refused would be left out.
    static var specs: [String] {
        (DiagramGoldens.specs + invocationSpecs).filter { spec in
            (try? SCXMLEmitter.refusals(model(of: spec)).isEmpty) ?? true
        }
    }

    /// InvocationMachinesTests' `Sync`; its `Profile` is the example machine's, which has the
    /// golden file `Profile.scxml`.
    static let invocationSpecs = ["Tests/InvocationMachinesTests/Specs/Sync.fsm"]

    static func model(of spec: String) throws -> MachineModel {
        try DiagramGoldens.model(of: spec)
    }

    @Test(arguments: specs)
    func exportMatchesItsGoldenFile(_ spec: String) throws {
        GoldenFile.expect(SCXMLEmitter.emit(try Self.model(of: spec)), matches: Self.goldenFile(of: spec), recordingVariable: "FSMC_RECORD_SCXML")
    }

    @Test func everyGoldenFileBelongsToASpecUnderTest() throws {
        let expected = Set(Self.specs.map { Self.goldenFile(of: $0).lastPathComponent })
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        #expect(files.subtracting(expected).sorted() == [], "golden files without a spec under test")
        #expect(Self.specs.contains("machines/Navigator.fsm"))
        #expect(Self.specs.contains("Tests/ReferenceTests/Specs/Regions.fsm"))
    }

    @Test func theExportIsDeterministic() throws {
        let model = try Self.model(of: "machines/Navigator.fsm")
        #expect(SCXMLEmitter.emit(model) == SCXMLEmitter.emit(try Self.model(of: "machines/Navigator.fsm")))
    }

    // MARK: - Structure, read back

    @Test(arguments: specs)
    func everyStateAndTransitionIsThereWithItsAttributes(_ spec: String) throws {
        let model = try Self.model(of: spec)
        let root = try XMLTree.parse(SCXMLEmitter.emit(model))
        try Self.checkStructure(of: root, against: model)
    }

    @Test func theSpecsWithEveryConstructAreChecked() throws {
        let models = try Self.specs.map(Self.model)
        #expect(models.contains { $0.states.contains(where: \.isParallel) })
        #expect(models.contains { $0.states.contains { $0.history == .deep } })
        #expect(models.contains { $0.states.contains { $0.history == .shallow } })
        #expect(models.contains { !$0.machineTransitions.isEmpty })
        let triggers = models.flatMap(\.allTransitions).map(\.trigger)
        #expect(triggers.contains(.always))
        #expect(triggers.contains(.done))
        #expect(triggers.contains { if case .after = $0 { true } else { false } })
        let actions = models.flatMap(\.allTransitions).flatMap(\.actions)
        #expect(actions.contains { if case .raise = $0 { true } else { false } })
        #expect(actions.contains { if case .emit = $0 { true } else { false } })
    }

    /// Checks the document against the model: every state where it belongs with its kind and
    /// initial child, every transition in document order with its event, target, condition and
    /// type, histories with their defaults, timers started and cancelled, ids unique.
    static func checkStructure(of root: XMLTree, against model: MachineModel) throws {
        #expect(root.name == "scxml")
        #expect(root.attributes["xmlns"] == SCXMLEmitter.namespace)
        #expect(root.attributes["version"] == "1.0")
        #expect(root.attributes["datamodel"] == "ecmascript")
        #expect(root.attributes["name"] == model.name)

        let ids = root.descendants.compactMap { $0.name == "send" ? nil : $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "ids are unique: \(ids)")
        let elements = Dictionary(root.descendants.compactMap { element in element.attributes["id"].map { ($0, element) } }, uniquingKeysWith: { first, _ in first })

        // The machine-level transitions are the wrapping state's.
        let wrapper = elements[SCXMLEmitter.machineStateID]
        #expect((wrapper != nil) == !model.machineTransitions.isEmpty)
        let initial = root.attributes["initial"]
        if let wrapper {
            #expect(initial == (model[model.initialState].isFinal ? model[model.initialState].name : SCXMLEmitter.machineStateID))
            try checkTransitions(of: wrapper, model.machineTransitions, in: model)
        } else {
            #expect(initial == model[model.initialState].name)
        }
        let data = root.children.first { $0.name == "datamodel" }?.children.compactMap { $0.attributes["id"] } ?? []
        #expect(Set(model.guards.map(\.name)).isSubset(of: Set(data)))

        for state in model.states {
            let element = try #require(elements[state.name], "state \(state.name)")
            #expect(element.name == (state.isFinal ? "final" : state.isParallel ? "parallel" : "state"), "\(state.name)")
            let expectedParent = state.parent.map { model[$0].name }
                ?? (wrapper != nil && !state.isFinal ? SCXMLEmitter.machineStateID : nil)
            #expect(element.parent?.attributes["id"] == expectedParent, "parent of \(state.name)")
            #expect(element.attributes["initial"] == (state.isParallel ? nil : state.initialChild.map { model[$0].name }))
            #expect(element.children.filter { ["state", "parallel", "final"].contains($0.name) }.compactMap { $0.attributes["id"] }
                == state.children.map { model[$0].name })
            try checkTransitions(of: element, state.transitions, in: model)

            let history = element.children.filter { $0.name == "history" }
            if let kind = state.history {
                #expect(history.count == 1)
                #expect(history.first?.attributes["id"] == state.name + ".history")
                #expect(history.first?.attributes["type"] == kind.rawValue)
                let defaults = state.isParallel ? state.children : [state.initialChild!]
                #expect(history.first?.children.map(\.name) == ["transition"])
                #expect(history.first?.children.first?.attributes["target"] == defaults.map { model[$0].name }.joined(separator: " "))
            } else {
                #expect(history.isEmpty)
            }

            // Entry actions, then one send per timer; exit actions, then one cancel per timer.
            let onentry = element.children.filter { $0.name == "onentry" }.flatMap(\.children)
            let onexit = element.children.filter { $0.name == "onexit" }.flatMap(\.children)
            #expect(onentry.filter { $0.name != "send" }.count == state.entryActions.count)
            #expect(onexit.filter { $0.name != "cancel" }.count == state.exitActions.count)
            let timerEvents = Set(element.children.filter { $0.name == "transition" }.compactMap { $0.attributes["event"] }.filter { $0.hasPrefix("fsmc.after.") })
            #expect(Set(onentry.filter { $0.name == "send" }.compactMap { $0.attributes["event"] }) == timerEvents)
            #expect(Set(onentry.filter { $0.name == "send" }.compactMap { $0.attributes["id"] }) == timerEvents)
            #expect(Set(onexit.filter { $0.name == "cancel" }.compactMap { $0.attributes["sendid"] }) == timerEvents)
        }
        // Each invocation's child session has three states of its own: running, failed, ended.
        let stateElements = root.descendants.filter { ["state", "parallel", "final"].contains($0.name) }
        #expect(stateElements.count == model.states.count + (wrapper == nil ? 0 : 1) + 3 * model.invocations.count)
        for invocation in model.invocations {
            let element = try #require(elements[invocation.name], "invoke \(invocation.name)")
            #expect(element.name == "invoke")
            #expect(element.parent?.attributes["id"] == model[invocation.owner].name)
        }
    }

    /// The `<transition>` children of `element` against the transitions the spec declares there.
    static func checkTransitions(of element: XMLTree, _ transitions: [TransitionModel], in model: MachineModel) throws {
        let written = element.children.filter { $0.name == "transition" }
        try #require(written.count == transitions.count, "transitions of \(element.attributes["id"] ?? "")")
        for (transition, xml) in zip(transitions, written) {
            let source = transition.source.map { model[$0] }
            switch transition.trigger {
            case .event(let event): #expect(xml.attributes["event"] == model[event].name)
            case .always: #expect(xml.attributes["event"] == nil)
            case .done: #expect(xml.attributes["event"] == "done.state." + source!.name)
            case .after, .afterComputed: #expect(xml.attributes["event"]?.hasPrefix("fsmc.after.\(source!.name).") == true)
            case .invocation(let invocation, let result):
                #expect(xml.attributes["event"] == SCXMLEmitter.event(of: result, from: model[invocation]))
            }
            let target = transition.target.map { transition.targetsHistory ? model[$0].name + ".history" : model[$0].name }
            #expect(xml.attributes["target"] == target)
            if let targetID = transition.target {
                // Internal: declared in a compound (not parallel) state around the target, or
                // its history; at machine level, any target in the wrapping state.
                let isInternal: Bool
                if let source {
                    isInternal = source.isCompound && !source.isParallel && model.isDescendant(targetID, of: source.id)
                        && (targetID != source.id || transition.targetsHistory)
                } else {
                    isInternal = !model[model.path(from: targetID).last!].isFinal
                }
                #expect(xml.attributes["type"] == (isInternal ? "internal" : "external"), "type of \(xml.attributes)")
            } else {
                #expect(xml.attributes["type"] == nil)
            }
            switch transition.guardExpression {
            case nil, .else?: #expect(xml.attributes["cond"] == nil || xml.attributes["cond"]!.hasPrefix("_event.name == "))
            case let guardModel?:
                let cond = try #require(xml.attributes["cond"])
                for name in guardModel.names { #expect(cond.contains(name)) }
                for state in guardModel.testedStates { #expect(cond.contains("In('\(model[state].name)')")) }
            }
            // An update is one `<assign>` per field (SCXMLDataUpdateExportTests).
            let actions = transition.actions.flatMap { action in action.dataUpdates.isEmpty ? [action] : action.dataUpdates.map { ActionModel.update([$0]) } }
            #expect(xml.children.count == actions.count)
            for (action, content) in zip(actions, xml.children) {
                switch action {
                case .call(let name), .callWithArguments(let name, _):
                    #expect(content.name == "log" && content.attributes == ["label": "action", "expr": "'\(name)'"])
                case .emit(let output, _): #expect(content.name == "log" && content.attributes == ["label": "emit", "expr": "'\(model[output].name)'"])
                case .raise(let event, _): #expect(content.name == "raise" && content.attributes == ["event": model[event].name])
                case .update: #expect(content.name == "assign")
                }
            }
        }
    }

    // MARK: - The mapping, construct by construct

    static func export(_ spec: String) throws -> String {
        SCXMLEmitter.emit(try DiagramModels.compile(spec))
    }

    @Test func theDocumentStartsWithTheDeclarationAndTheRoot() throws {
        let scxml = try Self.export(SampleSpecs.valid)
        #expect(scxml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Exported by fsmc from machine Valid; the mapping is described in fsmc's docs/SCXML.md. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="a" name="Valid">
              <state id="a">
                <transition event="go" target="b" type="external"/>
              </state>
              <final id="b"/>
            </scxml>

            """)
    }

    @Test func guardsAreECMAScriptConditionsOverDeclaredBooleans() throws {
        let scxml = try Self.export("""
            machine Door {
                event open
                initial state closed {
                    on open [isUnlocked && !isBlocked || (hasKey && !(isJammed || in(closed)))] -> opened
                    on open [(a || b) && c] -> opened
                    on open [else] -> closed / rattle
                }
                state opened { on open [!in(closed)] -> closed }
            }
            """)
        #expect(scxml.contains("""
              <datamodel>
                <data id="isUnlocked" expr="false"/>
                <data id="isBlocked" expr="false"/>
                <data id="hasKey" expr="false"/>
                <data id="isJammed" expr="false"/>
                <data id="a" expr="false"/>
                <data id="b" expr="false"/>
                <data id="c" expr="false"/>
              </datamodel>
            """))
        #expect(scxml.contains(#"cond="isUnlocked &amp;&amp; !isBlocked || hasKey &amp;&amp; !(isJammed || In('closed'))""#))
        #expect(scxml.contains(#"cond="(a || b) &amp;&amp; c""#))
        // `else`: no condition; SCXML takes the first enabled transition in document order.
        #expect(scxml.contains("""
                <transition event="open" target="closed" type="external">
                  <log label="action" expr="'rattle'"/>
                </transition>
            """))
        #expect(scxml.contains(#"<transition event="open" target="closed" cond="!In('closed')" type="external"/>"#))
    }

    @Test func guardNamesThatAreNotSafeVariablesArePrefixed() throws {
        let scxml = try Self.export("""
            machine Odd {
                event go
                initial state a { on go [function && a && _x] -> b }
                state b { on go [In] -> a }
            }
            """)
        #expect(scxml.contains("""
                <!-- function -->
                <data id="fsmc_function" expr="false"/>
                <!-- a -->
                <data id="fsmc_a" expr="false"/>
                <!-- _x -->
                <data id="fsmc__x" expr="false"/>
                <!-- In -->
                <data id="fsmc_In" expr="false"/>
            """))
        #expect(scxml.contains(#"cond="fsmc_function &amp;&amp; fsmc_a &amp;&amp; fsmc__x""#))
        #expect(scxml.contains(#"cond="fsmc_In""#))
    }

    @Test func timersAreDelayedSendsCancelledOnExitOneForEachDelay() throws {
        let scxml = try Self.export("""
            machine Kettle {
                event off
                initial state heating {
                    entry / heat
                    exit / stopHeating
                    after 250ms [isBoiling] -> boiled
                    after 1.5s / check
                    after 0.25s -> idle(attempt: 1)
                    on off -> idle(attempt: 0)
                }
                state boiled { after 1.0000005s -> idle(attempt: 2) }
                state idle(attempt: Int) { after backoff -> heating }
            }
            """)
        #expect(scxml.contains("""
              <state id="heating">
                <onentry>
                  <log label="action" expr="'heat'"/>
                  <send event="fsmc.after.heating.1" delay="250ms" id="fsmc.after.heating.1"/>
                  <send event="fsmc.after.heating.2" delay="1500ms" id="fsmc.after.heating.2"/>
                </onentry>
                <onexit>
                  <log label="action" expr="'stopHeating'"/>
                  <cancel sendid="fsmc.after.heating.1"/>
                  <cancel sendid="fsmc.after.heating.2"/>
                </onexit>
                <transition event="fsmc.after.heating.1" target="boiled" cond="isBoiling" type="external"/>
                <transition event="fsmc.after.heating.2">
                  <log label="action" expr="'check'"/>
                </transition>
                <transition event="fsmc.after.heating.1" target="idle" type="external"/>
                <transition event="off" target="idle" type="external"/>
              </state>
            """))
        #expect(scxml.contains(#"<send event="fsmc.after.boiled.1" delay="1000.0005ms" id="fsmc.after.boiled.1"/>"#))
        // A computed delay: a variable holding a CSS2 time, one second until a harness sets it.
        #expect(scxml.contains(#"<data id="backoff" expr="'1s'"/>"#))
        #expect(scxml.contains(#"<send event="fsmc.after.idle.1" delayexpr="backoff" id="fsmc.after.idle.1"/>"#))
        #expect(scxml.contains("<!-- state data, not exported: attempt: Int -->"))
    }

    @Test func internalAndExternalTransitionsFollowFsmcsRule() throws {
        let scxml = try Self.export("""
            machine Library {
                event reset
                event restart
                event resume
                event other
                initial state browsing {
                    history deep
                    on reset -> shelf
                    on restart -> browsing
                    on resume -> browsing.history
                    on other -> elsewhere
                    initial state shelf { on reset -> browsing }
                    state reader
                }
                parallel state elsewhere {
                    state r1 { initial state x }
                    state r2 { initial state y }
                    on reset -> r1
                }
            }
            """)
        #expect(scxml.contains(#"<transition event="reset" target="shelf" type="internal"/>"#))
        #expect(scxml.contains(#"<transition event="restart" target="browsing" type="external"/>"#))
        #expect(scxml.contains(#"<transition event="resume" target="browsing.history" type="internal"/>"#))
        #expect(scxml.contains(#"<transition event="other" target="elsewhere" type="external"/>"#))
        #expect(scxml.contains(#"<transition event="reset" target="r1" type="external"/>"#))
        #expect(scxml.contains("""
                <history id="browsing.history" type="deep">
                  <transition target="shelf"/>
                </history>
            """))
    }

    /// The transitions stay where the spec declares them, among the states (document order
    /// decides the order of the actions of transitions taken together).
    @Test func machineLevelTransitionsBelongToAWrappingStateAndTopLevelFinalsStayOutside() throws {
        let scxml = try Self.export("""
            machine Call {
                event hangUp
                event reset
                initial state idle { on hangUp -> ended }
                final state ended { entry / report }
                on reset -> idle
                on hangUp -> ended
            }
            """)
        #expect(scxml.contains("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="fsmc.machine" name="Call">
              <!-- The machine: its transitions are the spec's machine-level ones, which apply in every state. -->
              <state id="fsmc.machine" initial="idle">
                <state id="idle">
                  <transition event="hangUp" target="ended" type="external"/>
                </state>
                <transition event="reset" target="idle" type="internal"/>
                <transition event="hangUp" target="ended" type="external"/>
              </state>
              <final id="ended">
                <onentry>
                  <log label="action" expr="'report'"/>
                </onentry>
              </final>
            </scxml>
            """))
    }

    @Test func raiseEmitDoneAndAlwaysMapToSCXMLsOwn() throws {
        let scxml = try Self.export("""
            machine Tour {
                event next
                event done
                output finished(steps: Int)
                initial state tour {
                    initial state page { on next -> last / raise done, emit finished(steps: 3) }
                    final state last { exit / logTour }
                    done [isFirstRun] -> thanks / emit finished(steps: 1)
                    done -> thanks
                    on done [isFirstRun || isLate] -> thanks
                }
                state thanks { always [ready] -> tour }
            }
            """)
        #expect(scxml.contains("""
                  <transition event="next" target="last" type="external">
                    <raise event="done"/>
                    <log label="emit" expr="'finished'"/>
                  </transition>
            """))
        #expect(scxml.contains("""
                <transition event="done.state.tour" target="thanks" cond="isFirstRun" type="external">
                  <log label="emit" expr="'finished'"/>
                </transition>
                <transition event="done.state.tour" target="thanks" type="external"/>
            """))
        // The spec's own `done` event must not take SCXML's `done.state.tour`.
        #expect(scxml.contains(#"<transition event="done" target="thanks" cond="_event.name == 'done' &amp;&amp; (isFirstRun || isLate)" type="external"/>"#))
        #expect(scxml.contains(#"<transition target="tour" cond="ready" type="external"/>"#))
        #expect(scxml.contains("""
                <final id="last">
                  <onexit>
                    <log label="action" expr="'logTour'"/>
                  </onexit>
                </final>
            """))
    }

    @Test func textIsEscapedAndDocCommentsAreCommentsThatStayWellFormed() throws {
        let scxml = try Self.export("""
            /// A <machine> & its "docs" -- with dashes-
            ///
            /// second line \u{FFFE} ends with -
            machine Esc {
                event go
                /// state --> doc
                initial state a {
                    /// the transition's doc
                    on go -> b
                }
                final state b
            }
            """)
        #expect(scxml.contains("""
            <!-- A <machine> & its "docs" - - with dashes-  -->
            <!-- -->
            <!-- second line \u{FFFD} ends with -  -->
            <scxml
            """))
        #expect(scxml.contains("<!-- state - -> doc -->\n  <state id=\"a\">\n    <!-- the transition's doc -->\n"))
        _ = try XMLTree.parse(scxml)
    }

    @Test func attributeStringAndDelayText() {
        #expect(SCXMLText.attribute("a<b>&\"c'\n\t\u{FFFF}é") == "a&lt;b&gt;&amp;&quot;c'&#10;&#9;\u{FFFD}é")
        #expect(SCXMLText.string("it's a \\ \n") == #"'it\'s a \\ \n'"#)
        #expect(SCXMLText.comment("a--b---") == "a- -b- - - ")
        #expect(SCXMLText.delay(nanoseconds: 1_000_000_000) == "1000ms")
        #expect(SCXMLText.delay(nanoseconds: 1_500) == "0.0015ms")
        #expect(SCXMLText.delay(nanoseconds: 250_000_000) == "250ms")
    }

    // MARK: - Well-formedness by xmllint

    @Test(arguments: specs)
    func xmllintFindsTheDocumentWellFormed(_ spec: String) async throws {
        guard let xmllint = ProcessRunner.executable(named: "xmllint") else { return }  // not installed: nothing to check
        let run = try await ProcessRunner.run(xmllint, ["--noout", "-"], input: SCXMLEmitter.emit(try Self.model(of: spec)))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "")
    }
}

// MARK: - A small DOM, read with Foundation's XMLParser

/// An element read back from a document, with its attributes and child elements (text and
/// comments are left out).
final class XMLTree {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLTree] = []
    private(set) weak var parent: XMLTree?

    init(name: String, attributes: [String: String], parent: XMLTree?) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
    }

    /// Every element below this one, in document order.
    var descendants: [XMLTree] { children.flatMap { [$0] + $0.descendants } }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses a document; throws when it is not well-formed.
    static func parse(_ text: String) throws -> XMLTree {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber)")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = XMLTree(name: elementName, attributes: attributes, parent: stack.last)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
    }
}
