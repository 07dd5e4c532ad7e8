/// The live inspector's first page (`fsmc inspect`, `/`): the machines it was given, each
/// with a link to its simulator page in live mode, and the instances connected, as its
/// `/updates` says them (docs/Inspector.md, "The inspector"), refreshed as they change.
package enum InspectorIndexPage {
    /// The page for the machines named `machines`; `address` is where apps connect, as the
    /// page tells its reader (`127.0.0.1:7300`).
    package static func html(machines: [String], address: String) -> String {
        let links = machines.map { name in
            "<li><a id=\"machine-\(MarkupText.escaped(name))\" href=\"/machine/\(MarkupText.escaped(name))\">\(MarkupText.escaped(name))</a></li>"
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="fsmc inspect">
            <meta name="referrer" content="no-referrer">
            <link rel="icon" href="data:,">
            <title>fsmc inspector</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <header><h1>fsmc inspector</h1><span id="address">apps connect to \(MarkupText.escaped(address))</span></header>
            <main>
            <section><h2>Machines</h2><ul id="machines">
            \(links)
            </ul></section>
            <section><h2>Instances</h2>
            <div id="live-connection" class="muted"></div>
            <table id="live-instances"><thead><tr><th>Machine</th><th>Instance</th><th>Process</th><th>Since</th><th>State</th><th>Runs</th><th>Steps</th><th>Dropped</th><th>Errors</th></tr></thead><tbody></tbody></table>
            <div id="live-refused" class="muted" hidden></div>
            </section>
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    static let style = #"""
        body { margin: 0; font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d2330; background: #f6f7f9; }
        header { display: flex; gap: 16px; align-items: baseline; padding: 8px 14px; background: #1d2330; color: #fff; }
        header h1 { font-size: 17px; margin: 0; }
        #address { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        main { padding: 12px; display: flex; flex-direction: column; gap: 12px; }
        section { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; padding: 6px 10px; }
        section h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #5a6272; margin: 0 0 4px; }
        table { border-collapse: collapse; font-size: 13px; }
        th, td { text-align: left; padding: 3px 10px 3px 0; }
        tr.diverged td { color: #b42318; }
        tr.disconnected td { color: #6b7385; }
        .muted { color: #6b7385; font-size: 12px; }
        """#

    /// Long-polls `/updates` and lists the instances; it decides nothing.
    static let script = #"""
        "use strict";
        (function () {
          const $ = (id) => document.getElementById(id);
          let version = -1;

          function cell(text) {
            const node = document.createElement("td");
            node.textContent = text;
            return node;
          }

          function render(update) {
            const body = $("live-instances").querySelector("tbody");
            body.replaceChildren();
            for (const instance of update.instances) {
              const row = document.createElement("tr");
              row.id = "live-instance-" + instance.id;
              row.className = instance.state;
              const name = document.createElement("td");
              if (instance.page) {
                const link = document.createElement("a");
                link.href = instance.page;
                link.textContent = instance.instance;
                name.append(link);
              } else {
                name.textContent = instance.instance;
              }
              row.append(cell(instance.machine || "?"), name, cell(instance.process), cell(instance.since), cell(instance.state),
                cell(String(instance.runs)), cell(String(instance.steps)), cell(String(instance.dropped)), cell(String(instance.errors)));
              body.append(row);
            }
            $("live-refused").hidden = update.refused === 0;
            $("live-refused").textContent = update.refused + (update.refused === 1 ? " connection" : " connections") + " refused (a wrong token or hello)";
          }

          async function poll() {
            for (;;) {
              try {
                const response = await fetch("/updates?since=" + version, { cache: "no-store", credentials: "same-origin" });
                if (!response.ok) throw new Error("the inspector answered " + response.status);
                const update = await response.json();
                version = update.version;
                $("live-connection").textContent = update.instances.length === 0 ? "No app is connected yet." : "";
                render(update);
              } catch (error) {
                $("live-connection").textContent = "The inspector cannot be reached (" + error.message + "): trying again.";
                await new Promise((resolve) => setTimeout(resolve, 1000));
              }
            }
          }
          poll();
        })();
        """#
}
