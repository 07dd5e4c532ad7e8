import Foundation
import Testing

/// Golden files: expected output checked in, compared with a line diff, and re-recorded when
/// an environment variable is set, to be reviewed with `git diff`.
enum GoldenFile {
    /// Compares `actual` with the file at `url`, or writes it there when `recordingVariable`
    /// is set to `1`.
    static func expect(
        _ actual: String, matches url: URL, recordingVariable: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let name = url.lastPathComponent
        if ProcessInfo.processInfo.environment[recordingVariable] == "1" {
            if FileManager.default.contents(atPath: url.path) != Data(actual.utf8) {
                do {
                    try Data(actual.utf8).write(to: url)
                    Issue.record("Recorded \(name); review the diff", severity: .warning, sourceLocation: sourceLocation)
                } catch {
                    Issue.record("Cannot record \(name): \(error)", sourceLocation: sourceLocation)
                }
            }
            return
        }
        guard let expectedData = FileManager.default.contents(atPath: url.path) else {
            Issue.record("\(name) is missing; run with \(recordingVariable)=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: expectedData, as: UTF8.self)
        #expect(
            actual == expected,
            "the output differs from \(name) (\(recordingVariable)=1 re-records it):\n\(Corpus.lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }
}
