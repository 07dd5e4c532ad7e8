import FSMCore
import Foundation

/// The machines of one target as a command line names them: the specs it checks or
/// generates, each a sibling of the others, and the specs named with `--sibling`, read only
/// for the machine they declare. What `invoke Machine as name` in a spec runs is looked up
/// among the others (``siblings(of:)``).
///
/// A sibling is read from its syntax alone (``MachineCatalog/interface(of:)``): its own errors
/// are reported where it is checked itself, once, never at each spec that invokes it.
package struct TargetMachines {
    private var machines: [(path: String, interface: MachineInterface)] = []

    /// Reads `specs` and `siblings` (files, or directories searched as for the specs); throws
    /// when one cannot be read.
    package init(specs: [String], siblings: [String]) throws(InputFiles.Failure) {
        let siblingFiles = siblings.isEmpty ? [] : try InputFiles.collect(siblings)
        // A spec named twice (`a/B.fsm` and `./a/B.fsm`, or also with `--sibling`) is one spec.
        for path in (specs + siblingFiles).map(Self.standardized) where !machines.contains(where: { $0.path == path }) {
            let source = SourceText(bytes: Array(try InputFiles.read(path)))
            if let interface = MachineCatalog.interface(of: source) {
                machines.append((path, interface))
            }
        }
    }

    /// The machines of every spec but the one at `path`.
    package func siblings(of path: String) -> MachineCatalog {
        let own = Self.standardized(path)
        return MachineCatalog(machines.filter { $0.path != own }.map(\.interface))
    }

    /// The spec that declares the machine `name`, when exactly one does.
    package func path(ofMachine name: String) -> String? {
        let declaring = machines.filter { $0.interface.name == name }
        return declaring.count == 1 ? declaring[0].path : nil
    }

    private static func standardized(_ path: String) -> String {
        (path as NSString).standardizingPath
    }

    /// The option that names siblings, shared by `check` and `generate`.
    package static let option = OptionSpec(
        name: "--sibling", valueName: "<spec>",
        help: "Another spec of the same target (or a directory of them), read only for the machine it declares, which the specs may invoke as a child; not checked itself. Repeatable.",
        isRepeatable: true)
}
