import Foundation

/// `fsm-differential`'s command line (`--help` prints it).
struct Options {
    static let usage = """
        Usage: fsm-differential [<spec-or-directory>...] [--random <n>] [--replay <dir>] [options]

        Runs fsmc's generated Swift and Qt SCXML (on fsmc's export) through the same random
        scripts and compares, after every step, the states exited and entered, the actions and
        the active configuration (docs/SCXML.md, "Differential testing").

        Options:
          --random <n>      also n random charts of FSMSpecGenerator's differential profile
          --replay <dir>    regression cases (<Name>.fsm, .script, .trace): both sides must
                            print the expected trace
          --cases <dir>     where minimized disagreements are written as cases
                            (default: <work>/cases)
          --no-minimize     report disagreements as found
          --size <size>     the random charts' size: small, medium (default) or large
          --invocations     the random charts also invoke calls and streams (without
                            results), and the scripts complete, fail, yield and finish them
          --children <n>    also n random parent/child pairs: a parent invoking a random
                            child machine, exported as one SCXML document; Qt runs it,
                            fsmc's interpreter the pair, under scripts that also send the
                            running children events (docs/SCXML.md, "Child machines")
          --child-pairs <dir>  fixed pairs, one subdirectory each (a parent and the specs
                            it invokes), run as the random ones
          --scripts <n>     scripts per chart (default 20)
          --steps <n>       steps per script (default 15)
          --seed <n>        the seed of the random charts and scripts (default 1)
          --batch <n>       charts per Swift build (default 25)
          --only <names>    run only these charts (comma-separated, e.g. R51,R30), with the
                            scripts they get in the whole campaign
          --work <dir>      scratch directory (default .build/differential)
          --harness <file>  the Qt harness (default: built from Tools/QtSCXMLHarness with make)
          --import-random <n>  also check `fsmc import` on n random SCXML charts: Qt runs
                            each chart, the generated Swift its import (docs/SCXML.md)
          --import-replay <dir>  regression cases of the import (<Name>.scxml, .script,
                            .trace): the imported chart's Swift must print the trace
          --import-side <side>  what runs the imported spec: swift (the generated Swift,
                            default) or interpreter (fsmc's, in-process; no actions)
          --import-cases <dir>  where minimized import disagreements are written
                            (default: <work>/import-cases)
          --help            show this help

        Exit status: 0 when both sides agree on every run, 1 on a disagreement, 2 on bad usage.
        """

    var specs: [String] = []
    var scripts = 20
    var steps = 15
    var seed: UInt64 = 1
    var batch = 25
    var only: Set<String>?
    var work = ".build/differential"
    var harness: String?
    var random = 0
    var size = "medium"
    var invocations = false
    var children = 0
    var childPairs: String?
    var replay: String?
    var cases: String?
    var minimizes = true
    var importRandom = 0
    var importReplay: String?
    var importCases: String?
    var importSide = "swift"

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        func number(_ option: String) throws -> Int {
            let text = try value(option)
            guard let number = Int(text), number >= 0 else { throw UsageError(description: "\(option) needs a number, not '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--scripts": scripts = try number(argument)
            case "--steps": steps = try number(argument)
            case "--seed": seed = UInt64(try number(argument))
            case "--batch": batch = max(1, try number(argument))
            case "--only": only = Set(try value(argument).split(separator: ",").map(String.init))
            case "--work": work = try value(argument)
            case "--harness": harness = try value(argument)
            case "--random": random = try number(argument)
            case "--size":
                size = try value(argument)
                guard ["small", "medium", "large"].contains(size) else { throw UsageError(description: "--size is small, medium or large") }
            case "--invocations": invocations = true
            case "--children": children = try number(argument)
            case "--child-pairs": childPairs = try value(argument)
            case "--replay": replay = try value(argument)
            case "--cases": cases = try value(argument)
            case "--no-minimize": minimizes = false
            case "--import-random": importRandom = try number(argument)
            case "--import-replay": importReplay = try value(argument)
            case "--import-cases": importCases = try value(argument)
            case "--import-side":
                importSide = try value(argument)
                guard ["swift", "interpreter"].contains(importSide) else { throw UsageError(description: "--import-side is swift or interpreter") }
            case "--help": throw UsageError(description: "")
            default:
                guard !argument.hasPrefix("--") else { throw UsageError(description: "unknown option \(argument)") }
                specs.append(argument)
            }
        }
    }
}
