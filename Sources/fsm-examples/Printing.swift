/// Prints a scenario heading.
func heading(_ title: String) {
    print("\n== \(title) ==")
}

/// `  idle --trackOutgoingCall--> start`
func transitionLine(from source: String, on trigger: String, to target: String) -> String {
    "  \(source) --\(trigger)--> \(target)"
}
