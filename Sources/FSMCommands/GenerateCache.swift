import FSMCore
import Foundation

/// The result cache of `generate --cache-directory <dir>`, which the build plugin passes: what a
/// run printed and the Swift it wrote, kept under a digest of everything that decides them, so
/// that a run whose inputs are unchanged prints the same diagnostics and writes the same files
/// without checking, proving or generating again.
///
/// SwiftPM reruns a build command whenever its tool is relinked (after `swift package fsmc …`,
/// or when switching between `swift build` and `swift test`), even when the bytes it links are
/// the same; the cache makes such a rerun cost a read instead of a proof.
///
/// **The key** is the exact content of what decides the result, never a timestamp:
/// - the tool: ``fsmcVersion`` and a digest of every byte of the running executable
///   (``ToolIdentity``), so that a tool rebuilt from changed sources at the same version, or a
///   debug and a release build, never share results, while a relink that gives the same bytes
///   (or a prebuilt tool, copied anywhere) does;
/// - the command line: the command, every argument but `--cache-directory` (the specs' and
///   siblings' paths as given, which the diagnostics and the `#sourceLocation` lines spell; the
///   output; `--warnings-as-errors`; the exploration bounds), and whether stderr is a terminal
///   (diagnostics then show source lines);
/// - the bytes of every file the run read (``TargetMachines/inputs``): the specs, `--sibling`
///   specs and `--sibling-interface` files. The specs are compiled from those same bytes, so a
///   file changed during the run cannot be stored under the key of its old text.
///
/// **An entry** is a file `<command digest>-<key digest>.entry` (XXH64), holding the whole key,
/// compared byte for byte on lookup (so two keys with the same digest never share a result),
/// what the run wrote to stdout and stderr in order, each output file's path and bytes, and a
/// checksum of all of it. An entry that is missing, unreadable, truncated or altered is a miss,
/// never an error; entries are written to a temporary file and renamed. Only successful runs are
/// kept: a spec with errors is checked again, and its errors reported, at every run.
///
/// **Bounds**: at most ``entriesPerCommand`` entries per command line (the plugin's is one per
/// spec), the most recently used ones, so that switching between two versions of a spec (two
/// branches) or two builds of the tool keeps both; any entry unused for
/// ``unusedEntryLifetime`` (a spec deleted or renamed) is removed when another is stored.
struct GenerateCache {
    static let entriesPerCommand = 3
    static let unusedEntryLifetime: TimeInterval = 30 * 24 * 60 * 60
    private static let entryHeader = Array("fsmc result cache entry 1\n".utf8)
    private static let keyHeader = Array("fsmc result cache key 1\n".utf8)

    /// What a run printed and wrote.
    struct Result {
        var transcript: [(Console.Transcript.Stream, [UInt8])]
        var outputs: [(path: String, contents: [UInt8])]
    }

    let directory: String
    /// The key's bytes: the tool, the command line, the inputs.
    let key: [UInt8]
    /// The digest of the command line alone: the entries of one spec's command share it.
    let commandDigest: String
    /// The entry's file name.
    let entryName: String

    /// The cache of a run of `command` with `arguments` that read `inputs`; `nil` when the tool's
    /// executable cannot be read (no identity, so nothing is reused or kept).
    init?(
        directory: String, command: String, arguments: ParsedArguments, stderrIsTerminal: Bool,
        inputs: [(path: String, bytes: SourceTextBytes)]
    ) {
        guard let tool = ToolIdentity.current else { return nil }
        var commandLine: [UInt8] = []
        Self.append("command", Array(command.utf8), to: &commandLine)
        Self.append("terminal", Array((stderrIsTerminal ? "yes" : "no").utf8), to: &commandLine)
        for positional in arguments.positionals {
            Self.append("positional", Array(positional.utf8), to: &commandLine)
        }
        for option in arguments.flags.sorted() where option != "--cache-directory" {
            Self.append("flag", Array(option.utf8), to: &commandLine)
        }
        for option in arguments.allValues.keys.sorted() where option != "--cache-directory" {
            for value in arguments.allValues[option]! {
                Self.append("option", Array(option.utf8), to: &commandLine)
                Self.append("value", Array(value.utf8), to: &commandLine)
            }
        }
        var key = Self.keyHeader
        Self.append("tool", Array(tool.utf8), to: &key)
        key += commandLine
        for input in inputs {
            Self.append("file", Array(input.path.utf8), to: &key)
            Self.append("bytes", Array(input.bytes), to: &key)
        }
        self.directory = directory
        self.key = key
        commandDigest = Self.hex(XXHash64.digest(commandLine))
        entryName = "\(commandDigest)-\(Self.hex(XXHash64.digest(key))).entry"
    }

    private var entryPath: String {
        (directory as NSString).appendingPathComponent(entryName)
    }

    /// The result kept for this key, or `nil`. A hit marks the entry as used.
    func lookup() -> Result? {
        guard let data = FileManager.default.contents(atPath: entryPath), let result = decode(Array(data)) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: entryPath)
        return result
    }

    /// Keeps `result` under this key, then removes entries past the bounds. Failing to write
    /// (a read-only or full disk) loses the entry and nothing else.
    func store(_ result: Result) {
        do {
            try OutputFile.createDirectory(directory)
            try OutputFile.write(Data(encode(result)), to: entryPath)
        } catch {
            return
        }
        prune()
    }

    // MARK: - Entries

    private func encode(_ result: Result) -> [UInt8] {
        var bytes = Self.entryHeader
        Self.append("key", key, to: &bytes)
        Self.append("chunks", Array(String(result.transcript.count).utf8), to: &bytes)
        for (stream, text) in result.transcript {
            Self.append(stream == .standardOutput ? "stdout" : "stderr", text, to: &bytes)
        }
        Self.append("outputs", Array(String(result.outputs.count).utf8), to: &bytes)
        for output in result.outputs {
            Self.append("path", Array(output.path.utf8), to: &bytes)
            Self.append("contents", output.contents, to: &bytes)
        }
        Self.append("checksum", Array(Self.hex(XXHash64.digest(bytes)).utf8), to: &bytes)
        return bytes
    }

    /// The result an entry holds, when it is whole, unaltered and of this very key.
    private func decode(_ bytes: [UInt8]) -> Result? {
        guard bytes.starts(with: Self.entryHeader) else { return nil }
        var reader = FieldReader(bytes: bytes, offset: Self.entryHeader.count)
        guard reader.read("key") == key, let chunkCount = reader.count("chunks") else { return nil }
        var transcript: [(Console.Transcript.Stream, [UInt8])] = []
        for _ in 0..<chunkCount {
            if let text = reader.read("stdout") {
                transcript.append((.standardOutput, text))
            } else if let text = reader.read("stderr") {
                transcript.append((.standardError, text))
            } else {
                return nil
            }
        }
        guard let outputCount = reader.count("outputs") else { return nil }
        var outputs: [(path: String, contents: [UInt8])] = []
        for _ in 0..<outputCount {
            guard let path = reader.read("path").flatMap({ String(validating: $0, as: UTF8.self) }),
                  let contents = reader.read("contents")
            else { return nil }
            outputs.append((path, contents))
        }
        let checked = reader.offset
        guard let checksum = reader.read("checksum"), reader.offset == bytes.count,
              checksum == Array(Self.hex(XXHash64.digest(Array(bytes[..<checked]))).utf8)
        else { return nil }
        return Result(transcript: transcript, outputs: outputs)
    }

    /// Removes this command's entries past the newest ``entriesPerCommand``, any entry unused
    /// for ``unusedEntryLifetime``, and temporary files a killed run left.
    private func prune() {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { return }
        let now = Date()
        var own: [(name: String, used: Date)] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let used = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            if name.hasSuffix(".entry") && name.hasPrefix(commandDigest + "-") {
                own.append((name, used))
            } else if name.hasSuffix(".entry") && now.timeIntervalSince(used) > Self.unusedEntryLifetime {
                try? fileManager.removeItem(atPath: path)
            } else if name.hasPrefix(".") && name.hasSuffix(".tmp") && now.timeIntervalSince(used) > 60 * 60 {
                try? fileManager.removeItem(atPath: path)
            }
        }
        let stale = own.filter { $0.name != entryName }.sorted { ($0.used, $0.name) > ($1.used, $1.name) }
            .dropFirst(Self.entriesPerCommand - 1)
        for entry in stale {
            try? fileManager.removeItem(atPath: (directory as NSString).appendingPathComponent(entry.name))
        }
    }

    // MARK: - Fields

    /// A field: its name, a space, the byte count of its value, a newline, the value, a newline.
    private static func append(_ name: String, _ value: [UInt8], to bytes: inout [UInt8]) {
        bytes += Array("\(name) \(value.count)\n".utf8)
        bytes += value
        bytes.append(0x0A)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads the fields ``append(_:_:to:)`` writes, failing (`nil`) on anything else.
    private struct FieldReader {
        let bytes: [UInt8]
        var offset: Int

        /// The value of the next field when it is called `name`; the reader moves past it. On
        /// `nil` the reader stays where it was.
        mutating func read(_ name: String) -> [UInt8]? {
            let prefix = Array("\(name) ".utf8)
            guard bytes[offset...].starts(with: prefix) else { return nil }
            var index = offset + prefix.count
            var count = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 12 {
                count = count * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == 0x0A else { return nil }
            index += 1
            guard count <= bytes.count - index - 1, bytes[index + count] == 0x0A else { return nil }
            offset = index + count + 1
            return Array(bytes[index..<(index + count)])
        }

        /// A field whose value is a small whole number.
        mutating func count(_ name: String) -> Int? {
            guard let value = read(name), let text = String(validating: value, as: UTF8.self), let number = Int(text),
                  number >= 0, number < 1_000_000
            else { return nil }
            return number
        }
    }
}

/// What tells one build of the running tool from another in the result cache's key: the
/// version, the executable's size and a digest (XXH64) of every byte of it, read once per run
/// (one pass: a 60 MB prebuilt tool costs each spec's command some 12 ms; a second seed's 64
/// bits would double that to tell apart two builds of one size that 64 bits already do); `nil` when the executable cannot be read. Its bytes, not its path or
/// timestamp: SwiftPM relinks the tool with the same bytes after `swift package` commands and
/// when switching between `swift build` and `swift test`, and that must not cost a proof;
/// a tool rebuilt from changed sources, even at the same version, has other bytes.
enum ToolIdentity {
    static let current: String? = {
        #if os(Linux)
        // The image this process runs, even if a build replaced the file since it started.
        let path = "/proc/self/exe"
        #else
        guard let path = Bundle.main.executablePath else { return nil }
        #endif
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), !data.isEmpty else {
            return nil
        }
        var digest = XXHash64(seed: 0)
        data.withUnsafeBytes { digest.update($0) }
        return "fsmc \(fsmcVersion); executable of \(data.count) bytes, xxh64 \(String(digest.digest, radix: 16))"
    }()
}

/// `FSMC_BUILD_LOG=<file>`: when set, `generate` appends a line per spec to the file, `checked
/// <spec>` when it checked (and proved, and generated) the spec, `reused <spec>` when it took
/// the result from its cache. For tests and fsm-bench, which count the proofs a build ran
/// without reading SwiftPM's output; SwiftPM passes its environment to build commands.
enum BuildLog {
    static func record(_ outcome: String, specs: [String]) {
        guard let path = ProcessInfo.processInfo.environment["FSMC_BUILD_LOG"], !path.isEmpty else { return }
        let text = Array(specs.map { "\(outcome) \($0)\n" }.joined().utf8)
        // One write of the whole text, appended: lines of runs at the same time do not mix.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
