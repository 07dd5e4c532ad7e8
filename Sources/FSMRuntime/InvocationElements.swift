/// The elements of an `invoke stream`: what the `Actions` function returns, from any
/// asynchronous sequence of them.
///
/// ```swift
/// func changes(user: User) -> InvocationElements<Change> {
///     InvocationElements(server.changes(of: user.id))      // any AsyncSequence of Change
/// }
/// ```
///
/// `AsyncThrowingStream` and `AsyncStream` are sequences too, so code written for iOS 16 and
/// later wraps one the same way. The machine iterates the sequence on its own isolation, one
/// element at a time, and cancels the iteration when the invoking state is left.
public struct InvocationElements<Element> {
    @usableFromInline let makeNext: () -> () async throws -> Element?

    /// The elements of `sequence`; iterated once, when the invocation starts.
    public init<Elements: AsyncSequence>(_ sequence: Elements) where Elements.Element == Element {
        makeNext = {
            var iterator = sequence.makeAsyncIterator()
            return { try await iterator.next() }
        }
    }
}
