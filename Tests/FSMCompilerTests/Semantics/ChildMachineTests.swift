import FSMCompiler
import Testing

/// Child machines in the compiler: the interface a parent reads of a child, the catalog of a
/// target's machines, and the back ends that refuse them at the `invoke` line.
@Suite(.offThePool) struct ChildMachineTests {
    static let signIn = ChildMachineSemanticsTests.signIn
    static let app = ChildMachineSemanticsTests.app

    @Test func theInterfaceIsReadFromTheSyntax() throws {
        let interface = try #require(MachineCatalog.interface(of: SourceText("""
            @MainActor machine Flow {
                output done(code: Int, String)
                output left
                initial state a {
                    invoke SignIn as signIn
                    state inner { invoke Other as other }
                    initial state first { invoke SignIn as again }
                }
                final state end
            }
            """)))
        #expect(interface.name == "Flow")
        #expect(interface.outputs == [
            .init(name: "done", parameters: [.init(label: "code", type: "Int"), .init(label: nil, type: "String")]),
            .init(name: "left", parameters: []),
        ])
        #expect(interface.hasTopLevelFinalState)
        #expect(interface.isMainActor)
        #expect(interface.invokedMachines == ["SignIn", "Other"])
        #expect(!interface.hasSyntaxErrors)
    }

    /// A machine that runs an `@Observable` machine, directly or through other children,
    /// knows which (its generated code needs Observation's platforms); one that runs none, or
    /// is `@Observable` itself only, lists none.
    @Test func theObservableMachinesAParentRunsAreFollowedDown() throws {
        let specs = [
            "@Observable machine Leaf { initial state a }",
            "@Observable machine Other { initial state a }",
            "machine Middle { initial state a { invoke Leaf as leaf } }",
            "machine Plain { initial state a }",
            "@Observable machine Top { initial state a { invoke Middle as middle\n invoke Plain as plain\n invoke Other as other } }",
            "machine Quiet { initial state a { invoke Plain as plain } }",
        ].map { SourceText($0) }
        #expect(try #require(MachineCatalog.interface(of: specs[0])).isObservable)
        #expect(try #require(MachineCatalog.interface(of: specs[2])).isObservable == false)
        func observableChildren(_ index: Int) throws -> [String] {
            let siblings = specs.enumerated().filter { $0.offset != index }.map(\.element)
            let compilation = Compiler.compile(specs[index], machines: MachineCatalog(specs: siblings))
            return try #require(compilation.model, "\(compilation.diagnostics)").observableChildMachines
        }
        #expect(try observableChildren(0) == [])
        #expect(try observableChildren(2) == ["Leaf"])
        #expect(try observableChildren(4) == ["Leaf", "Other"])
        #expect(try observableChildren(5) == [])
    }

    @Test func aFinalStateInsideAStateDoesNotFinishTheMachine() throws {
        let interface = try #require(MachineCatalog.interface(of: SourceText("""
            machine Nested {
                initial state a {
                    initial state b { on go -> c }
                    final state c
                }
            }
            """)))
        #expect(!interface.hasTopLevelFinalState)
        #expect(!interface.isMainActor)
    }

    @Test func aSpecThatDeclaresNoMachineAddsNothing() {
        #expect(MachineCatalog.interface(of: SourceText("")) == nil)
        #expect(MachineCatalog(specs: [SourceText(""), SourceText(Self.signIn)]).names == ["SignIn"])
    }

    @Test func aNameTwoSpecsDeclareIsAmbiguous() {
        let catalog = MachineCatalog(specs: [SourceText(Self.signIn), SourceText(Self.signIn)])
        #expect(catalog.lookUp("SignIn") == .ambiguous(2))
        #expect(catalog.lookUp("App") == .none)
    }

    /// Without a catalog (no siblings given), the machine an `invoke` names is unknown, at its
    /// name.
    @Test func withoutSiblingsTheChildMachineIsUnknown() {
        let compilation = Compiler.compile(SourceText(Self.app))
        #expect(compilation.model == nil)
        #expect(MarkedSource.lines(of: compilation.diagnostics).first?.hasPrefix("5:16: error: unknown machine 'SignIn'") == true,
                "\(MarkedSource.lines(of: compilation.diagnostics))")
    }

    func appModel() throws -> MachineModel {
        let compilation = Compiler.compile(
            SourceText(Self.app), machines: MachineCatalog(specs: [SourceText(Self.signIn)]))
        #expect(MarkedSource.lines(of: compilation.diagnostics) == [])
        return try #require(compilation.model)
    }

    @Test func theResolvedInvocationCarriesTheChildsInterface() throws {
        let model = try appModel()
        let invocation = model.invocations[0]
        #expect(invocation.kind == .machine("SignIn"))
        #expect(invocation.child?.name == "SignIn")
        #expect(invocation.payload(of: .output("signedIn")) == [.init(label: "user", type: "String")])
        #expect(invocation.payload(of: .done) == [])
        let triggers = model.states[0].transitions.map { SpecText.trigger($0.trigger, in: model) }
        #expect(triggers == ["on signIn.signedIn", "done signIn", "skip"])
    }

    /// Each back end that does not handle child machines yet, or not without what it needs,
    /// says so at the `invoke` line.
    @Test func theBackEndsRefuseChildMachinesAtTheirLine() throws {
        let model = try appModel()
        // The path planner runs children, given their machines; without, it says which to give.
        #expect(MarkedSource.lines(of: PathPlanner.refusals(model)) == [
            "5:9: error: test paths need the spec of machine 'SignIn', which 'signIn' runs: name it with --sibling"
        ])
        // Swift Testing paths drive children; a child outside the main actor under a @MainActor
        // parent is refused, at the `invoke` that leads to it.
        let signInModel = try #require(Compiler.compile(SourceText(Self.signIn)).model)
        #expect(PathsSwiftTestingEmitter.refusals(model, children: ["SignIn": signInModel]).isEmpty)
        var mainActorApp = model
        mainActorApp.isMainActor = true
        var guardedSignIn = signInModel
        guardedSignIn.guards = [CallableModel(name: "isValid", payload: [])]
        #expect(MarkedSource.lines(of: PathsSwiftTestingEmitter.refusals(mainActorApp, children: ["SignIn": guardedSignIn])) == [
            "5:9: error: Swift Testing paths cannot drive 'signIn': machine 'SignIn' is not @MainActor under @MainActor machine 'App', "
                + "so the script of its guards could not read the path's guard answers, kept on the main actor"
        ])
        #expect(MarkedSource.lines(of: SCXMLEmitter.refusals(model)) == [
            "5:9: error: SCXML export needs the spec of machine 'SignIn', which 'signIn' invokes, to write it inside this document, and was not given it"
        ])
        // Given the child's model, the export writes it (SCXMLChildMachineExportTests).
        #expect(SCXMLEmitter.refusals(model, children: ["SignIn": try #require(Compiler.compile(SourceText(Self.signIn)).model)]).isEmpty)
        let signIn = Compiler.compile(SourceText(Self.signIn))
        #expect(PathPlanner.refusals(try #require(signIn.model)).isEmpty)
        #expect(PathPlanner.refusals(model, children: ["SignIn": try #require(signIn.executable)]).isEmpty)
    }
}
