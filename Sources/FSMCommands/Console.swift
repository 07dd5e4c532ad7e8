import Foundation

/// Where the command line writes: stdout for results, stderr for diagnostics.
package struct Console {
    /// Whether stderr is a terminal, where diagnostics show their source line and a caret.
    package var stderrIsTerminal: Bool = isatty(FileHandle.standardError.fileDescriptor) == 1
    /// Keeps a copy of everything written, in order, when set: what `generate` stores with a
    /// result it caches, to print again when it reuses it (``GenerateCache``).
    var transcript: Transcript?

    package init() {}

    package func output(_ text: String) {
        transcript?.chunks.append((.standardOutput, Array(text.utf8)))
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package func error(_ text: String) {
        transcript?.chunks.append((.standardError, Array(text.utf8)))
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// This console, keeping a transcript of what it writes from now on.
    func recording() -> Console {
        var console = self
        console.transcript = Transcript()
        return console
    }

    /// Writes what a transcript recorded again, in its order.
    func replay(_ chunks: [(Transcript.Stream, [UInt8])]) {
        for (stream, bytes) in chunks {
            (stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError).write(Data(bytes))
        }
    }

    /// What a console wrote, stream by stream in order.
    final class Transcript {
        enum Stream: Equatable { case standardOutput, standardError }
        var chunks: [(Stream, [UInt8])] = []
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
