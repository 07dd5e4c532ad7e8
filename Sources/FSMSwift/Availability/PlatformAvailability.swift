import FSMCore

/// The platform APIs the generated code may use, when each appeared, and the one rule about
/// them: generated code runs wherever FSMRuntime does (``runtimeMinimum``, the package's
/// `platforms`), and any declaration it generates that uses an API above that minimum carries
/// an `@available` attribute that covers it, so that an app with a lower deployment target
/// still builds and uses such a machine behind `if #available`.
///
/// Which declarations: everything fsmc generates for a machine lives inside its class, so the
/// class carries the attribute, and so does each declaration after it that names the class
/// (the `Observer` protocol's default implementations, the recording extension); the
/// `@available(*, unavailable)` `Sendable` extension needs none. What a machine needs is worked
/// out once, by ``requirement(of:)``, for its plan (``SwiftPlan/availability``); the generators
/// ask ``attribute(for:)`` for the attribute's text and never spell it themselves.
///
/// `Tests/ReferenceTests/AvailabilityTests.swift` reads the generated Swift of the specs of
/// `machines/` and `Tests/*/Specs` and the reference files, and fails on a use of an API of
/// ``apis`` above the minimum that no enclosing declaration's `@available` covers: an API the
/// generators start to use goes into the table first.
package enum PlatformAvailability {
    /// FSMRuntime's minimum, the package's `platforms` (Package.swift): what every generated
    /// machine may use without saying so.
    package static let runtimeMinimum = swift5_7

    // The releases of the Swift standard library and the OS releases that ship it, as the
    // Swift project's `utils/availability-macros.def` maps them (`SwiftStdlib 5.9:macOS 14.0,
    // iOS 17.0, watchOS 10.0, tvOS 17.0`, visionOS from `SwiftStdlib 5.10` on, its first
    // release before that): the `@available(SwiftStdlib 5.9, *)` of the standard library's
    // sources means these versions.

    /// Swift 5.1, the first with concurrency (`Task`, `AsyncStream`, `Actor`).
    package static let swift5_1 = PlatformVersions(macOS: .init(10, 15), iOS: .init(13), tvOS: .init(13), watchOS: .init(6), visionOS: .init(1))
    /// Swift 5.7: `Duration`, `Clock`, `ContinuousClock`, `Task.sleep(for:)`.
    package static let swift5_7 = PlatformVersions(macOS: .init(13), iOS: .init(16), tvOS: .init(16), watchOS: .init(9), visionOS: .init(1))
    /// Swift 5.9: Observation.
    package static let swift5_9 = PlatformVersions(macOS: .init(14), iOS: .init(17), tvOS: .init(17), watchOS: .init(10), visionOS: .init(1))
    /// Swift 6.0: Synchronization, and the run-time support of typed throws and `@isolated(any)`
    /// in function types.
    package static let swift6_0 = PlatformVersions(macOS: .init(15), iOS: .init(18), tvOS: .init(18), watchOS: .init(11), visionOS: .init(2))
    /// Swift 6.2: `Observations`.
    package static let swift6_2 = PlatformVersions(macOS: .init(26), iOS: .init(26), tvOS: .init(26), watchOS: .init(26), visionOS: .init(26))

    /// What Observation needs: an `@Observable` machine's class, and every machine that runs
    /// one as a child.
    package static let observation = swift5_9

    /// The APIs that generated code uses, or that a generator might reach for, with the release
    /// each needs (from the `@available` of its declaration in the Swift project's sources:
    /// `stdlib/public/core`, `stdlib/public/Concurrency`, `stdlib/public/Observation`,
    /// `stdlib/public/Synchronization`; for the two function-type features, the compiler's
    /// `checkTypeMetadataAvailability` in `lib/Sema/TypeCheckAvailability.cpp`). The checker
    /// matches ``PlatformAPI/spelling`` as tokens of the generated code.
    package static let apis: [PlatformAPI] = [
        // Above the minimum.
        PlatformAPI("Observable", module: "Observation", availability: observation,
                    generated: "the class of an `@Observable` machine conforms to it"),
        PlatformAPI("ObservationRegistrar", module: "Observation", availability: observation,
                    generated: "an `@Observable` machine's `state` calls its `access`, `willSet` and `didSet`"),
        PlatformAPI("withObservationTracking", module: "Observation", availability: observation,
                    generated: nil),
        PlatformAPI("ObservationTracked", module: "Observation", availability: observation,
                    generated: nil),
        PlatformAPI("ObservationIgnored", module: "Observation", availability: observation,
                    generated: nil),
        PlatformAPI("Observations", module: "Observation", availability: swift6_2,
                    generated: nil),
        PlatformAPI("Mutex", module: "Synchronization", availability: swift6_0,
                    generated: nil),
        PlatformAPI("Atomic", module: "Synchronization", availability: swift6_0,
                    generated: nil),
        // The checker cannot tell a function type from a declaration by its tokens, and so asks
        // for the attribute wherever either is written (a declaration would not need it).
        PlatformAPI("throws(", module: "Swift", availability: swift6_0,
                    generated: nil, note: "typed throws: a function type with one needs the run-time support"),
        PlatformAPI("@isolated(any)", module: "Swift", availability: swift6_0,
                    generated: nil, note: "a function type with it needs the run-time support"),
        // Within the minimum.
        PlatformAPI("Duration", module: "Swift", availability: swift5_7,
                    generated: "the delays of `after` transitions, `.seconds(1)`"),
        PlatformAPI("ContinuousClock", module: "_Concurrency", availability: swift5_7,
                    generated: nil, note: "FSMRuntime's `TaskClock`; a spec's own data types (`ContinuousClock.Instant`)"),
        PlatformAPI("Clock", module: "_Concurrency", availability: swift5_7,
                    generated: nil),
        PlatformAPI("Task.sleep(for:", module: "_Concurrency", availability: swift5_7,
                    generated: nil, note: "FSMRuntime's `TaskClock`"),
        PlatformAPI("AsyncStream", module: "_Concurrency", availability: swift5_1,
                    generated: "`transitions`"),
        PlatformAPI("AsyncStream.makeStream", module: "_Concurrency", availability: swift5_1,
                    generated: nil, note: "back-deployed before Swift 5.9; FSMRuntime's `ObservationList.stream`"),
        PlatformAPI("Task", module: "_Concurrency", availability: swift5_1,
                    generated: nil, note: "FSMRuntime's `TaskClock` and `TaskInvocationDriver`"),
        PlatformAPI("Actor", module: "_Concurrency", availability: swift5_1,
                    generated: "`isolated (any Actor)? = #isolation` parameters, the actor timers and results come back to"),
    ]

    /// The entry of ``apis`` spelled `spelling`.
    package static func api(_ spelling: String) -> PlatformAPI? {
        apis.first { $0.spelling == spelling }
    }

    /// What the generated code of `model` needs: Observation for an `@Observable` machine,
    /// whose class conforms to `Observable` and keeps an `ObservationRegistrar`, and for a
    /// machine that runs one as a child, directly or through other children (its `Actions` makes
    /// the child, its link observes it); FSMRuntime's minimum otherwise.
    package static func requirement(of model: MachineModel) -> PlatformVersions {
        var needed = runtimeMinimum
        if model.isObservable {
            for spelling in ["Observable", "ObservationRegistrar"] { needed = needed.joined(with: api(spelling)!.availability) }
        }
        if !model.observableChildMachines.isEmpty { needed = needed.joined(with: observation) }
        return needed
    }

    /// The attribute a declaration that needs `versions` carries, `@available(macOS 14, iOS 17,
    /// tvOS 17, watchOS 10, *)`: each platform on which `versions` is above the minimum, in
    /// that order; `nil` when the minimum covers it. The only place that spells the attribute.
    package static func attribute(for versions: PlatformVersions) -> String? {
        let raised = zip(versions.platforms, runtimeMinimum.platforms).filter { $0.version > $1.version }
        guard !raised.isEmpty else { return nil }
        return "@available(" + raised.map { "\($0.0.name) \($0.0.version)" }.joined(separator: ", ") + ", *)"
    }
}

/// A platform API in ``PlatformAvailability/apis``.
package struct PlatformAPI: Hashable, Sendable {
    /// How Swift code writes it: `ObservationRegistrar`, `Task.sleep(for:`, `throws(`.
    package var spelling: String
    /// The module that declares it.
    package var module: String
    /// The first release of each platform that has it.
    package var availability: PlatformVersions
    /// Where generated code uses it; `nil` when no generator writes it today.
    package var generated: String?
    package var note: String?

    init(_ spelling: String, module: String, availability: PlatformVersions, generated: String?, note: String? = nil) {
        self.spelling = spelling
        self.module = module
        self.availability = availability
        self.generated = generated
        self.note = note
    }

    /// Whether code that uses it must say so: FSMRuntime's minimum does not cover it.
    package var isAboveMinimum: Bool {
        !PlatformAvailability.runtimeMinimum.covers(availability)
    }
}

/// A release of each Apple platform: what `@available` and `#available` name.
package struct PlatformVersions: Hashable, Sendable, CustomStringConvertible {
    package var macOS: OSVersion
    package var iOS: OSVersion
    package var tvOS: OSVersion
    package var watchOS: OSVersion
    package var visionOS: OSVersion

    package init(macOS: OSVersion, iOS: OSVersion, tvOS: OSVersion, watchOS: OSVersion, visionOS: OSVersion) {
        self.macOS = macOS
        self.iOS = iOS
        self.tvOS = tvOS
        self.watchOS = watchOS
        self.visionOS = visionOS
    }

    /// Each platform with its release, in the order `@available` lists them.
    package var platforms: [(name: String, version: OSVersion)] {
        [("macOS", macOS), ("iOS", iOS), ("tvOS", tvOS), ("watchOS", watchOS), ("visionOS", visionOS)]
    }

    /// The later release of each platform: what code that uses both needs.
    package func joined(with other: PlatformVersions) -> PlatformVersions {
        PlatformVersions(
            macOS: max(macOS, other.macOS), iOS: max(iOS, other.iOS), tvOS: max(tvOS, other.tvOS),
            watchOS: max(watchOS, other.watchOS), visionOS: max(visionOS, other.visionOS))
    }

    /// Whether code available from these releases may use what needs `other`: no platform of
    /// `other` is later.
    package func covers(_ other: PlatformVersions) -> Bool {
        zip(platforms, other.platforms).allSatisfy { $0.version >= $1.version }
    }

    /// `macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1`
    package var description: String {
        platforms.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
    }
}

/// A platform release, `14` or `10.15`.
package struct OSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    package var major: Int
    package var minor: Int

    package init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// As `@available` writes it: `14`, `10.15`.
    package var description: String {
        minor == 0 ? "\(major)" : "\(major).\(minor)"
    }
}
