/// The actions of both transfer variants: the generated ``Progress`` and the
/// ``HandWrittenProgress`` call the same methods through protocols of the same shape.
///
/// Every call is counted and the data they receive is added up, so that the optimizer cannot
/// drop them and two variants that agree on the counts made the same calls with the same data.
final class ProgressWork: Progress.Actions, HandWrittenProgress.Actions {
    /// Calls of transition actions.
    @exclusivity(unchecked) private(set) var actionCalls = 0
    /// The sum of the bytes shown, each the value just updated.
    @exclusivity(unchecked) private(set) var shownBytes = 0
    /// The sum of the bytes received by the transfers that finished.
    @exclusivity(unchecked) private(set) var closedBytes = 0
    /// The sum of the ids opened.
    @exclusivity(unchecked) private(set) var openedIDs = 0

    func open(id: Int) {
        actionCalls &+= 1
        openedIDs &+= id
    }

    func show(received: Int) {
        actionCalls &+= 1
        shownBytes &+= received
    }

    func close(id: Int, received: Int) {
        actionCalls &+= 1
        closedBytes &+= received
    }

    /// What two variants fed the same events must agree on.
    var summary: String {
        "actions \(actionCalls), opened ids \(openedIDs), shown bytes \(shownBytes), closed bytes \(closedBytes)"
    }
}
