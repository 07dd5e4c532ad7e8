import Foundation

/// A readable line diff for test failures: `-` lines expected, `+` lines generated, with a
/// little context, from the first difference on.
struct LineDiff: CustomStringConvertible {
    var expected: String
    var actual: String

    var description: String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence over lines; reference files are small.
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append("  \(i + 1): \(old[i])")
                i += 1
                j += 1
            } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                lines.append("+ \(j + 1): \(new[j])")
                j += 1
            } else {
                lines.append("- \(i + 1): \(old[i])")
                i += 1
            }
        }
        // Keep the changed lines and two lines around each.
        let changed = lines.indices.filter { !lines[$0].hasPrefix("  ") }
        let shown = Set(changed.flatMap { max(0, $0 - 2)...min(lines.count - 1, $0 + 2) })
        return lines.indices.filter(shown.contains).map { lines[$0] }.joined(separator: "\n")
    }
}
