/// Specs several test targets use: three small ones the command-line tests run `fsmc` on (a
/// valid one, one with two errors and one with a warning), and parallel dials of any number.
public enum SampleSpecs {
    public static let valid = """
        machine Valid {
            event go
            initial state a { on go -> b }
            final state b
        }

        """

    public static let broken = """
        machine Broken {
            event go
            initial state a { on go -> nowhere }
            state b { on stop -> a }
        }

        """

    public static let warned = """
        machine Warned {
            event go
            initial state a { on go -> b }
            final state b
            state orphan
        }

        """

    /// Dials of eleven states each, one per region, turned one step by their own event; the
    /// prize needs every dial at 10, the farthest configuration of all. With four dials, that
    /// is 40 steps away among 14,641 configurations, more than one search visits
    /// (`PathPlanner.maximumSituations`): beyond the bound. With three, 30 steps away among
    /// 1,331.
    public static func dials(_ names: [String]) -> String {
        func region(_ name: String) -> String {
            let states = (0...10).map { index in
                "            \(index == 0 ? "initial " : "")state \(name)\(index) { on turn\(name.uppercased()) -> \(name)\((index + 1) % 11) }"
            }
            return "        state \(name)Dial {\n" + states.joined(separator: "\n") + "\n        }"
        }
        return """
            machine Dials {
            \(names.map { "    event turn\($0.uppercased())" }.joined(separator: "\n"))
                event claim
                initial parallel state dials {
            \(names.map(region).joined(separator: "\n"))
                    on claim [\(names.map { "in(\($0)10)" }.joined(separator: " && "))] -> prize
                }
                state prize
                state island { on claim -> prize }
            }
            """
    }
}
