/// One observer as an ``ObservationList`` keeps it.
///
/// A generated machine declares its own conforming type (`Name.Observation`), which stores its
/// observers' closures with the machine's own `Notification` type. The list calls them
/// directly: a closure stored under a generic parameter, as in ``ClosureObservation``, is
/// called through a conversion thunk, a cost every notification would pay.
public protocol MachineObservation {
    /// What the observer receives: a generated machine's `Notification` enum.
    associatedtype Notification

    /// An observer that calls `receive` until it returns `false`: what the list's own `add`
    /// methods and streams make.
    init(_ receive: @escaping (Notification) -> Bool)

    /// Passes `notification` to the observer. Returns `false` once the observer is gone for
    /// good (the object it served was released), and the list then forgets it.
    func receive(_ notification: Notification) -> Bool
}

/// A closure as an observation: what an ``ObserverList`` keeps.
public struct ClosureObservation<Notification>: MachineObservation {
    @usableFromInline let handler: (Notification) -> Bool

    /// An observation that calls `receive` with each notification until it returns `false`.
    public init(_ receive: @escaping (Notification) -> Bool) {
        handler = receive
    }

    /// Calls the closure with `notification`; returns what it returns, `false` once it is done
    /// observing.
    @inlinable
    public func receive(_ notification: Notification) -> Bool {
        handler(notification)
    }
}

/// A list of closures that receive notifications of type `Notification`: the general form of
/// ``ObservationList``, for code other than generated machines.
public typealias ObserverList<Notification> = ObservationList<ClosureObservation<Notification>>
