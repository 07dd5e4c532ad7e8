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

    /// Writes a command's result to `path` (through ``OutputFile``, so never half-written), or
    /// to stdout when there is none. Returns `false` after reporting why the file could not be
    /// written.
    package func write(_ text: String, toFileOrStandardOutput path: String?) -> Bool {
        guard let path else {
            output(text)
            return true
        }
        do {
            try OutputFile.write(text, to: path)
            return true
        } catch {
            self.error("fsmc: error: \(error.message)\n")
            return false
        }
    }
}
