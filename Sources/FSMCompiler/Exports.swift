// `import FSMCompiler` gives all of fsmc's compiler: the core (syntax, semantics, the executable
// model), the checker (the interpreter, the property checker, `Compiler`) and the Swift back end
// are modules of their own so that the build plugin's tool compiles only them, the checker and
// the back end side by side.
@_exported import FSMChecker
@_exported import FSMCore
@_exported import FSMSwift
