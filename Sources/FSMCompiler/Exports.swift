// `import FSMCompiler` gives all of fsmc's compiler: the core (syntax, semantics, the executable
// model) and the Swift back end are modules of their own so that the build plugin's tool
// compiles only them.
@_exported import FSMCore
@_exported import FSMSwift
