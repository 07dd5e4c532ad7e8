/// What a generated machine's recorder writes for what the interpreter did in one step: the
/// interpreter's trace entries turned into trace records, in the order the generated code
/// notifies them.
///
/// That order, per microstep: each state left (the outputs its exit actions emit, its
/// invocations `cancelled`, then `exit`),
/// the transitions' actions' outputs, each state entered (its entry actions' outputs, then
/// `entry`, then a history default's outputs), then one `transition` for the transitions the
/// microstep took together, unless they are all internal (no target) and change no data,
/// which the generated code does not notify. Invocations start at the end of the macrostep. A kept event
/// released has no record of its own: what it leads to follows.
struct ExpectedRecords {
    let machine: ExecutableMachine

    /// A record the trace should hold, and the transitions of the microstep it belongs to.
    struct Expected {
        var record: TraceRecord
        var transitions: [TransitionID]
    }

    func records(for entries: [MachineInterpreter.TraceEntry]) -> [Expected] {
        var records: [Expected] = []
        /// The transitions of the microstep in progress, whose `transition` record follows its
        /// entries.
        var microstep: [TransitionID] = []
        /// Where the records of the microstep in progress start: its exits come before its
        /// transitions are known, and learn them when it closes.
        var microstepStart: Int?
        func closeMicrostep() {
            guard let first = microstep.first else { return }
            defer { microstep = [] }
            if let start = microstepStart {
                for index in start..<records.count where records[index].transitions.isEmpty { records[index].transitions = microstep }
                microstepStart = nil
            }
            // The generated code tells of a microstep that enters states or changes data: an
            // internal transition (no target) without `update(…)` runs its actions and
            // notifies nothing.
            guard microstep.contains(where: { machine[$0].entry != nil || machine[$0].declaration.changesData }) else { return }
            records.append(Expected(record: .transition(trigger: triggerName(of: first)), transitions: microstep))
        }
        var previous: MachineInterpreter.TraceEntry?
        var cancelledOnExit = 0
        for (index, entry) in entries.enumerated() {
            // An update follows its transition's `took` and records nothing of its own (its
            // transition's record tells of it): it neither ends nor joins a microstep.
            if case .updated = entry { continue }
            defer { previous = entry }
            switch entry {
            case .exited(let state):
                closeMicrostep()
                if microstepStart == nil { microstepStart = records.count }
                records += outputs(of: model[state].exitActions, microstep)
                // The generated code tells of the state's cancelled invocations before the
                // state's exit; the interpreter lists them after it.
                for case .cancelled(let run) in entries[(index + 1)...].prefix(while: { if case .cancelled = $0 { true } else { false } }) {
                    records.append(Expected(record: .cancelled(invocation: model[run.invocation].name), transitions: []))
                    cancelledOnExit += 1
                }
                records.append(Expected(record: .exit(state: model[state].name), transitions: []))
            case .took(let id):
                if !joins(id, microstep, after: previous) { closeMicrostep() }
                microstep.append(id)
                records += outputs(of: machine[id].declaration.actions, [id])
            case .entered(let state):
                records += outputs(of: model[state].entryActions, microstep)
                records.append(Expected(record: .entry(state: model[state].name), transitions: microstep))
            case .tookHistoryDefault(let state):
                records += outputs(of: model[state].historyDefault?.actions ?? [], microstep)
            case .ignored(let event):
                closeMicrostep()
                records.append(Expected(record: .ignored(event: model[event].name), transitions: []))
            case .kept(let event):
                closeMicrostep()
                records.append(Expected(record: .kept(event: model[event].name), transitions: []))
            case .released:
                closeMicrostep()
            case .started(let run):
                closeMicrostep()
                records.append(Expected(record: .started(invocation: model[run.invocation].name), transitions: []))
            case .cancelled(let run):
                guard cancelledOnExit == 0 else {
                    cancelledOnExit -= 1
                    continue
                }
                records.append(Expected(record: .cancelled(invocation: model[run.invocation].name), transitions: microstep))
            case .dropped(let run, _):
                closeMicrostep()
                records.append(Expected(record: .dropped(invocation: model[run.invocation].name), transitions: []))
            case .updated:
                // Skipped above.
                break
            case .ignoredResult, .inChild:
                // Nothing the generated code notifies (a result no transition takes), or a
                // child's own run, which replay does not follow yet.
                closeMicrostep()
            }
        }
        closeMicrostep()
        return records
    }

    private var model: MachineModel { machine.model }

    /// Whether `transition`, taken right after `previous`, belongs to the same microstep as
    /// `microstep`: the transitions one microstep takes together come one after another, all
    /// on one trigger, each from another state (one per region).
    private func joins(_ transition: TransitionID, _ microstep: [TransitionID], after previous: MachineInterpreter.TraceEntry?) -> Bool {
        guard let first = microstep.first, case .took? = previous else { return false }
        return machine[first].trigger == machine[transition].trigger
            && !microstep.contains { machine[$0].declaration.source == machine[transition].declaration.source }
    }

    private func triggerName(of transition: TransitionID) -> String? {
        machine[transition].trigger?.event.map { model[$0].name }
    }

    private func outputs(of actions: [ActionModel], _ transitions: [TransitionID]) -> [Expected] {
        actions.compactMap { action in
            switch action {
            case .emit(let output, let arguments):
                let payload = Self.literalPayload(arguments, of: model[output].parameters)
                return Expected(record: .output(name: model[output].name, payload: payload), transitions: transitions)
            case .call, .callWithArguments, .raise, .update:
                return nil
            }
        }
    }

    /// The payload text a generated machine records for an output whose arguments are all
    /// literals the spec spells as Swift describes them (`true`, `42`, `"Saved."`), as its
    /// `TraceObserver` writes it (`keepMine: true`); `nil` when a value comes from the run
    /// (a payload, data, a function) or is spelled otherwise, which replay cannot know.
    static func literalPayload(_ arguments: [ArgumentModel], of parameters: [ParameterModel]) -> String? {
        guard !parameters.isEmpty, arguments.count == parameters.count else { return nil }
        var items: [String] = []
        for (argument, parameter) in zip(arguments, parameters) {
            let text: String
            switch argument.value {
            case .boolean(let value):
                text = String(value)
            case .integer(let digits) where Int(digits).map(String.init) == digits:
                text = digits
            case .string(let value) where value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }):
                text = "\"\(value)\""
            default:
                return nil
            }
            items.append(parameter.label.map { "\($0): \(text)" } ?? text)
        }
        return items.joined(separator: ", ")
    }
}

extension TraceRecord {
    /// Whether a recorded record is the one expected: the same record, an output's payload
    /// compared only where the spec spells it in literals (the interpreter computes no values).
    func matches(_ recorded: TraceRecord) -> Bool {
        if case .output(let name, let payload) = self, case .output(let recordedName, let recordedPayload) = recorded {
            return name == recordedName && (payload == nil || payload == recordedPayload)
        }
        return self == recorded
    }
}
