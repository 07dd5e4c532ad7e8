/// A recorded run read from its JSON lines (docs/TraceFormat.md): the header, then each record
/// with the line it was on.
public struct RecordedTrace: Hashable, Sendable {
    /// The newest trace format this reader reads; it reads every earlier one too (format 1 had
    /// no child machines and no `stop`, format 2 no restored start).
    public static let formatVersion = 3

    /// The first line: which machine ran, from which spec, recorded by which fsmc.
    public struct Header: Hashable, Sendable {
        public var machine: String
        public var spec: String
        public var fsmcVersion: String

        public init(machine: String, spec: String, fsmcVersion: String) {
            self.machine = machine
            self.spec = spec
            self.fsmcVersion = fsmcVersion
        }
    }

    /// A record, the 1-based line it was read from, and whose record it is.
    public struct Line: Hashable, Sendable {
        public var record: TraceRecord
        public var number: Int
        /// The child machine the record is of, as the invocations that run it from the recorded
        /// machine down (`["editorFlow"]`, a grandchild's `["editorFlow", "spellCheck"]`; the
        /// line's `in` member, `editorFlow.spellCheck`); empty for the recorded machine's own.
        public var path: [String]

        public init(_ record: TraceRecord, line number: Int, path: [String] = []) {
            self.record = record
            self.number = number
            self.path = path
        }
    }

    /// Why a trace cannot be read, at a line and column of it.
    public struct ReadError: Error, Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public var header: Header
    public var lines: [Line]

    public init(header: Header, lines: [Line]) {
        self.header = header
        self.lines = lines
    }

    /// Reads a trace. Blank lines are skipped (a file may end with one); anything else that is
    /// not a record of a format this reader reads is a located error.
    public static func read(_ text: String) throws(ReadError) -> RecordedTrace {
        var reader = LineReader()
        var lines: [Line] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let record = try reader.read(line) { lines.append(record) }
        }
        guard let header = reader.header else {
            throw ReadError(line: 1, column: 1, message: "the trace is empty: it starts with a header line {\"fsmcTrace\": 1, …}")
        }
        return RecordedTrace(header: header, lines: lines)
    }

    /// Reads a trace a line at a time, as it arrives (`fsmc inspect`): the header first, then
    /// each record, numbering the lines from 1.
    public struct LineReader: Sendable {
        /// The trace's header, once its first line was read.
        public private(set) var header: Header?
        /// How many lines were read, blank ones included.
        public private(set) var lineCount = 0
        /// The format version the header declares.
        private var formatVersion = RecordedTrace.formatVersion

        public init() {}

        /// Reads the next line (without its newline): the record it holds, or `nil` for the
        /// header and for a blank line.
        public mutating func read(_ line: Substring) throws(ReadError) -> Line? {
            lineCount += 1
            let number = lineCount
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return nil }
            let value: JSON
            do {
                value = try JSONLineReader.read(line)
            } catch {
                throw ReadError(line: number, column: error.column, message: error.message)
            }
            guard case .object(let fields) = value else {
                throw ReadError(line: number, column: 1, message: "a trace line is a JSON object")
            }
            var members = TraceMembers(fields: fields, line: number)
            var record: Line?
            if header == nil {
                (header, formatVersion) = try members.header()
            } else {
                members.formatVersion = formatVersion
                let path = try members.path()
                record = Line(try members.record(isChild: !path.isEmpty), line: number, path: path)
            }
            try members.expectNoOthers()
            return record
        }
    }
}

/// The members of one line's object, taken one by one, so that a member the format does not
/// know is an error rather than silently skipped.
private struct TraceMembers {
    var fields: [(String, JSON)]
    let line: Int

    func error(_ message: String) -> RecordedTrace.ReadError {
        RecordedTrace.ReadError(line: line, column: 1, message: message)
    }

    mutating func take(_ name: String) -> JSON? {
        guard let index = fields.firstIndex(where: { $0.0 == name }) else { return nil }
        return fields.remove(at: index).1
    }

    mutating func string(_ name: String) throws(RecordedTrace.ReadError) -> String {
        guard let value = take(name) else { throw error("a '\(kindForMessages)' record needs '\(name)'") }
        guard case .string(let text) = value else { throw error("'\(name)' is a string") }
        return text
    }

    mutating func optionalString(_ name: String) throws(RecordedTrace.ReadError) -> String? {
        switch take(name) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw error("'\(name)' is a string or null")
        }
    }

    mutating func bool(_ name: String) throws(RecordedTrace.ReadError) -> Bool {
        guard case .bool(let value)? = take(name) else { throw error("a '\(kindForMessages)' record needs '\(name)', true or false") }
        return value
    }

    /// A member that is `true`, `false` or absent (`false`).
    mutating func optionalBool(_ name: String) throws(RecordedTrace.ReadError) -> Bool {
        switch take(name) {
        case nil: return false
        case .bool(let value)?: return value
        default: throw error("'\(name)' is true or false")
        }
    }

    mutating func names(_ name: String) throws(RecordedTrace.ReadError) -> [String] {
        guard case .array(let items)? = take(name) else { throw error("a '\(kindForMessages)' record needs '\(name)', an array of state names") }
        var names: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw error("'\(name)' holds state names, as strings") }
            names.append(text)
        }
        return names
    }

    var kindForMessages = "header"
    /// The format version the trace's header declares, which says what a record may hold.
    var formatVersion = RecordedTrace.formatVersion

    mutating func header() throws(RecordedTrace.ReadError) -> (RecordedTrace.Header, Int) {
        guard case .number(let version)? = take("fsmcTrace") else {
            throw error("the first line is the trace's header, {\"fsmcTrace\": 1, \"machine\": …}")
        }
        guard (1...RecordedTrace.formatVersion).contains(version) else {
            throw error("trace format \(version) is not one this fsmc reads (it reads formats 1 to \(RecordedTrace.formatVersion))")
        }
        return (RecordedTrace.Header(machine: try string("machine"), spec: try string("spec"), fsmcVersion: try string("fsmcVersion")), version)
    }

    /// The `in` member: the invocations from the recorded machine down to the child machine
    /// whose record it is, joined by dots; none for the recorded machine's own records.
    mutating func path() throws(RecordedTrace.ReadError) -> [String] {
        guard let value = take("in") else { return [] }
        guard case .string(let text) = value, !text.isEmpty else {
            throw error("'in' names the invocations that run a child machine, such as \"editorFlow\" or \"editorFlow.spellCheck\"")
        }
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
            throw error("'in' names the invocations that run a child machine, such as \"editorFlow\" or \"editorFlow.spellCheck\"")
        }
        return names
    }

    mutating func record(isChild: Bool) throws(RecordedTrace.ReadError) -> TraceRecord {
        guard case .string(let kind)? = take("kind") else { throw error("a trace record needs 'kind', a string") }
        kindForMessages = kind
        switch kind {
        case "start":
            let machine = isChild ? try string("machine") : nil
            if formatVersion < 3, take("restored") != nil {
                throw error("'restored' is a member of trace format 3 (a run picked up mid-way); this trace declares format \(formatVersion)")
            }
            return try optionalBool("restored") ? .restoredStart(machine: machine) : .start(machine: machine)
        case "stop": return .stop
        case "event": return .event(name: try string("name"), payload: try optionalString("payload"))
        case "timer": return .timer(state: try optionalString("state"))
        case "result": return .result(invocation: try string("invocation"), outcome: try outcome())
        case "guard": return .guardAnswer(name: try string("name"), arguments: try optionalString("arguments"), answer: try bool("answer"))
        case "exit": return .exit(state: try string("state"))
        case "entry": return .entry(state: try string("state"))
        case "transition":
            guard let trigger = take("trigger") else { throw error("a 'transition' record needs 'trigger', an event's name or null") }
            switch trigger {
            case .null: return .transition(trigger: nil)
            case .string(let name): return .transition(trigger: name)
            default: throw error("'trigger' is an event's name or null")
            }
        case "output": return .output(name: try string("name"), payload: try optionalString("payload"))
        case "ignored": return .ignored(event: try string("event"))
        case "kept": return .kept(event: try string("event"))
        case "started": return .started(invocation: try string("invocation"))
        case "cancelled": return .cancelled(invocation: try string("invocation"))
        case "dropped": return .dropped(invocation: try string("invocation"))
        case "step": return .step(configuration: try names("configuration"))
        default: throw error("unknown record kind '\(kind)'")
        }
    }

    mutating func outcome() throws(RecordedTrace.ReadError) -> TraceRecord.Outcome {
        switch try string("outcome") {
        case "done": return .done
        case "error": return .error
        case "element": return .element
        case "output": return .output(try string("output"))
        case let other: throw error("unknown outcome '\(other)': done, error, element or output")
        }
    }

    func expectNoOthers() throws(RecordedTrace.ReadError) {
        if let (name, _) = fields.first { throw error("unknown member '\(name)' in a '\(kindForMessages)' record") }
    }
}
