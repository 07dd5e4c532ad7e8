/// Kinds of notification a machine delivers, as a set: what one observer hears.
///
/// A machine builds a notification only when some observer hears its kind, and delivers it
/// only to those observers: an observer of transitions costs nothing on an ignored event.
/// The kinds are inlinable computed constants, not stored ones: a stored `static let` is read
/// through a call that checks it was initialized, at every notification.
public struct NotificationKinds: OptionSet, Hashable, Sendable {
    /// The kinds as bits, one per kind.
    public let rawValue: UInt16

    /// The kinds whose bits `rawValue` sets; use the named kinds (``exits``, ``all``, …) instead.
    @inlinable
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// A state was left (`exited`, `machine(_:didExit:)`).
    @inlinable public static var exits: NotificationKinds { NotificationKinds(rawValue: 1 << 0) }
    /// A state was entered (`entered`, `machine(_:didEnter:)`).
    @inlinable public static var entries: NotificationKinds { NotificationKinds(rawValue: 1 << 1) }
    /// A transition was taken (`transitioned`, `machine(_:didTransition:)`).
    @inlinable public static var transitions: NotificationKinds { NotificationKinds(rawValue: 1 << 2) }
    /// An action emitted an output (`emitted`, `machine(_:didEmit:)`).
    @inlinable public static var outputs: NotificationKinds { NotificationKinds(rawValue: 1 << 3) }
    /// No transition took an event (`ignored`, `machine(_:didIgnore:in:)`).
    @inlinable public static var ignoredEvents: NotificationKinds { NotificationKinds(rawValue: 1 << 4) }

    /// An invocation started (`started`, `machine(_:didStart:)`).
    @inlinable public static var invocationStarts: NotificationKinds { NotificationKinds(rawValue: 1 << 5) }
    /// A running invocation was cancelled (`cancelled`, `machine(_:didCancel:)`).
    @inlinable public static var invocationCancellations: NotificationKinds { NotificationKinds(rawValue: 1 << 6) }
    /// What an invocation sent after it was cancelled or had ended was dropped (`dropped`,
    /// `machine(_:didDropResultOf:)`).
    @inlinable public static var droppedResults: NotificationKinds { NotificationKinds(rawValue: 1 << 7) }

    /// No transition took an event and an active state defers it, so the machine kept it
    /// (`kept`, `machine(_:didKeep:in:)`).
    @inlinable public static var keptEvents: NotificationKinds { NotificationKinds(rawValue: 1 << 8) }

    /// Every kind: what `observe(_:)` and an `Observer` hear unless told otherwise.
    @inlinable public static var all: NotificationKinds { NotificationKinds(rawValue: 0b1_1111_1111) }
}
