import FSMCore
import Foundation

/// The machines of one target as a command line names them: the specs it checks or
/// generates, each a sibling of the others, and the specs named with `--sibling`, read only
/// for the machine they declare. What `invoke Machine as name` in a spec runs is looked up
/// among the others (``siblings(of:)``).
///
/// The build plugin names them otherwise, with `--sibling-interface`: each file an interface
/// that `interface` wrote of another spec (``MachineInterfaceText``), so that a spec's build
/// command reruns only when a sibling's interface changes, not its body. Both give one catalog,
/// checked the same way.
///
/// A sibling is read from its syntax alone (``MachineCatalog/interface(of:)``): its own errors
/// are reported where it is checked itself, once, never at each spec that invokes it.
package struct TargetMachines {
    private var machines: [(path: String, interface: MachineInterface)] = []
    /// Every file read, specs, siblings and interface files, in the order read, with its bytes:
    /// what a cached result of `generate` is keyed by (``GenerateCache``), and the specs' text
    /// that `generate` compiles, so that the key describes exactly what was compiled.
    private(set) var inputs: [(path: String, bytes: SourceTextBytes)] = []

    /// Reads `specs`, `siblings` (files, or directories searched as for the specs) and
    /// `interfaceFiles`; throws when one cannot be read, or an interface file is malformed.
    package init(specs: [String], siblings: [String], interfaceFiles: [String] = []) throws(InputFiles.Failure) {
        let siblingFiles = siblings.isEmpty ? [] : try InputFiles.collect(siblings)
        // A spec named twice (`a/B.fsm` and `./a/B.fsm`, or also with `--sibling`) is one spec.
        for path in (specs + siblingFiles).map(Self.standardized) where !machines.contains(where: { $0.path == path }) {
            let bytes = try InputFiles.read(path)
            inputs.append((path, bytes))
            let source = SourceText(bytes: Array(bytes))
            if let interface = MachineCatalog.interface(of: source) {
                machines.append((path, interface))
            }
        }
        for path in interfaceFiles.map(Self.standardized) where !machines.contains(where: { $0.path == path }) {
            let bytes = try InputFiles.read(path, kind: .interface)
            inputs.append((path, bytes))
            if let interface = try Self.readInterface(path, bytes: bytes) {
                machines.append((path, interface))
            }
        }
    }

    /// The interface an interface file describes; `nil` for a spec that declares no machine.
    private static func readInterface(_ path: String, bytes: SourceTextBytes) throws(InputFiles.Failure) -> MachineInterface? {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputFiles.Failure(message: "'\(path)' is not a machine interface: it is not UTF-8")
        }
        do {
            return try MachineInterfaceText.interface(from: text)
        } catch {
            throw InputFiles.Failure(
                message: "\(path):\(error.line): malformed machine interface: \(error.message); 'interface' writes it again from its spec")
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

    /// The bytes read of the spec or sibling at `path`.
    func bytes(of path: String) -> SourceTextBytes? {
        let own = Self.standardized(path)
        return inputs.first { $0.path == own }?.bytes
    }

    private static func standardized(_ path: String) -> String {
        (path as NSString).standardizingPath
    }

    /// The option that names siblings, shared by `check` and `generate`.
    package static let option = OptionSpec(
        name: "--sibling", valueName: "<spec>",
        help: "Another spec of the same target (or a directory of them), read only for the machine it declares, which the specs may invoke as a child; not checked itself. Repeatable.",
        isRepeatable: true)

    /// The option that names siblings by their interface files, as the build plugin does.
    static let interfaceOption = OptionSpec(
        name: "--sibling-interface", valueName: "<file>",
        help: "The interface of another spec of the same target, as 'interface' wrote it; like --sibling. Repeatable.",
        isRepeatable: true)
}
