/// Reads duration literals: a decimal number and a unit, `ms`, `s`, `m` or `h`.
package enum DurationLiteral {
    package enum Problem: Error, Equatable {
        case missingUnit
        case unknownUnit(String)
        case notPositive
        case tooLong
        case tooPrecise
    }

    /// The unit of the language a word likely means, `m` for `min` or `minutes`: for "did you
    /// mean" hints. `nil` for a word that is no unit.
    static func unit(spelled word: String) -> String? {
        switch word.lowercased() {
        case "ms", "msec", "msecs", "millisecond", "milliseconds": "ms"
        case "s", "sec", "secs", "second", "seconds": "s"
        case "m", "min", "mins", "minute", "minutes": "m"
        case "h", "hr", "hrs", "hour", "hours": "h"
        default: nil
        }
    }

    /// Converts `250ms`, `1.5s`, `2m`, `1h` to nanoseconds, exactly.
    package static func nanoseconds(_ text: String) -> Result<Int64, Problem> {
        let scalars = Array(text.unicodeScalars)
        let numberEnd = scalars.firstIndex { !("0"..."9").contains($0) && $0 != "." && $0 != "_" } ?? scalars.count
        let number = String(String.UnicodeScalarView(scalars[..<numberEnd])).filter { $0 != "_" }
        let unit = String(String.UnicodeScalarView(scalars[numberEnd...]))
        let perUnit: Int64
        switch unit {
        case "": return .failure(.missingUnit)
        case "ms": perUnit = 1_000_000
        case "s": perUnit = 1_000_000_000
        case "m": perUnit = 60_000_000_000
        case "h": perUnit = 3_600_000_000_000
        default: return .failure(.unknownUnit(unit))
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]) else { return .failure(.tooLong) }
        var (total, overflow) = whole.multipliedReportingOverflow(by: perUnit)
        guard !overflow else { return .failure(.tooLong) }
        if parts.count == 2 {
            // Each fraction digit divides the unit by ten; a digit left over below a
            // nanosecond cannot be represented.
            var scale = perUnit
            for digit in parts[1].unicodeScalars {
                let value = Int64(digit.value - 48)
                if scale % 10 != 0 {
                    if value != 0 { return .failure(.tooPrecise) }
                    continue
                }
                scale /= 10
                (total, overflow) = total.addingReportingOverflow(value * scale)
                guard !overflow else { return .failure(.tooLong) }
            }
        }
        guard total > 0 else { return .failure(.notPositive) }
        return .success(total)
    }
}

extension DurationLiteral {
    /// The delay of `after 250ms`, or `nil` when the literal is no duration (reported).
    static func resolve(_ duration: DurationSyntax, diagnostics: DiagnosticCollector) -> DurationModel? {
        switch nanoseconds(duration.text) {
        case .success(let nanoseconds):
            return DurationModel(nanoseconds: nanoseconds, text: duration.text)
        case .failure(let problem):
            let message = switch problem {
            case .missingUnit: "duration '\(duration.text)' needs a unit: ms, s, m or h (as in \(duration.text)s)"
            case .unknownUnit(let unit):
                if let meant = DurationLiteral.unit(spelled: unit) {
                    "unknown duration unit '\(unit)'; use ms, s, m or h: did you mean '\(duration.text.dropLast(unit.count))\(meant)'?"
                } else {
                    "unknown duration unit '\(unit)'; use ms, s, m or h"
                }
            case .notPositive: "a delay must be longer than zero"
            case .tooLong: "duration '\(duration.text)' is too long"
            case .tooPrecise: "duration '\(duration.text)' is finer than a nanosecond"
            }
            diagnostics.error(message, at: duration.range)
            return nil
        }
    }
}
