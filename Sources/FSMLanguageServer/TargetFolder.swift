import Foundation

/// The folder whose specs are a document's siblings, as the build plugin sees a target: the
/// nearest folder up from the document that sits directly in the `Sources` or `Tests` folder
/// of a package (beside a `Package.swift`: a SwiftPM target, whose whole tree the plugin gives
/// each spec), searched with its subfolders; else the document's own folder alone, as a folder
/// need not be a target (and a tree that is no package's could be anything).
///
/// The server's one reader of files besides the open documents: what it reads here is only
/// ever a sibling's interface, never checked or shown itself.
struct TargetFolder: Hashable {
    /// The folder's path, without a trailing `/`.
    var path: String
    /// Whether the specs of its subfolders are siblings too.
    var includesSubfolders: Bool

    /// The most spec files read for one target: a folder with more is not a target anyone
    /// edits by hand, and reading it on every keystroke would stall the editor.
    static let maximumSpecCount = 1000

    /// The target folder of the spec at `specPath`.
    init(ofSpecAt specPath: String) {
        let folder = (specPath as NSString).deletingLastPathComponent
        var candidate = folder
        while candidate != "/" && !candidate.isEmpty {
            let parent = (candidate as NSString).deletingLastPathComponent
            let package = (parent as NSString).deletingLastPathComponent
            if ["Sources", "Tests"].contains((parent as NSString).lastPathComponent),
                FileManager.default.fileExists(atPath: (package as NSString).appendingPathComponent("Package.swift"))
            {
                self.init(path: candidate, includesSubfolders: true)
                return
            }
            candidate = parent
        }
        self.init(path: folder, includesSubfolders: false)
    }

    init(path: String, includesSubfolders: Bool) {
        self.path = path
        self.includesSubfolders = includesSubfolders
    }

    /// Whether a spec at `specPath` belongs to this folder.
    func contains(_ specPath: String) -> Bool {
        let folder = (specPath as NSString).deletingLastPathComponent
        return includesSubfolders ? folder == path || folder.hasPrefix(path + "/") : folder == path
    }

    /// The paths of the `.fsm` files in the folder, sorted; hidden folders (`.build`, `.git`)
    /// are skipped. Empty when the folder cannot be read.
    func specPaths() -> [String] {
        let manager = FileManager.default
        var paths: [String] = []
        if includesSubfolders {
            guard let walk = manager.enumerator(atPath: path) else { return [] }
            while let relative = walk.nextObject() as? String, paths.count < Self.maximumSpecCount {
                if (relative as NSString).lastPathComponent.hasPrefix(".") {
                    walk.skipDescendants()
                } else if relative.hasSuffix(".fsm") {
                    paths.append(path + "/" + relative)
                }
            }
        } else {
            let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
            paths = names.filter { $0.hasSuffix(".fsm") && !$0.hasPrefix(".") }.prefix(Self.maximumSpecCount).map { path + "/" + $0 }
        }
        return paths.sorted()
    }

    /// A spec's bytes, `nil` when it cannot be read (gone since it was listed, say).
    static func read(_ specPath: String) -> [UInt8]? {
        FileManager.default.contents(atPath: specPath).map(Array.init)
    }

    /// The file path a `file:` URI names, percent-decoded; `nil` for any other URI (an
    /// editor's unsaved `untitled:` buffer has no folder).
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file:` URI of a path.
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
