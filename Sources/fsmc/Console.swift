import Foundation

/// Where the command line writes: stdout for results, stderr for diagnostics.
struct Console {
    /// Whether stderr is a terminal, where diagnostics show their source line and a caret.
    var stderrIsTerminal: Bool = isatty(FileHandle.standardError.fileDescriptor) == 1

    func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
