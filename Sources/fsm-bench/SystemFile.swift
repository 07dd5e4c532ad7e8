import Foundation

/// Reads a text file to its end, including files of `/proc`, which report a size of zero
/// and which `String(contentsOfFile:)` may cut short.
func readSystemFile(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
}
