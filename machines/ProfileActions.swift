import FSMRuntime

/// A user as the profile screen shows it.
public struct User: Hashable, Sendable, Codable {
    /// The server's id of the user.
    public var id: Int
    /// The name shown as the screen's title.
    public var name: String
    /// A few lines about the user; empty when they wrote none.
    public var bio: String

    /// A user as the server sends it.
    public init(id: Int, name: String, bio: String = "") {
        self.id = id
        self.name = name
        self.bio = bio
    }

    /// The user with `change` made.
    public func applying(_ change: Change) -> User {
        var changed = self
        switch change {
        case .renamed(let name): changed.name = name
        case .bio(let bio): changed.bio = bio
        }
        return changed
    }
}

/// A change the server streams while the profile shows.
public enum Change: Hashable, Sendable, Codable {
    /// The user took this name.
    case renamed(String)
    /// The user rewrote their bio.
    case bio(String)
}

/// The server the profile screen reads, as the app injects it (a URLSession client in an app,
/// a stub in tests and in `fsm-examples`).
public protocol UserService: Sendable {
    /// The user with `id`; throws ``ServiceError/offline`` without a connection.
    func user(id: Int) async throws -> User
    /// The changes to the user with `id`, as they happen, until the server ends them.
    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error>
}

/// What a ``UserService`` throws.
public enum ServiceError: Error, Hashable, Sendable {
    /// No connection: the screen offers to retry.
    case offline
    /// The server answered with an error status.
    case status(Int)
}

/// The profile screen's side of ``Profile``: its work calls the injected service, its actions
/// update what the screen shows.
///
/// The machine owns the timing: `fetchUser` starts when `loading` is entered and is cancelled
/// when it is left (closed, timed out); this class only says how to fetch and what to show.
public final class ProfileScreen: Profile.Actions {
    /// The user on screen with the changes streamed since the fetch applied; `nil` until the
    /// first change (the screen then shows the user of `showing(user:)` as fetched).
    public private(set) var updatedUser: User?
    /// Every failure the screen reported, in order.
    public private(set) var reports: [String] = []
    private let service: any UserService

    /// A screen that reads `service`.
    public init(service: any UserService) {
        self.service = service
    }

    /// `loading`'s work: the user, from the service.
    public nonisolated(nonsending) func fetchUser(id: Int) async throws -> User {
        // A new fetch: the changes of an earlier visit no longer apply.
        updatedUser = nil
        return try await service.user(id: id)
    }

    /// `showing`'s work: the user's changes, as the service streams them.
    public func changes(user: User) -> InvocationElements<Change> {
        InvocationElements(service.changes(ofUser: user.id))
    }

    /// Whether the fetch failed for want of a connection, which the screen offers to retry.
    public func isOffline(error: any Error, id: Int) -> Bool {
        (error as? ServiceError) == .offline
    }

    /// Notes any other failure of the fetch.
    public func report(error: any Error, id: Int) {
        reports.append("user \(id): \(error)")
    }

    /// Applies one streamed change to what the screen shows.
    public func apply(change: Change, user: User) {
        // `user` is the state's data, fixed when the fetch returned: the changes pile up here.
        updatedUser = (updatedUser ?? user).applying(change)
    }
}
