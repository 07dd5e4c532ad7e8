/// What a piece of generated code reads that the code around it must bind: the state data it
/// passes on (by label) and the variables holding parts of the configuration (`activeChild`,
/// `editorRegions`, `mainInside`). A writer returns it with the code it wrote, so that the
/// `case` around that code binds exactly what the code reads, and no one searches the
/// generated text for a name.
struct CodeReads {
    /// The labels of the state data the code reads (bound to variables of their names).
    private(set) var dataLabels: Set<String> = []
    /// The other variables the code reads.
    private(set) var variables: Set<String> = []

    /// Reads nothing.
    init() {}

    init(dataLabels: Set<String> = [], variables: Set<String> = []) {
        self.dataLabels = dataLabels
        self.variables = variables
    }

    /// Reads `value`'s variable.
    init(_ value: BoundValue) {
        variables = [value.variable]
    }

    /// Whether the code reads the variable `name`.
    func reads(_ name: String) -> Bool { variables.contains(name) }

    mutating func formUnion(_ other: CodeReads) {
        dataLabels.formUnion(other.dataLabels)
        variables.formUnion(other.variables)
    }

    mutating func insert(_ value: BoundValue) {
        variables.insert(value.variable)
    }

    mutating func insert(dataLabels labels: Set<String>) {
        dataLabels.formUnion(labels)
    }

    /// What the code reads from outside a pattern that binds `labels` and `variable`.
    func outside(binding labels: Set<String> = [], variable: String? = nil) -> CodeReads {
        var rest = self
        rest.dataLabels.subtract(labels)
        if let variable { rest.variables.remove(variable) }
        return rest
    }
}

/// A part of the configuration the generated code has bound, as an expression: a variable
/// (`activeChild`, `editorRegions`) or a region of one (`editorRegions.bold`).
struct BoundValue {
    /// The variable the expression reads.
    let variable: String
    /// The expression: the variable, or a property of it.
    let expression: String

    /// The variable `name` itself.
    init(variable name: String) {
        variable = name
        expression = name
    }

    /// The property `property` of the variable `name`: `editorRegions.bold`.
    init(property: String, of name: String) {
        variable = name
        expression = "\(name).\(property)"
    }

    private init(variable: String, expression: String) {
        self.variable = variable
        self.expression = expression
    }

    /// The property `property` of this value (`editorRegions.outer.bold`): it reads the same
    /// variable.
    func property(_ property: String) -> BoundValue {
        BoundValue(variable: variable, expression: "\(expression).\(property)")
    }
}
