import Foundation

/// Where the command line writes: stdout for results, stderr for diagnostics.
package struct Console {
    /// Whether stderr is a terminal, where diagnostics show their source line and a caret.
    package var stderrIsTerminal: Bool = isatty(FileHandle.standardError.fileDescriptor) == 1

    package init() {}

    package func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
