import FSMCompiler
import Testing

/// The simulator page in live mode (`fsmc inspect`) and the inspector's index, against the
/// offline page (`fsmc simulate`), which carries nothing of the live mode.
@Suite struct LivePageTests {
    static let svg = #"<?xml version="1.0"?><svg><g class="node"><title>idle</title></g></svg>"#
    static let graph = #"{"machine": "Profile"}"#

    @Test func theOfflinePageCarriesNothingOfTheLiveMode() {
        let page = SimulatorPage.html(machine: "Profile", svg: Self.svg, graphJSON: Self.graph)
        #expect(page.contains(#"<meta name="generator" content="fsmc simulate">"#))
        #expect(page.contains("<title>Profile · fsmc simulator</title>"))
        for live in ["fsmc-live", "live-section", "/*LIVE*/", "logLimit = 100", "<link", "/updates"] {
            #expect(!page.contains(live), "the offline page has \(live)")
        }
    }

    @Test func theLivePageCarriesItsSettingsSectionAndScript() {
        let page = SimulatorPage.html(machine: "Profile", svg: Self.svg, graphJSON: Self.graph, live: #"{"updates":"/updates"}"#)
        #expect(page.contains(#"<meta name="generator" content="fsmc inspect">"#))
        #expect(page.contains("<title>Profile · fsmc inspector</title>"))
        #expect(page.contains(#"<link rel="icon" href="data:,">"#), "no request for a favicon")
        #expect(page.contains("<script type=\"application/json\" id=\"fsmc-live\">\n{\"updates\":\"/updates\"}\n</script>"))
        #expect(page.contains(#"<aside id="panel">"# + "\n" + #"<section id="live-section">"#))
        for id in ["live-instances", "follow", "live-divergence", "live-errors", "live-dropped", "live-save-trace", "live-save-test", "live-steps"] {
            #expect(page.contains(#"id="\#(id)""#), "the live page has no \(id)")
        }
        #expect(page.contains("logLimit = 100;"))
        #expect(!page.contains("/*LIVE*/"))
        // The offline page's parts are all there too.
        #expect(page.contains(#"<script type="application/json" id="fsmc-graph">"#))
        #expect(page.contains(#"id="recorded-section""#))
    }

    @Test func theIndexListsTheMachinesEscaped() {
        let page = InspectorIndexPage.html(machines: ["Profile", "A<b>"], address: "127.0.0.1:7300")
        #expect(page.contains(#"<a id="machine-Profile" href="/machine/Profile">Profile</a>"#))
        #expect(page.contains("A&lt;b&gt;"))
        #expect(!page.contains("A<b>"))
        #expect(page.contains("apps connect to 127.0.0.1:7300"))
        #expect(page.contains(#"<table id="live-instances">"#))
    }
}
