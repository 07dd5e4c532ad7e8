import Foundation

/// The example specs in the package's `machines/` folder.
enum ExampleMachines {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `machines/` folder.
    static let folder = packageRoot.appendingPathComponent("machines")

    /// The text of one example spec, such as `Player.fsm`.
    static func text(of name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
