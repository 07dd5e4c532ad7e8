/// The simulator page (`fsmc simulate`): one self-contained HTML file, the diagram as Graphviz
/// drew it, the machine's ``SimulationGraph`` as embedded JSON, and plain JavaScript and CSS
/// (`SimulatorPage+Script.swift`, `SimulatorPage+Style.swift`) that follow the graph. Nothing
/// is loaded from anywhere: the page works offline, from a file.
///
/// The page's parts are Swift string literals rather than a resource bundle, so that a plain
/// `swift build` of `fsmc` carries them and the compiler core stays free of I/O.
package enum SimulatorPage {
    /// The page for a machine named `machine`, with its diagram (`svg`, `dot -Tsvg`'s output)
    /// and its graph (``SimulationGraphJSONEmitter``'s output).
    package static func html(machine: String, svg: String, graphJSON: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="fsmc simulate">
        <title>\(MarkupText.escaped(machine)) · fsmc simulator</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        \(body)
        <div id="diagram">
        \(inlineSVG(svg))
        </div>
        </main>
        <script type="application/json" id="fsmc-graph">
        \(embeddedJSON(graphJSON))
        </script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// The SVG element alone: without the XML declaration and document type, which have no
    /// place inside HTML.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }

    /// JSON that cannot end the script element it is in: `</` is written `<\/`, which JSON
    /// reads as the same two characters.
    static func embeddedJSON(_ json: String) -> String {
        json.replacing("</", with: "<\\/")
    }

    /// Everything but the diagram, which the page's script fills in.
    static let body = """
        <header>
        <h1 id="machine-name"></h1>
        <button id="restart" type="button">Restart</button>
        <button id="back" type="button">◀ Back</button>
        <button id="forward" type="button">Forward ▶</button>
        <label>Force a situation <select id="force"></select></label>
        <span id="situation-label"></span>
        </header>
        <div id="bound-message" class="message" hidden></div>
        <div id="beyond-message" class="message" hidden></div>
        <main>
        <aside id="panel">
        <section id="question-section" hidden><h2>A guard is asked</h2><div id="question"></div></section>
        <section><h2>Events</h2><div id="events"></div></section>
        <section><h2>Timers</h2><div id="timers"></div></section>
        <section><h2>Invocations</h2><div id="invocations"></div></section>
        <section><h2>Kept events</h2><div id="kept"></div></section>
        <section><h2>Step log</h2><div id="log"></div></section>
        <section><h2>Timeline</h2><ol id="timeline"></ol></section>
        <section id="recorded-section" hidden><h2>Recorded run</h2><div id="recorded-divergence" class="fails"></div><ol id="recorded"></ol></section>
        <section><h2>Guards</h2><div id="guards"></div></section>
        <section><h2>Histories</h2><div id="histories"></div></section>
        <section><h2>Properties</h2><div id="properties"></div></section>
        </aside>
        """
}
