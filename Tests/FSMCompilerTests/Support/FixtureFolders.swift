import Foundation
import TestSupport

/// The folders of files this target's tests read, excluded from its sources in the manifest:
/// `Tests/FSMCompilerTests/<name>`, wherever the test reading them sits among the folders that
/// mirror the sources.
enum FixtureFolders {
    /// `Tests/FSMCompilerTests`.
    static let root = ExampleMachines.packageRoot.appendingPathComponent("Tests/FSMCompilerTests")

    /// Broken and valid specs with their expected diagnostics.
    static let corpus = root.appendingPathComponent("Corpus")
    /// The golden diagrams.
    static let diagrams = root.appendingPathComponent("Diagrams")
    /// The regression cases of the differential tests against Qt SCXML.
    static let differential = root.appendingPathComponent("Differential")
    /// The regression cases of the differential check of the SCXML import against Qt.
    static let importDifferential = root.appendingPathComponent("ImportDifferential")
    /// The golden test paths.
    static let pathGoldens = root.appendingPathComponent("PathGoldens")
    /// The golden SCXML documents.
    static let scxml = root.appendingPathComponent("SCXML")
}
