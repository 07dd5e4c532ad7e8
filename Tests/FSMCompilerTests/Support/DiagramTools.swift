import Foundation
import TestSupport

/// Programs the diagram tests run, Graphviz's `dot` and PlantUML, where they are installed, to
/// check that what the emitters write renders.
enum DiagramTools {
    /// Graphviz's `dot`, when it is on the PATH.
    static let dot = ProcessRunner.executable(named: "dot")
    /// `plantuml`, when it is on the PATH.
    static let plantUML = ProcessRunner.executable(named: "plantuml")
}
