/// Payloads, data, guards, actions and arguments. A guard, action or value function is named
/// per *key*, the parameters it receives (the event's payload unless called without it, then the
/// data of the state and the states around it), so one name never takes two signatures.
extension SpecBuild {
    /// Where a guard, action or argument is written: the triggering event's payload or what an
    /// invocation delivers (nil for entry and exit actions, `always`, `after` and `done`) and the
    /// data received.
    struct Context {
        var payload: [SpecParameter]?
        var data: [SpecParameter]
        /// The event being handled, for the differential profile's rule on `raise`.
        var event: String?

        /// Whether a guard or action written here receives parameters unless written `name()`.
        var hasPayload: Bool { !(payload ?? []).isEmpty }
    }

    func context(of state: Int?, trigger: SpecTrigger?) -> Context {
        var payload: [SpecParameter]?
        var event: String?
        switch trigger {
        case .event(let name)?:
            event = name
            payload = events.first { $0.name == name }?.parameters
        case .invocationDone(let name)?:
            // A call's `done` receives its results; a stream's, none (the sequence finished).
            payload = invocations.first { $0.invocation.name == name }.map { $0.invocation.isStream ? [] : $0.invocation.results }
        case .invocationError?:
            payload = [SpecParameter(label: "error", type: "any Error")]
        case .childOutput?:
            payload = []
        case .invocationElement(let name)?:
            payload = invocations.first { $0.invocation.name == name }?.invocation.results
        case .always?, .after?, .done?, nil:
            break
        }
        return Context(payload: payload, data: dataChain(of: state), event: event)
    }

    private static func signature(_ parameters: [SpecParameter]) -> String {
        parameters.map { ($0.label ?? "_") + ":" + $0.type }.joined(separator: ",")
    }

    mutating func makePayload() -> [SpecParameter] {
        guard !random.chance(40) else { return [] }
        var parameters: [SpecParameter] = []
        var used: Set<String> = []
        for _ in 0..<random.inRange(1...3) {
            var label: String?
            if !random.chance(25) {
                let candidate = random.pick(NamePools.payloadLabels)
                if used.insert(candidate).inserted { label = candidate }
            }
            parameters.append(SpecParameter(label: label, type: random.pick(NamePools.types)))
        }
        return parameters
    }

    mutating func makeData() -> [SpecParameter] {
        (0..<random.inRange(1...2)).map { _ in
            var label = random.pick(NamePools.dataLabels)
            if !random.chance(15) || !names.claimLabel(label) {
                repeat { label = random.pick(["since", "attempt", "user", "total", "level", "ü"]) + "\(names.next())" } while !names.claimLabel(label)
            }
            return SpecParameter(label: label, type: random.pick(NamePools.types))
        }
    }

    // MARK: - Functions

    /// A guard, action or value function's name for `key`: one made before for it, or a new one.
    mutating func functionName(kind: String, key: String, prefix: String) -> String {
        if let made = names.functionsByKey[kind + "|" + key], !made.isEmpty, random.chance(55) {
            return random.pick(made)
        }
        // Not for value functions: an argument's name close to a payload label available
        // there reads as a typo of it ('init_' for 'init').
        if swiftOnly && kind != "value" && random.chance(15) {
            let candidate = random.pick(NamePools.functions)
            if names.fits(candidate, kind: kind, key: key) {
                names.claimFunction(candidate, kind: kind, key: key)
                return candidate
            }
        }
        var name: String
        repeat { name = "\(prefix)\(names.next())" } while names.isFunction(name)
        names.claimFunction(name, kind: kind, key: key)
        return name
    }

    /// A use *without the payload* (what `name()` meant before language version 4) takes the
    /// data alone; ``withoutPayload(_:)`` writes it.
    private func key(_ context: Context, bare: Bool) -> String {
        (bare ? "" : Self.signature(context.payload ?? [])) + "|" + Self.signature(context.data)
    }

    /// A call without the payload, as language version 4 writes it: `name()` where there are
    /// no data (it takes nothing), else `name(field, …)` passing the data, which is what the
    /// requirement takes. So the generator draws what it drew before `name()` came to take
    /// nothing, and its specs mean what they meant.
    func withoutPayload(_ context: Context) -> [SpecArgument] {
        context.data.map { SpecArgument(label: nil, value: $0.label!) }
    }

    mutating func guardName(_ context: Context) -> SpecGuard {
        if isDifferential {
            let pool = max(1, size.maxGuards)
            var name: String
            if random.chance(6) {
                // Names the SCXML export must rename: ECMAScript words, SCXML's, a state's.
                name = random.pick(["new", "this", "Math", "undefined", "_g", "In", nodes[random.below(nodes.count)].name])
            } else {
                name = "g\(random.inRange(1...pool))"
            }
            if names.isFunction(name) && !names.fits(name, kind: "guard", key: "") { name = "g1" }
            names.claimFunction(name, kind: "guard", key: "")
            if !guardNamesInOrder.contains(name) { guardNamesInOrder.append(name) }
            // Bare where there is a payload (only `error x`'s `error: any Error` here): one
            // name, one signature, whatever the trigger.
            return .name(name, bare: context.hasPayload)
        }
        // `name()` where there is no payload to leave out is allowed too (and means the same).
        let bare = context.payload.map { !$0.isEmpty } ?? false ? random.chance(30) : random.chance(5)
        let name = functionName(kind: "guard", key: key(context, bare: bare), prefix: random.pick(["is", "can", "has"]))
        if !guardNamesInOrder.contains(name) { guardNamesInOrder.append(name) }
        return bare && !context.data.isEmpty ? .callWithArguments(name, withoutPayload(context)) : .name(name, bare: bare)
    }

    /// A guard: names and `in(…)`, sometimes combined with `!`, `&&` and `||`.
    mutating func makeGuard(_ context: Context, depth: Int = 0) -> SpecGuard {
        if depth < 2 && random.chance(25) {
            switch random.below(3) {
            case 0: return .not(makeGuard(context, depth: depth + 1))
            case 1: return .and(makeGuard(context, depth: depth + 1), makeGuard(context, depth: depth + 1))
            default: return .or(makeGuard(context, depth: depth + 1), makeGuard(context, depth: depth + 1))
            }
        }
        if profile.inGuards && !nodes.isEmpty && random.chance(25) {
            return .inState(nodes[random.below(nodes.count)].name)
        }
        if profile.constantGuards && random.chance(5) {
            return .constant(random.chance(50))
        }
        return guardName(context)
    }

    // MARK: - Actions

    mutating func makeActions(_ context: Context) -> [SpecAction] {
        (0..<random.inRange(1...3)).compactMap { _ in makeAction(context) }
    }

    private mutating func makeAction(_ context: Context) -> SpecAction? {
        let roll = random.below(100)
        if roll < 20 && !outputs.isEmpty {
            let output = random.pick(outputs)
            return .emit(output.name, arguments(for: output.parameters, context))
        }
        if roll < 40 && profile.raise {
            if isDifferential {
                // Only events no outside driver sends, each raising only later ones: every
                // chain of raised events ends.
                let floor = context.event.flatMap { raisedOnlyEvents.firstIndex(of: $0) } ?? -1
                let later = raisedOnlyEvents.indices.filter { $0 > floor }
                guard !later.isEmpty else { return nil }
                return .raise(raisedOnlyEvents[random.pick(later)], [])
            }
            guard !events.isEmpty else { return nil }
            let event = random.pick(events)
            return .raise(event.name, arguments(for: event.parameters, context))
        }
        return makeCall(context)
    }

    /// An action your code implements.
    mutating func makeCall(_ context: Context) -> SpecAction {
        if isDifferential {
            let name = "a\(random.inRange(1...4))"
            names.claimFunction(name, kind: "action", key: "")
            return .call(name, bare: context.hasPayload)
        }
        let bare = context.payload.map { !$0.isEmpty } ?? false ? random.chance(30) : random.chance(10)
        let name = functionName(kind: "action", key: key(context, bare: bare), prefix: random.pick(["do", "log", "act"]))
        return bare && !context.data.isEmpty ? .callWithArguments(name, withoutPayload(context)) : .call(name, bare: bare)
    }

    // MARK: - Arguments

    /// One argument per parameter: a literal of a type fsmc checks, a payload label or a data
    /// label of exactly the parameter's type, or a value function.
    mutating func arguments(for parameters: [SpecParameter], _ context: Context) -> [SpecArgument] {
        parameters.map { parameter in
            var options: [String] = NamePools.literals[parameter.type] ?? []
            for field in context.payload ?? [] where field.type == parameter.type {
                if let label = field.label { options.append(label) }
            }
            for field in context.data where field.type == parameter.type {
                if let label = field.label { options.append(label) }
            }
            let value: String
            if options.isEmpty || random.chance(20) {
                let key = parameter.type + "|" + Self.signature(context.payload ?? []) + "|" + Self.signature(context.data)
                value = functionName(kind: "value", key: key, prefix: random.pick(["make", "compute"]))
            } else {
                value = random.pick(options)
            }
            let label = parameter.label.flatMap { random.chance(60) ? $0 : nil }
            return SpecArgument(label: label, value: value)
        }
    }
}
