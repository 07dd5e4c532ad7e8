/// The work and actions of both lookup variants: the generated ``Lookup`` and the
/// ``HandWrittenLookup`` call the same methods on the main actor.
///
/// `fetch` answers at once, without suspending, so that a cycle measures what the machinery
/// costs (the task, the handle, the delivery) rather than the work. It ignores cancellation, as
/// much real work does: a fetch whose state was left still returns, and its result must be
/// dropped. Every call is counted so that the variants can be checked against each other.
@MainActor final class LookupWork: Lookup.Actions, HandWrittenLookup.Actions {
    /// Calls of `fetch`: works started and run.
    private(set) var fetches = 0
    /// Results taken (`record` calls), and the sum of the values and ids they carried.
    private(set) var recorded = 0
    private(set) var recordedSum = 0

    func fetch(id: Int) async throws -> Int {
        fetches &+= 1
        return id &* 3
    }

    func record(value: Int, id: Int) {
        recorded &+= 1
        recordedSum &+= value &+ id
    }

    var summary: String { "fetch \(fetches), record \(recorded) (sum \(recordedSum))" }
}
