/// What one side printed for one run: a line per step,
/// `<step> | <exits and entries> | <actions> | <active states>` (the harness's format).
struct RunTrace: Hashable, Sendable {
    /// The chart the run loaded.
    var chart: String
    var lines: [String]
    /// Set when the side could not load the chart.
    var error: String?

    /// The runs of a side's output, in order.
    static func parse(_ output: String) -> [RunTrace] {
        var runs: [RunTrace] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("run ") {
                runs.append(RunTrace(chart: String(line.dropFirst(4)), lines: []))
            } else if line == "end" || runs.isEmpty {
                continue
            } else if line.hasPrefix("error ") {
                runs[runs.count - 1].error = String(line.dropFirst(6))
            } else {
                runs[runs.count - 1].lines.append(line)
            }
        }
        return runs
    }

    /// The first step where two traces differ, or `nil` when they agree throughout.
    static func firstDifference(_ lhs: RunTrace, _ rhs: RunTrace) -> Int? {
        if lhs.error != nil || rhs.error != nil { return lhs.error == rhs.error ? nil : 0 }
        for index in 0..<max(lhs.lines.count, rhs.lines.count) {
            let left = index < lhs.lines.count ? lhs.lines[index] : nil
            let right = index < rhs.lines.count ? rhs.lines[index] : nil
            if left != right { return index }
        }
        return nil
    }
}
