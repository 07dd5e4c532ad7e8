import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The DOT, Mermaid and PlantUML emitters: golden files for every example machine,
/// construct spec and hand-built model (see ``DiagramGoldens`` to re-record them), nested
/// states, escaping, and, where Graphviz or PlantUML is installed, that the files render.
@Suite(.offThePool) struct DiagramEmitterTests {
    // MARK: - Golden files

    @Test(arguments: DiagramGoldens.subjects, DiagramFormat.allCases)
    func diagramMatchesItsGoldenFile(_ subject: String, _ format: DiagramFormat) throws {
        let diagram = format.emit(try DiagramGoldens.model(of: subject), children: try DiagramGoldens.children(of: subject))
        try DiagramGoldens.expect(diagram, matches: DiagramGoldens.file(of: subject, format))
    }

    @Test func everyGoldenFileBelongsToADiagramUnderTest() throws {
        let expected = Set(DiagramGoldens.subjects.flatMap { subject in
            DiagramFormat.allCases.map { DiagramGoldens.file(of: subject, $0).lastPathComponent }
        })
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: DiagramGoldens.folder.path))
        #expect(files.subtracting(expected).sorted() == [], "golden files without a diagram under test")
        #expect(DiagramGoldens.specs.count >= 11)
    }

    // MARK: - Nested states

    @Test func nestedStatesBecomeNestedClustersInDOT() throws {
        let dot = DotEmitter.emit(try DiagramModels.nested())
        #expect(dot.contains("compound=true"))
        #expect(dot.contains("""
                subgraph "cluster browsing" {
                    graph [label=<<table border="0" cellborder="0" cellspacing="0"><tr><td>browsing</td></tr><hr/>\
            <tr><td align="left"><font point-size="10">entry / startSession</font></td></tr>\
            <tr><td align="left"><font point-size="10">exit / endSession</font></td></tr>\
            <tr><td align="left"><font point-size="10">reset -&gt; shelf</font></td></tr></table>>, \
            style=rounded, tooltip="The signed-in part: its transitions apply wherever a child does not take the event."];
                    "*initial browsing" [shape=point, width=0.15];
                    "*initial browsing" -> "shelf";
                    "shelf";
            """))
        // Each compound state has its own initial point, inside its cluster.
        #expect(dot.contains("""
                    subgraph "cluster finder" {
                        graph [label=<finder>, style=rounded];
                        "*initial finder" [shape=point, width=0.15];
                        "*initial finder" -> "typing";
            """))
        // Into a composite state: to its initial point, clipped at its border; out of one likewise.
        #expect(dot.contains(#""*initial" -> "*initial browsing" [lhead="cluster browsing"];"#))
        #expect(dot.contains(#""signedOut" -> "*initial browsing" [label="search", lhead="cluster browsing"];"#))
        #expect(dot.contains(#""*initial browsing" -> "signedOut" [label="logOut / emit closed", ltail="cluster browsing"];"#))
        #expect(dot.contains(#""*initial browsing" -> "signedOut" [label="after 30s", ltail="cluster browsing"];"#))
        #expect(dot.contains(#""*initial finder" -> "shelf" [label="back", ltail="cluster finder"];"#))
        #expect(dot.contains(#""results" -> "reader" [label="open"];"#))
    }

    @Test func nestedStatesBecomeCompositeStatesInMermaid() throws {
        let mermaid = MermaidEmitter.emit(try DiagramModels.nested())
        #expect(mermaid.contains("""
                state browsing {
                    [*] --> shelf
                    shelf
                    state "reader" as reader
                    reader : entry / showBook
                    reader : exit / hideBook
                    reader : logOut [hasUnsavedNotes] / emit closed
                    state finder {
                        [*] --> typing
                        typing
                        results
                        typing --> results : search
                        results --> typing : back
                    }
                    shelf --> reader : open [isAvailable] / rememberBook
                    shelf --> finder : search
                    reader --> shelf : back
                    finder --> shelf : back
                    results --> reader : open
                }
                note right of browsing
                    The signed-in part#58; its transitions apply wherever a child does not take the event.
                    entry / startSession
                    exit / endSession
                    reset -#62; shelf
                end note
            """))
        #expect(mermaid.contains("    browsing --> signedOut : logOut / emit closed\n"))
        #expect(mermaid.contains("    signedOut --> browsing : search\n"))
        #expect(mermaid.contains("    browsing --> signedOut : after 30s\n"))
    }

    @Test func nestedStatesBecomeCompositeStatesInPlantUML() throws {
        let plantUML = PlantUMLEmitter.emit(try DiagramModels.nested())
        #expect(plantUML.contains("""
            state browsing {
              [*] --> shelf
              state shelf
              state reader
              reader : entry / showBook
              reader : exit / hideBook
              reader : logOut [hasUnsavedNotes] / emit closed
              state finder {
                [*] --> typing
                state typing
                state results
                typing --> results : search
                results --> typing : back
              }
              shelf --> reader : open [isAvailable] / rememberBook
              shelf --> finder : search
              reader --> shelf : back
              finder --> shelf : back
              results --> reader : open
            }
            browsing : entry / startSession
            browsing : exit / endSession
            browsing : reset -&#62; shelf
            note right of browsing
              The signed-in part: its transitions apply wherever a child does not take the event.
            end note
            """))
        #expect(plantUML.contains("\nbrowsing --> signedOut : logOut / emit closed\n"))
    }

    /// A compound state's transition to itself, to a descendant or to its own history stays
    /// in its box as a line, as the spec writes it; no notation draws an arrow into its own box well.
    @Test func transitionsThatStayInsideACompoundStateAreLinesInIt() throws {
        let model = try DiagramModels.compile("""
            machine Reader {
                event next
                event home
                event again
                event resume
                initial state book {
                    history
                    initial state cover { on next -> page }
                    state page { on next -> cover }
                    on home [isOpen] -> cover / log
                    on again -> book
                    on resume -> book.history
                }
            }
            """)
        let dot = DotEmitter.emit(model)
        #expect(dot.contains("""
            <tr><td align="left"><font point-size="10">home [isOpen] -&gt; cover / log</font></td></tr>\
            <tr><td align="left"><font point-size="10">again -&gt; book</font></td></tr>\
            <tr><td align="left"><font point-size="10">resume -&gt; book.history</font></td></tr></table>>
            """))
        #expect(!dot.contains("ltail"))
        #expect(MermaidEmitter.emit(model).contains("    note right of book\n        home [isOpen] -#62; cover / log\n        again -#62; book\n"))
        #expect(PlantUMLEmitter.emit(model).contains("book : again -&#62; book\nbook : resume -&#62; book.history\n"))
    }

    // MARK: - History and completion

    @Test func historyIsAPseudoStateInsideItsStateWhereHistoryArrowsEnd() throws {
        let model = try DiagramGoldens.model(of: "Tests/ReferenceTests/Specs/History.fsm")
        let dot = DotEmitter.emit(model)
        #expect(dot.contains("""
                    "*initial app" -> "library";
                    "*history app" [shape=circle, label="H", width=0.3, fixedsize=true, fontsize=10];
            """))
        #expect(dot.contains("""
                        "*initial player" -> "*initial queue" [lhead="cluster queue"];
                        "*history player" [shape=circle, label="H*", width=0.3, fixedsize=true, fontsize=10];
            """))
        #expect(dot.contains(#""asleep" -> "*history app" [label="wake"];"#))
        #expect(dot.contains(#""asleep" -> "*initial app" [label="wakeFresh", lhead="cluster app"];"#))
        #expect(dot.contains(#""asleep" -> "*history player" [label="play"];"#))

        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("    state app {\n        [*] --> library\n        state \"H\" as appHistory\n"))
        #expect(mermaid.contains("            [*] --> queue\n            state \"H#42;\" as playerHistory\n"))
        #expect(mermaid.contains("    asleep --> appHistory : wake\n    asleep --> app : wakeFresh\n    asleep --> playerHistory : play\n"))

        let plantUML = PlantUMLEmitter.emit(model)
        #expect(plantUML.contains("asleep --> app[H] : wake\nasleep --> app : wakeFresh\nasleep --> player[H*] : play\n"))
    }

    @Test func historyIdentifiersStepAsideForStateNames() throws {
        let model = try DiagramModels.compile("""
            machine M {
                event go
                initial state a {
                    history
                    initial state aHistory { on go -> b }
                    state b { on go -> aHistory }
                }
                state c { on go -> a.history }
            }
            """)
        let mermaid = MermaidEmitter.emit(model)
        #expect(mermaid.contains("state \"H\" as aHistory_\n"))
        #expect(mermaid.contains("c --> aHistory_ : go\n"))
    }

    @Test func doneTransitionsLeaveTheirCompoundState() throws {
        let model = try DiagramGoldens.model(of: "Tests/ReferenceTests/Specs/Completion.fsm")
        let dot = DotEmitter.emit(model)
        #expect(dot.contains(#""*initial tour" -> "thanks" [label="done [isFirstRun] / emit finished(steps: 3)", ltail="cluster tour"];"#))
        #expect(dot.contains(#""*initial tour" -> "thanks" [label="done", ltail="cluster tour"];"#))
        #expect(dot.contains(#""*initial welcome" -> "home" [label="done / markOnboarded", ltail="cluster welcome"];"#))
        #expect(dot.contains(#""terms" -> "skipped" [label="skip [in(terms)]"];"#))
        #expect(MermaidEmitter.emit(model).contains("        tour --> thanks : done\n"))
        #expect(PlantUMLEmitter.emit(model).contains("\nwelcome --> home : done / markOnboarded\n"))
    }

    /// Graphviz clips an arrow at a cluster only when the other end lies outside it; an
    /// arrow from inside a compound state to the state itself goes to its initial point.
    @Test func arrowsFromInsideACompoundStateToItAreNotClipped() async throws {
        let model = try DiagramModels.compile("""
            machine Menu {
                event open
                event up
                initial state closed { on open -> menu }
                state menu {
                    initial state top { on open -> sub }
                    state sub {
                        initial state item { on up -> menu }
                        on up -> sub
                    }
                }
            }
            """)
        let dot = DotEmitter.emit(model)
        #expect(dot.contains(#""item" -> "*initial menu" [label="up"];"#))
        #expect(dot.contains(#""closed" -> "*initial menu" [label="open", lhead="cluster menu"];"#))
        #expect(dot.contains("<td align=\"left\"><font point-size=\"10\">up -&gt; sub</font></td>"))
        if let graphviz = DiagramTools.dot {
            let run = try await ProcessRunner.run(graphviz, ["-Tsvg", "-o", "/dev/null"], input: dot)
            #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg: \(run.output)")
        }
    }

    // MARK: - Parallel states

    @Test func parallelStatesBecomeClustersOfDashedRegionsSideBySideInDOT() async throws {
        let dot = DotEmitter.emit(try DiagramModels.studio())
        #expect(dot.contains("compound=true, newrank=true];"))
        // No initial point for the parallel state, an invisible point arrows attach to, and a
        // dashed cluster for each region with its own initial point.
        #expect(dot.contains("""
                subgraph "cluster studio" {
                    graph [label=<<table border="0" cellborder="0" cellspacing="0"><tr><td>studio</td></tr><hr/>\
            <tr><td align="left"><font point-size="10">entry / lightsOn</font></td></tr>\
            <tr><td align="left"><font point-size="10">exit / lightsOff</font></td></tr></table>>, style=rounded, tooltip="Playing and mixing at once."];
                    "*parallel studio" [shape=point, style=invis, width=0.01];
                    "*history studio" [shape=circle, label="H*", width=0.3, fixedsize=true, fontsize=10];
                    subgraph "cluster transport" {
            """))
        #expect(!dot.contains("\"*initial studio\""))
        #expect(dot.contains("style=\"rounded,dashed\", tooltip=\"Where the tape is.\"];\n            \"*initial transport\" [shape=point, width=0.15];"))
        // The regions' initial points share a rank, in document order under the parallel point.
        #expect(dot.contains("""
                    { rank=same; "*initial transport"; "*initial mixer"; }
                    "*parallel studio" -> "*initial transport" [style=invis];
                    "*parallel studio" -> "*initial mixer" [style=invis];
                }
            """))
        // A parallel state inside a region: a solid cluster whose own regions are dashed.
        #expect(dot.contains("""
                        subgraph "cluster channels" {
                            graph [label=<channels>, style=rounded];
                            "*parallel channels" [shape=point, style=invis, width=0.01];
                            subgraph "cluster left" {
                                graph [label=<left>, style="rounded,dashed"];
            """))
        #expect(dot.contains(#""idle" -> "*parallel studio" [label="open", lhead="cluster studio"];"#))
        #expect(dot.contains(#""*parallel studio" -> "idle" [label="done", ltail="cluster studio"];"#))
        #expect(dot.contains(#""asleep" -> "*history studio" [label="wake"];"#))
        #expect(dot.contains(#""asleep" -> "*initial mixer" [label="open", lhead="cluster mixer"];"#))
        #expect(dot.contains(#""muted" -> "*parallel channels" [label="open", lhead="cluster channels"];"#))
        // An arrow between two regions does not push them apart.
        #expect(dot.contains(#""playing" -> "muted" [label="swap", constraint=false];"#))
        if let graphviz = DiagramTools.dot {
            let run = try await ProcessRunner.run(graphviz, ["-Tsvg", "-o", "/dev/null"], input: dot)
            #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg: \(run.output)")
        }
    }

    @Test func parallelStatesBecomeConcurrentRegionsInMermaid() throws {
        let mermaid = MermaidEmitter.emit(try DiagramModels.studio())
        #expect(mermaid.contains("""
                state studio {
                    state transport {
                        [*] --> stopped
            """))
        #expect(mermaid.contains("""
                        ejected --> [*]
                    }
                    --
                    state mixer {
                        [*] --> channels
                        state channels {
                            state left {
            """))
        #expect(mermaid.contains("""
                            }
                            --
                            state right {
            """))
        // Notes follow the parallel state rather than stand among its regions.
        #expect(mermaid.contains("""
                }
                note right of studio
                    Playing and mixing at once.
                    entry / lightsOn
                    exit / lightsOff
                end note
                note right of transport
                    Where the tape is.
            """))
        // An arrow between regions goes around the parallel state; its history is a line.
        #expect(mermaid.contains("\n    playing --> muted : swap\n"))
        #expect(!mermaid.contains("studioHistory"))
        #expect(mermaid.contains("\n    asleep : wake -#62; studio.history\n"))
        #expect(mermaid.contains("\n    asleep --> mixer : open\n"))
    }

    @Test func parallelStatesBecomeConcurrentRegionsInPlantUML() throws {
        let plantUML = PlantUMLEmitter.emit(try DiagramModels.studio())
        #expect(plantUML.contains("""
            state studio {
              state transport {
                [*] --> stopped
            """))
        // A region's note stays inside it; the regions are separated by `--`.
        #expect(plantUML.contains("""
                ejected --> [*]
                note right of transport
                  Where the tape is.
                end note
              }
              transport : entry / rewind
              transport : eject -&#62; ejected
              transport : reset -&#62; stopped
              --
              state mixer {
            """))
        // PlantUML links nothing into or out of a region: such transitions are lines, as is
        // one to a parallel state's history.
        #expect(plantUML.contains("  playing : swap -&#62; muted\n"))
        #expect(!plantUML.contains("playing --> muted"))
        #expect(plantUML.contains("asleep : wake -&#62; studio.history\nasleep : open -&#62; mixer\n"))
        #expect(plantUML.contains("\nidle --> studio : open\nstudio --> idle : close\nstudio --> idle : done\n"))
    }

    /// A machine-level transition into a region is a line of the "any state" box in PlantUML.
    @Test func aMachineLevelTransitionIntoARegionIsALineInPlantUML() throws {
        let model = try DiagramModels.compile("""
            machine M {
                event go
                event reset
                initial parallel state p {
                    state a { initial state a1 { on go -> a2 }; state a2 }
                    state b { initial state b1 }
                }
                on reset -> a2
            }
            """)
        let plantUML = PlantUMLEmitter.emit(model)
        #expect(plantUML.contains("anyState : reset -&#62; a2\n"))
        #expect(!plantUML.contains("-[dashed]->"))
        #expect(MermaidEmitter.emit(model).contains("\n    anyState --> a2 : reset\n"))
    }

    // MARK: - Escaping

    @Test func dotEscapesStringsAndHTMLLabels() throws {
        let dot = DotEmitter.emit(try DiagramModels.escaping())
        // Backslashes doubled, so that Graphviz shows `\N` instead of the node's name.
        #expect(dot.contains(#"emit say(\"<b>\\\"q\\\"</b> & 'x' ** // -- __ ; : # % ~ ` \\\\N {} [[a]]"#))
        // HTML-like labels escape markup and quotes.
        #expect(dot.contains("ping / emit say(&quot;&quot;), log"))
        // Tooltips keep the doc comment's lines.
        #expect(dot.contains(#"tooltip="Doc with \"quotes\", <b>tags</b> & ampersands; 100% #1: `code` **stars** __under__ \\N\nend note\ndirection LR""#))
        #expect(dot.contains(#""note" [label=<<table"#))
        #expect(dot.contains(#""*any" [label=<<i>any state</i>>, style="rounded,dashed"];"#))
    }

    @Test func mermaidIdentifiersAvoidKeywordsAndCollisions() throws {
        let mermaid = MermaidEmitter.emit(try DiagramModels.escaping())
        // `s0` and `anyState` are names of states, so the generated identifiers step aside.
        #expect(mermaid.contains("\n    state \"note\" as s0_\n"))
        #expect(mermaid.contains("\n    state \"end\" as s1\n"))
        #expect(mermaid.contains("\n    state \"defaultMode\" as s2\n"))
        #expect(mermaid.contains("\n    state \"Tür\" as s3\n"))
        #expect(mermaid.contains("\n    s0\n"))
        #expect(mermaid.contains("\n    anyState\n"))
        #expect(mermaid.contains("\n    state \"any state\" as anyState_\n"))
        #expect(mermaid.contains("\n    anyState_ --> s0_ : ping / emit say(\"machine #92;\"level#92;\"\")\n"))
    }

    @Test(arguments: DiagramGoldens.subjects)
    func mermaidKeepsToWhatMermaidsLexerReads(_ subject: String) throws {
        let problems = MermaidSyntax.problems(in: MermaidEmitter.emit(try DiagramGoldens.model(of: subject), children: try DiagramGoldens.children(of: subject)))
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    @Test func plantUMLEscapesMarkupAndPreprocessorCalls() throws {
        let plantUML = PlantUMLEmitter.emit(try DiagramModels.escaping())
        #expect(plantUML.contains(
            #"emit say("&#60;b&#62;\\"q\\"&#60;/b&#62; &#38; 'x' &#42;&#42; &#47;&#47; &#45;&#45; &#95;&#95; ; : # &#37; &#126; ` \\\\N {} &#91;&#91;a&#93;&#93;"#))
        #expect(plantUML.contains("&#37;date()"))
        #expect(plantUML.contains("note right of s0_\n  &#45; a list?\n  &#64;enduml\nend note\n"))
        #expect(plantUML.contains("caption Doc with \"quotes\", &#60;b&#62;tags&#60;/b&#62; &#38; ampersands; 100&#37; #1: `code` &#42;&#42;stars&#42;&#42; &#95;&#95;under&#95;&#95; \\\\N\\n&#101;nd note\\ndirection LR\n"))
        #expect(plantUML.contains("state \"any state\" as anyState_ ##[dashed]\n"))
        // `\"` then the closing `"`: two quotes in a row, which Creole would read as monospace.
        #expect(plantUML.contains(#"anyState_ -[dashed]-> s0_ : ping / emit say("machine \\"level\\&#34;&#34;)"# + "\nnote on link\n"))
    }

    // MARK: - Rendering, where the tools are installed

    @Test(.enabled(if: DiagramTools.dot != nil, "needs Graphviz's dot on the PATH"))
    func everyDOTGoldenFileRendersWithoutWarnings() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: DiagramGoldens.folder.path).filter { $0.hasSuffix(".dot") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let run = try await ProcessRunner.run(DiagramTools.dot!, ["-Tsvg", "-o", "/dev/null", DiagramGoldens.folder.appendingPathComponent(file).path])
            #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg \(file): \(run.output)")
        }
    }

    @Test(.enabled(if: DiagramTools.plantUML != nil, "needs plantuml on the PATH"))
    func everyPlantUMLGoldenFileReadsAsAStateDiagram() async throws {
        var files = try FileManager.default.contentsOfDirectory(atPath: DiagramGoldens.folder.path).filter { $0.hasSuffix(".puml") }.sorted()
        var sources = try files.map { try String(contentsOf: DiagramGoldens.folder.appendingPathComponent($0), encoding: .utf8) }
        // Deep history, `X[H*]`, came to PlantUML after 1.2020 (Debian's and Ubuntu's
        // package), which reads it as a syntax error: such an installation checks the rest.
        let deepHistory = "@startuml\nstate a {\n  [*] --> b\n  state b\n}\nstate c\nc --> a[H*]\n@enduml\n"
        if try await ProcessRunner.run(DiagramTools.plantUML!, ["-syntax"], input: deepHistory).stdout.hasPrefix("ERROR") {
            let readable = sources.indices.filter { !sources[$0].contains("[H*]") }
            (files, sources) = (readable.map { files[$0] }, readable.map { sources[$0] })
        }
        // `-syntax` reads the diagrams from stdin and names the kind of each, or ERROR.
        let run = try await ProcessRunner.run(DiagramTools.plantUML!, ["-syntax"], input: sources.joined())
        let kinds = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("(") }
        #expect(kinds == Array(repeating: "STATE", count: files.count), "plantuml -syntax:\n\(run.output)")
    }
}
