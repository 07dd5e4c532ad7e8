import FSMCore

/// How the generated types are `Codable`: written out as a few calls to FSMRuntime rather than
/// synthesized, writing the same data as synthesis (except a nested `State` without data or
/// parallel states, which is coded as the name of its active atomic state).
///
/// Synthesized `Codable` writes a `CodingKeys` enum and keyed coding (one more enum per case,
/// for an enum with payloads) into the generated file, and every build of its user
/// type-checks all of it: about three times what a conformance that calls FSMRuntime costs
/// (measured with `fsm-bench --only compile`; see docs/Performance.md).
extension ValueTypesGenerator {
    /// `init(from:)` and `encode(to:)` of `State`.
    func emitStateCoding(into writer: inout CodeWriter) {
        emitCodingMethods(
            decodingDocumentation: "Decodes the name of the active atomic state, which `encode(to:)` writes.",
            decode: { writer in writer.line("self = try decodeConfiguration(from: decoder)") },
            encodingDocumentation: [
                "Encodes the name of the active atomic state (state names are unique across the",
                "machine, so it names the configuration): `\"\(model[machine.initialEntry.states.last!].name)\"`.",
            ],
            encode: { writer in writer.line("try encodeConfiguration(self, to: encoder)") },
            into: &writer)
    }

    /// `init(from:)` and `encode(to:)` of the type of `state`'s children, one of them compound:
    /// coded as the configuration it is part of.
    func emitChildrenCoding(of state: StateModel, into writer: inout CodeWriter) {
        let path = machine.path(to: state.id)
        emitCodingMethods(
            decodingDocumentation: "Decodes the name of the active atomic state, which `encode(to:)` writes.",
            decode: { writer in
                writer.block("guard case \(spelling.configurationPattern(path, child: "inside")) = try decodeConfiguration(from: decoder) else") { writer in
                    writer.line("throw StatePath.notInside(\"\(state.name)\", at: decoder)")
                }
                writer.line("self = inside")
            },
            encodingDocumentation: ["Encodes the name of the active atomic state, as `State` does."],
            encode: { writer in
                // Through the machine's function: in here, a state named `State` would hide the type.
                let wrapped = path.reversed().reduce("self") { inner, id in ".\(model[id].name)(\(inner))" }
                writer.line("try encodeConfiguration(\(wrapped), to: encoder)")
            },
            into: &writer)
    }

    /// `init(from:)` and `encode(to:)` of a generated `struct` (`History`, `Snapshot`, a parallel
    /// state's regions): each stored property under its name, as synthesized `Codable` writes it.
    func emitPropertyCoding(_ properties: [String], into writer: inout CodeWriter) {
        emitCodingMethods(
            decodingDocumentation: "Decodes what `encode(to:)` writes.",
            decode: { writer in
                writer.line("let properties = try PropertyDecoding(from: decoder)")
                for property in properties {
                    writer.line("self.\(SwiftNames.variable(property)) = try properties.decode(\(SpecText.stringLiteral(property)))")
                }
            },
            encodingDocumentation: ["Encodes each property under its name, as synthesized `Codable` would."],
            encode: { writer in
                writer.line("var properties = PropertyEncoding(to: encoder)")
                for property in properties {
                    writer.line("try properties.encode(self.\(SwiftNames.variable(property)), \(SpecText.stringLiteral(property)))")
                }
            },
            into: &writer)
    }

    /// A case of a generated enum as its coding sees it: its name and the labels of its
    /// associated values, `nil` for an unlabeled one.
    struct CodedCase {
        var name: String
        var labels: [String?]
    }

    /// The cases of an `Event` or an `Output`.
    func codedCases(_ signals: [SignalModel]) -> [CodedCase] {
        signals.map { CodedCase(name: $0.name, labels: $0.parameters.map(\.label)) }
    }

    /// The cases of `State` or of a compound state's children: the child first (unlabeled),
    /// then the data.
    func codedCases(ofStates states: [StateID]) -> [CodedCase] {
        states.map { id in
            let state = model[id]
            return CodedCase(name: state.name, labels: (state.isCompound ? [nil] : []) + state.data.map(\.label))
        }
    }

    /// `init(from:)` and `encode(to:)` of an enum with payloads, as synthesized `Codable` codes
    /// it: `{"open": {"id": 5}}`. `named`: the enum has a `name` property giving each case's.
    func emitCaseCoding(_ cases: [CodedCase], named: Bool = false, into writer: inout CodeWriter) {
        func key(_ label: String?, at position: Int) -> String {
            SpecText.stringLiteral(label ?? "_\(position)")
        }
        emitCodingMethods(decodingDocumentation: "Decodes what `encode(to:)` writes.", decode: { writer in
            writer.line("let coded = try CaseDecoding(from: decoder)")
            writer.line("switch coded.name {")
            for codedCase in cases {
                let values = codedCase.labels.enumerated().map { position, label in
                    (label.map { "\($0): " } ?? "") + "try coded.decode(\(key(label, at: position)))"
                }
                let value = values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
                writer.line("case \(SpecText.stringLiteral(codedCase.name)): self = .\(codedCase.name)\(value)")
            }
            writer.line("default: throw coded.unknownCase()")
            writer.line("}")
        }, encodingDocumentation: [
            "Encodes the case's name and its payload under their labels, as synthesized `Codable` would.",
        ], encode: { writer in
            // Bound by position: a payload's label could be `encoder`.
            func bindings(_ codedCase: CodedCase) -> String {
                "(" + codedCase.labels.indices.map { "let value\($0)" }.joined(separator: ", ") + ")"
            }
            func encodePayload(_ codedCase: CodedCase, into writer: inout CodeWriter) {
                for (position, label) in codedCase.labels.enumerated() {
                    writer.line("try coded.encode(value\(position), \(key(label, at: position)))")
                }
            }
            let withPayload = cases.filter { !$0.labels.isEmpty }
            if named {
                guard !withPayload.isEmpty else {
                    writer.line("_ = CaseEncoding(name, to: encoder)")
                    return
                }
                writer.line("var coded = CaseEncoding(name, to: encoder)")
                writer.line("switch self {")
                for codedCase in withPayload {
                    writer.line("case .\(codedCase.name)\(bindings(codedCase)):")
                    writer.indented { writer in encodePayload(codedCase, into: &writer) }
                }
                if withPayload.count < cases.count { writer.line("default: break") }
                writer.line("}")
                return
            }
            writer.line("switch self {")
            for codedCase in cases {
                let name = SpecText.stringLiteral(codedCase.name)
                if codedCase.labels.isEmpty {
                    writer.line("case .\(codedCase.name): _ = CaseEncoding(\(name), to: encoder)")
                    continue
                }
                writer.line("case .\(codedCase.name)\(bindings(codedCase)):")
                writer.indented { writer in
                    writer.line("var coded = CaseEncoding(\(name), to: encoder)")
                    encodePayload(codedCase, into: &writer)
                }
            }
            writer.line("}")
        }, into: &writer)
    }

    /// `init(from:)` and `encode(to:)`, each after a blank line and its documentation.
    private func emitCodingMethods(
        decodingDocumentation: String,
        decode: (inout CodeWriter) -> Void,
        encodingDocumentation: [String],
        encode: (inout CodeWriter) -> Void,
        into writer: inout CodeWriter
    ) {
        writer.line()
        writer.line("/// " + decodingDocumentation)
        writer.block("\(access)init(from decoder: any Decoder) throws", decode)
        writer.line()
        for line in encodingDocumentation {
            writer.line("/// " + line)
        }
        writer.block("\(access)func encode(to encoder: any Encoder) throws", encode)
    }
}

