/// The simulator page (`fsmc simulate`): one self-contained HTML file, the diagram as Graphviz
/// drew it, the machine's ``SimulationGraph`` as embedded JSON, and plain JavaScript and CSS
/// (`SimulatorPage+Script.swift`, `SimulatorPage+Style.swift`) that follow the graph. Nothing
/// is loaded from anywhere: the page works offline, from a file.
///
/// The page's parts are Swift string literals rather than a resource bundle, so that a plain
/// `swift build` of `fsmc` carries them and the compiler core stays free of I/O.
package enum SimulatorPage {
    /// The page for a machine named `machine`, with its diagram (`svg`, `dot -Tsvg`'s output)
    /// and its graph (``SimulationGraphJSONEmitter``'s output). With `live` (the live
    /// inspector's settings, JSON: `{"machine": …, "updates": "/updates"}`), the page is in live
    /// mode (`fsmc inspect`): it lists the connected instances, follows one as its steps arrive
    /// from the inspector, and lets the user branch from any of them; without, the page is the
    /// offline one of `fsmc simulate`, which loads nothing.
    package static func html(machine: String, svg: String, graphJSON: String, live: String? = nil) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="\(live == nil ? "fsmc simulate" : "fsmc inspect")">
        \(live == nil ? "" : "<meta name=\"referrer\" content=\"no-referrer\">\n<link rel=\"icon\" href=\"data:,\">\n")\
        <title>\(MarkupText.escaped(machine)) · fsmc \(live == nil ? "simulator" : "inspector")</title>
        <style>
        \(style)\(live == nil ? "" : "\n" + liveStyle)
        </style>
        </head>
        <body>
        \(live == nil ? body : liveBody)
        <div id="diagram">
        \(inlineSVG(svg))
        </div>
        </main>
        <script type="application/json" id="fsmc-graph">
        \(embeddedJSON(graphJSON))
        </script>
        \(live.map { "<script type=\"application/json\" id=\"fsmc-live\">\n\(embeddedJSON($0))\n</script>\n" } ?? "")\
        <script>
        \(script.replacing(liveMarker, with: live == nil ? "" : liveScript))
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

    /// The body in live mode: the offline one with the live inspector's section first in the
    /// panel.
    static var liveBody: String {
        body.replacing("<aside id=\"panel\">\n", with: "<aside id=\"panel\">\n" + liveSection + "\n")
    }

    /// What the live mode adds to the panel; the ids are the browser tests'.
    static let liveSection = """
        <section id="live-section"><h2>Live · fsmc inspect</h2>
        <div id="live-connection" class="muted"></div>
        <div id="live-instances"></div>
        <div id="live-refused" class="muted" hidden></div>
        <div class="row"><button id="follow" type="button" disabled>Stop following</button><span id="live-status" class="muted"></span></div>
        <div id="live-divergence" class="fails" hidden></div>
        <ul id="live-errors" class="fails" hidden></ul>
        <div id="live-dropped" class="muted" hidden></div>
        <div class="row"><a id="live-save-trace" hidden>Save trace</a><a id="live-save-test" hidden>Save as Swift test</a></div>
        <ol id="live-steps"></ol>
        </section>
        """
}
