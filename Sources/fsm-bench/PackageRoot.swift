import Foundation

/// The fsmc checkout the benchmark belongs to, which the incremental-build probe depends on.
enum PackageRoot {
    /// The current directory when it is the fsmc package (as under `swift run`), otherwise
    /// the checkout this file was compiled from.
    static func locate(sourceFile: String = #filePath) -> URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if isFSMCPackage(current) { return current }
        // Sources/fsm-bench/PackageRoot.swift → the package root.
        return URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func isFSMCPackage(_ directory: URL) -> Bool {
        let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        return manifest?.contains("name: \"fsmc\"") == true
    }
}
