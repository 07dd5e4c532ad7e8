import Foundation

/// A plain-text table with a header row and right-aligned columns (but the first).
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) {
        self.header = header
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        func render(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([render(header), rule] + rows.map(render)).joined(separator: "\n")
    }
}

/// `value` with `digits` digits after the point; `-` when it is not a number.
func format(_ value: Double, digits: Int = 2) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "-"
}
