import Foundation

/// Every `.fsm` file of the repository: the example machines, the compiler's corpus, the
/// reference and run-time test specs, the fixtures. The mutation and determinism tests run
/// on all of them.
public enum RepositorySpecs {
    /// The specs, as paths relative to the package root, sorted; hidden folders and build
    /// folders (`.build*`) are skipped.
    public static let relativePaths: [String] = {
        let root = ExampleMachines.packageRoot.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent.hasPrefix(".build") {
                enumerator.skipDescendants()
            } else if url.pathExtension == "fsm" {
                paths.append(String(url.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1)))
            }
        }
        return paths.sorted()
    }()

    /// The bytes of a spec, by relative path.
    public static func bytes(of relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ExampleMachines.packageRoot.appendingPathComponent(relativePath)))
    }
}
