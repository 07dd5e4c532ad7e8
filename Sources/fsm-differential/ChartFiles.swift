import Foundation

/// The `.fsm` files named on the command line, directories expanded (sorted, not recursive).
enum ChartFiles {
    static func specs(in paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".fsm") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
    }
}
