/// A run on which the two sides printed different traces.
struct Disagreement: Sendable {
    var chart: DifferentialChart
    var script: DifferentialScript
    /// The first step that differs (0 is `start`).
    var step: Int
    /// Qt's trace, or fsmc's interpreter's where Qt departs from SCXML on the chart.
    var qt: [String]
    var swift: [String]
    /// What printed ``swift``: the generated Swift, or fsmc's interpreter (`fsmc `) for a chart
    /// whose Swift the back end does not generate yet.
    var opponent = "swift"

    /// What a reader needs: the chart's origin, the script, and the two traces from the first
    /// step that differs.
    var report: String {
        var text = "disagreement on \(chart.name) (\(chart.origin)) at step \(step): \(script.summary)\n"
        let judge = chart.qtDeviation == nil ? "qt   " : "fsmc "
        for index in 0..<max(qt.count, swift.count) where index >= max(0, step - 1) {
            let left = index < qt.count ? qt[index] : "(nothing)"
            let right = index < swift.count ? swift[index] : "(nothing)"
            text += "  \(judge) \(left)\n"
            if right != left { text += "  \(opponent) \(right)\n" }
        }
        return text
    }
}
