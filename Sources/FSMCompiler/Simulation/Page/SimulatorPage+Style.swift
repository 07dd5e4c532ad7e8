extension SimulatorPage {
    /// The page's CSS: the panel beside the diagram, active states filled, disabled buttons
    /// with their reasons beside them.
    static let style = #"""
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d2330; background: #f6f7f9; }
        header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px 14px; background: #1d2330; color: #fff; }
        header h1 { font-size: 17px; margin: 0 12px 0 0; }
        header select { max-width: 320px; }
        #situation-label { margin-left: auto; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        main { display: flex; align-items: flex-start; gap: 12px; padding: 12px; }
        #panel { flex: 0 0 420px; display: flex; flex-direction: column; gap: 8px; max-height: calc(100vh - 90px); overflow-y: auto; }
        #diagram { flex: 1 1 auto; background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; padding: 8px; overflow: auto; max-height: calc(100vh - 90px); }
        #diagram svg { width: 100%; height: calc(100vh - 110px); }
        section { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; padding: 6px 10px; }
        section h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #5a6272; margin: 0 0 4px; }
        button { font: inherit; font-size: 13px; padding: 2px 9px; margin: 2px 4px 2px 0; border: 1px solid #3a6df0; background: #3a6df0; color: #fff; border-radius: 4px; cursor: pointer; }
        button:disabled { background: #eef0f3; border-color: #d5d9e0; color: #9aa1ad; cursor: not-allowed; }
        header button { background: #2f3747; border-color: #59627a; }
        header button:disabled { background: #2a303c; color: #6b7385; }
        .row { display: flex; align-items: baseline; gap: 6px; flex-wrap: wrap; margin: 2px 0; }
        .why, .sample, .muted { color: #6b7385; font-size: 12px; }
        .sample { font-family: ui-monospace, Menlo, monospace; }
        .message { margin: 8px 12px 0; padding: 6px 10px; border-radius: 6px; background: #fff4d6; border: 1px solid #e8c66a; }
        #question-section { border-color: #e8a33a; background: #fff8ec; }
        .holds { color: #1a7f37; font-size: 12px; }
        .fails { color: #b42318; font-size: 12px; }
        #timeline li { cursor: pointer; font-size: 12px; }
        #timeline li.current { font-weight: bold; }
        #timeline li.future { color: #9aa1ad; }
        #log { max-height: 260px; overflow-y: auto; }
        #timeline, #recorded { max-height: 200px; overflow-y: auto; margin: 0; padding-left: 22px; }
        #log div { font-family: ui-monospace, Menlo, monospace; font-size: 12px; white-space: pre-wrap; }
        #log .transition { color: #1d4ed8; }
        #log .exit { color: #7c3aed; }
        #log .entry { color: #047857; }
        #log .output, #log .raise { color: #b45309; }
        #log .update { color: #0f766e; }
        #log .notTaken, #log .ignored, #log .dropped { color: #6b7385; }
        #log .step { font-weight: bold; margin-top: 4px; font-family: inherit; }
        g.node.fsmc-active polygon, g.node.fsmc-active path, g.node.fsmc-active ellipse { fill: #ffe27a; stroke: #c2410c; stroke-width: 2.5px; }
        g.cluster.fsmc-active polygon, g.cluster.fsmc-active path { fill: #fff7d1; stroke: #c2410c; stroke-width: 2px; }
        g.fsmc-active text { font-weight: bold; }
        """#
}
