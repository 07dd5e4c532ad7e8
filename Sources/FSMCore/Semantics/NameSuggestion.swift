/// Finds the declared name closest to a misspelt one, for "did you mean …?" messages.
struct NameSuggester {
    /// Candidates in declaration order; ties go to the earlier one.
    let candidates: [String]

    /// The closest candidate within a third of the name's length (at least one edit), if any.
    func suggestion(for name: String) -> String? {
        let target = Array(name.unicodeScalars)
        // A suggestion must keep part of the name: 'x' is not a typo of 'a'.
        let limit = min(max(1, target.count / 3), target.count - 1)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = Self.editDistance(target, scalars, limit: best.map { min($0.distance - 1, limit) } ?? limit)
            if let distance, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, counting a swap of neighbours as one edit, or `nil` above `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previousRow = [Int](0...b.count)
        var rowBefore = previousRow
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            var rowMinimum = row[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rowBefore[j - 2] + 1)
                }
                row[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            rowBefore = previousRow
            previousRow = row
        }
        return previousRow[b.count] <= limit ? previousRow[b.count] : nil
    }
}
