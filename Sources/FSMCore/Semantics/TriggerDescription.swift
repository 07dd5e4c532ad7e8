extension TransitionModel.Trigger {
    /// The trigger as messages name it: "'seek'", "'always'", "'after 1s'", "'done fetchUser'".
    func described(events: [SignalModel], invocations: [InvocationModel]) -> String {
        switch self {
        case .event(let event): "'\(events[event.index].name)'"
        case .always: "'always'"
        case .after(let duration): "'after \(duration.text)'"
        case .afterComputed(let function): "'after \(function)'"
        case .done: "'done'"
        case .invocation(let invocation, let result): "'\(result.trigger(of: invocations[invocation.index].name))'"
        }
    }
}
