import FSMSpecGenerator
import Foundation

/// `--children` and `--child-pairs`: parent/child pairs against Qt (``ChildCampaign``); returns
/// whether any disagreed.
@MainActor func runChildChecks() -> Bool {
    guard options.children > 0 || options.childPairs != nil else { return false }
    let started = Date()
    let campaign = ChildCampaign(
        qt: QtSide(fsmc: fsmc, harness: harness, workDirectory: work), workDirectory: work.appendingPathComponent("children"),
        scriptsPerPair: options.scripts, stepsPerScript: options.steps, seed: options.seed)
    var pairs: [ChildPair] = []
    var leftOut = ExportRefusals()
    let sizes: [String: SpecSize] = ["small": .small, "medium": .medium, "large": .large]
    do {
        if let directory = options.childPairs {
            pairs += try ChildCampaign.fixedPairs(in: URL(fileURLWithPath: directory, relativeTo: packageRoot))
        }
        pairs += try ChildCampaign.randomPairs(count: options.children, seed: options.seed, size: sizes[options.size]!, leftOut: &leftOut)
    } catch {
        fail("\(error)")
    }
    do {
        let (runs, deviating, disagreements, work) = try campaign.run(pairs, name: "pairs")
        for disagreement in disagreements {
            print(disagreement.report)
        }
        if options.minimizes, let first = disagreements.first(where: { $0.pair.parentDocument != nil }) {
            print("minimized:\n" + (try campaign.minimize(first)).report)
        }
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        print("differential: \(work.summary)")
        if let summary = leftOut.summary(of: "generated pairs") { print("differential: \(summary)") }
        print("differential: \(pairs.count) parent/child pairs, \(runs) runs, \(disagreements.count) disagreements, \(deviating) pairs not compared for a known Qt deviation (\(seconds) s)")
        return !disagreements.isEmpty
    } catch {
        fail("\(error)")
    }
}
