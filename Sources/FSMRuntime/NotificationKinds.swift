/// Kinds of notification a machine delivers, as a set: what one observer hears.
///
/// A machine builds a notification only when some observer hears its kind, and delivers it
/// only to those observers: an observer of transitions costs nothing on an ignored event.
public struct NotificationKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    @inlinable
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A state was left (`exited`, `machine(_:didExit:)`).
    public static let exits = NotificationKinds(rawValue: 1 << 0)
    /// A state was entered (`entered`, `machine(_:didEnter:)`).
    public static let entries = NotificationKinds(rawValue: 1 << 1)
    /// A transition was taken (`transitioned`, `machine(_:didTransition:)`).
    public static let transitions = NotificationKinds(rawValue: 1 << 2)
    /// An action emitted an output (`emitted`, `machine(_:didEmit:)`).
    public static let outputs = NotificationKinds(rawValue: 1 << 3)
    /// No transition took an event (`ignored`, `machine(_:didIgnore:in:)`).
    public static let ignoredEvents = NotificationKinds(rawValue: 1 << 4)

    /// Every kind: what `observe(_:)` and an `Observer` hear unless told otherwise.
    public static let all: NotificationKinds = [.exits, .entries, .transitions, .outputs, .ignoredEvents]
}
