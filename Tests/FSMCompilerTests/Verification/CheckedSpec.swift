import FSMCompiler
import Testing

/// A spec lowered with properties given as text (`never in(a) && in(b)`, `in(a) only after
/// in(b)`), until the language parses `assert`: what the verification tests check.
struct CheckedSpec {
    let source: SourceText
    let executable: ExecutableMachine

    /// `children` are the specs of the machines it invokes.
    init(
        _ text: String, _ properties: [String], children: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        source = SourceText(text)
        let compilation = Compiler.compile(source, machines: MachineCatalog(specs: children.map(SourceText.init)))
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(MarkedSource.lines(of: errors) == [], sourceLocation: sourceLocation)
        var model = try #require(compilation.model, sourceLocation: sourceLocation)
        model.properties = try properties.map { try PropertyText.property($0, in: model) }
        executable = try Lowering.lower(model).get()
    }

    var model: MachineModel { executable.model }

    func check(bound: Int = PropertyChecker.defaultBound) -> PropertyReport {
        PropertyChecker.check(executable, bounds: ExplorationBounds(situations: bound))
    }

    /// The verdict of each property, as `holds`, `fails in 3` (steps of its counterexample),
    /// `fails` (no counterexample), `inconclusive`.
    func verdicts(bound: Int = PropertyChecker.defaultBound) -> [String] {
        check(bound: bound).results.map { PropertyText.verdict($0.verdict) }
    }

    /// A counterexample as lines: each step's stimulus, guard answers, transitions taken (by
    /// their owner and trigger) and configurations after each microstep.
    func lines(of counterexample: Counterexample) -> [String] {
        counterexample.steps.map { step in
            var line = describe(step.stimulus)
            for answer in step.guardAnswers { line += " [\(answer.value ? "yes" : "no")]" }
            line += " => " + step.configurations.map { configuration in
                configuration.filter { model[$0].isAtomic }.map { model[$0].name }.joined(separator: "+")
            }.joined(separator: " / ")
            return line
        }
    }

    func describe(_ stimulus: MachineInterpreter.Stimulus) -> String {
        switch stimulus {
        case .start: "start"
        case .event(let event): model[event].name
        case .timer(let owner, let group): "timer \(model[owner].name)#\(group)"
        case .outcome(let invocation, let result): result.trigger(of: model[invocation].name)
        }
    }

    /// The counterexample of property `index`, which must fail with one, replayed.
    func counterexample(_ index: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let result = check().results[index]
        guard case .fails(let counterexample?) = result.verdict else {
            Issue.record("'\(result.property.text)' did not fail with a counterexample: \(result.verdict)", sourceLocation: sourceLocation)
            return []
        }
        #expect(PropertyChecker.replay(counterexample, of: result.property, in: executable), sourceLocation: sourceLocation)
        return lines(of: counterexample)
    }
}

/// Properties and conditions from text, by state name.
enum PropertyText {
    struct Unparsable: Error { var text: String }

    static func property(_ text: String, in model: MachineModel) throws -> PropertyModel {
        let range = SourceRange(SourceLocation(line: 1, column: 1, offset: 0), SourceLocation(line: 1, column: 2, offset: 1))
        let claim: PropertyModel.Claim
        if text.hasPrefix("never ") {
            claim = .never(try condition(String(text.dropFirst(6)), in: model))
        } else if text.hasPrefix("always reachable ") {
            claim = .alwaysReachable(try condition(String(text.dropFirst(17)), in: model))
        } else if text.hasPrefix("reachable ") {
            claim = .reachable(try condition(String(text.dropFirst(10)), in: model))
        } else if let split = text.range(of: " only after ") {
            claim = .onlyAfter(
                try condition(String(text[..<split.lowerBound]), in: model),
                after: try condition(String(text[split.upperBound...]), in: model))
        } else {
            throw Unparsable(text: text)
        }
        return PropertyModel(claim: claim, range: range, text: text)
    }

    /// `in(a) && !(in(b) || in(c))`.
    static func condition(_ text: String, in model: MachineModel) throws -> GuardModel {
        var parser = ConditionParser(tokens: tokens(of: text), model: model)
        let condition = try parser.or()
        guard parser.position == parser.tokens.count else { throw Unparsable(text: text) }
        return condition
    }

    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty { tokens.append(word); word = "" }
            if character == " " { continue }
            if (character == "&" || character == "|"), tokens.last == String(character) {
                tokens[tokens.count - 1] += String(character)
            } else {
                tokens.append(String(character))
            }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    private struct ConditionParser {
        let tokens: [String]
        let model: MachineModel
        var position = 0

        mutating func or() throws -> GuardModel {
            var lhs = try and()
            while position < tokens.count, tokens[position] == "||" {
                position += 1
                lhs = .or(lhs, try and())
            }
            return lhs
        }

        mutating func and() throws -> GuardModel {
            var lhs = try unary()
            while position < tokens.count, tokens[position] == "&&" {
                position += 1
                lhs = .and(lhs, try unary())
            }
            return lhs
        }

        mutating func unary() throws -> GuardModel {
            guard position < tokens.count else { throw Unparsable(text: tokens.joined()) }
            let token = tokens[position]
            position += 1
            switch token {
            case "!":
                return .not(try unary())
            case "(":
                let inner = try or()
                try expect(")")
                return inner
            case "in":
                try expect("(")
                guard position < tokens.count, let state = model.states.first(where: { $0.name == tokens[position] }) else {
                    throw Unparsable(text: tokens.joined())
                }
                position += 1
                try expect(")")
                return .isIn(state.id)
            default:
                throw Unparsable(text: tokens.joined())
            }
        }

        mutating func expect(_ token: String) throws {
            guard position < tokens.count, tokens[position] == token else { throw Unparsable(text: tokens.joined()) }
            position += 1
        }
    }

    static func verdict(_ verdict: PropertyResult.Verdict) -> String {
        switch verdict {
        case .holds: "holds"
        case .holdsWithinBound: "holds within the bound"
        case .fails(let counterexample?): "fails in \(counterexample.steps.count)"
        case .fails(nil): "fails"
        case .inconclusive: "inconclusive"
        }
    }
}
