import FSMCompiler
import Foundation
import Testing

/// The DOT, Mermaid and PlantUML emitters: golden files for every example machine,
/// construct spec and hand-built model (see ``DiagramGoldens`` to re-record them), nested
/// states, escaping, and, where Graphviz or PlantUML is installed, that the files render.
@Suite struct DiagramEmitterTests {
    // MARK: - Golden files

    @Test(arguments: DiagramGoldens.subjects, DiagramFormat.allCases)
    func diagramMatchesItsGoldenFile(_ subject: String, _ format: DiagramFormat) throws {
        try DiagramGoldens.expect(format.emit(try DiagramGoldens.model(of: subject)), matches: DiagramGoldens.file(of: subject, format))
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
                subgraph "cluster main" {
                    graph [label=<<table border="0" cellborder="0" cellspacing="0"><tr><td>main</td></tr><hr/>\
            <tr><td align="left"><font point-size="10">entry / loadInbox</font></td></tr>\
            <tr><td align="left"><font point-size="10">exit / saveDrafts</font></td></tr>\
            <tr><td align="left"><font point-size="10">refresh / reload</font></td></tr></table>>, \
            style=rounded, tooltip="Signed in."];
                    "*initial main" [shape=point, width=0.15];
                    "*initial main" -> "list";
                    "list";
                    subgraph "cluster detail" {
                        graph [label=<detail>, style=rounded];
                        "*initial detail" [shape=point, width=0.15];
                        "*initial detail" -> "text";
                        "text";
                        "images";
                    }
                    "done" [peripheries=2];
                }
            """))
        // Into a composite state: to its initial point, clipped at its border; out of one likewise.
        #expect(dot.contains(#""login" -> "*initial main" [label="signIn", lhead="cluster main"];"#))
        #expect(dot.contains(#""*initial main" -> "login" [label="signOut / forgetUser", ltail="cluster main"];"#))
        #expect(dot.contains(#""list" -> "*initial detail" [label="open", lhead="cluster detail"];"#))
        #expect(dot.contains(#""images" -> "list" [label="back"];"#))
    }

    @Test func nestedStatesBecomeCompositeStatesInMermaid() throws {
        let mermaid = MermaidEmitter.emit(try DiagramModels.nested())
        #expect(mermaid.contains("""
                state main {
                    [*] --> list
                    list
                    state detail {
                        [*] --> text
                        text
                        images
                        text --> images : showImages
                    }
                    done
                    list --> detail : open
                    list --> done : archive
                    detail --> list : back
                    images --> list : back
                    done --> [*]
                }
                note right of main
                    Signed in.
                    entry / loadInbox
                    exit / saveDrafts
                    refresh / reload
                end note
            """))
        #expect(mermaid.contains("    main --> login : signOut / forgetUser\n"))
        #expect(mermaid.contains("    login --> main : signIn\n"))
        #expect(mermaid.contains("    closed --> [*]\n"))
    }

    @Test func nestedStatesBecomeCompositeStatesInPlantUML() throws {
        let plantUML = PlantUMLEmitter.emit(try DiagramModels.nested())
        #expect(plantUML.contains("""
            state main {
              [*] --> list
              state list
              state detail {
                [*] --> text
                state text
                state images
                text --> images : showImages
              }
              state done
              list --> detail : open
              list --> done : archive
              detail --> list : back
              images --> list : back
              done --> [*]
            }
            main : entry / loadInbox
            main : exit / saveDrafts
            main : refresh / reload
            note right of main
              Signed in.
            end note
            """))
        #expect(plantUML.contains("\nmain --> login : signOut / forgetUser\n"))
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
        let problems = MermaidSyntax.problems(in: MermaidEmitter.emit(try DiagramGoldens.model(of: subject)))
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
    func everyDOTGoldenFileRendersWithoutWarnings() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: DiagramGoldens.folder.path).filter { $0.hasSuffix(".dot") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let run = try ProcessRunner.run(DiagramTools.dot!, ["-Tsvg", "-o", "/dev/null", DiagramGoldens.folder.appendingPathComponent(file).path])
            #expect(run.status == 0 && run.output.isEmpty, "dot -Tsvg \(file): \(run.output)")
        }
    }

    @Test(.enabled(if: DiagramTools.plantUML != nil, "needs plantuml on the PATH"))
    func everyPlantUMLGoldenFileReadsAsAStateDiagram() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: DiagramGoldens.folder.path).filter { $0.hasSuffix(".puml") }.sorted()
        let sources = try files.map { try String(contentsOf: DiagramGoldens.folder.appendingPathComponent($0), encoding: .utf8) }
        // `-syntax` reads the diagrams from stdin and names the kind of each, or ERROR.
        let run = try ProcessRunner.run(DiagramTools.plantUML!, ["-syntax"], input: sources.joined())
        let kinds = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("(") }
        #expect(kinds == Array(repeating: "STATE", count: files.count), "plantuml -syntax:\n\(run.output)")
    }
}
