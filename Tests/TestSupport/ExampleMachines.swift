import Foundation

/// The example specs in the package's `machines/` folder.
public enum ExampleMachines {
    /// The package root, found from this file's path (`Tests/TestSupport/`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `machines/` folder.
    public static let folder = packageRoot.appendingPathComponent("machines")

    /// The text of one example spec, such as `Player.fsm`.
    public static func text(of name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
