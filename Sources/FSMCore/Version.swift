/// The version of fsmc; the CLI prints it and generated files record it.
public let fsmcVersion = "0.1.0"
