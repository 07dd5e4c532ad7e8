/// What a generated machine calls when it runs as another machine's child (`invoke SignIn as
/// signIn`): the parent's link, which the child finds among the observers its initializer is
/// given. The child holds it strongly (the link holds the parent only weakly, so no cycle
/// forms), sparing each step's end a weak load.
///
/// Every generated machine calls ``childStepEnded(isFinished:)`` at the end of each of its
/// steps when a link is attached, so that what the child emitted during a step reaches the
/// parent only once the step is over: the parent never runs a step (which may cancel the
/// child) inside a step of the child.
public protocol ChildMachineLink: AnyObject {
    /// The child added the link as an observer: it will hear the child from its first step on.
    func childAttached()
    /// A step of the child ended; `isFinished` tells whether the child is in a top-level final
    /// state now.
    func childStepEnded(isFinished: Bool)
}

/// The link between a parent machine and one run of a child machine: it buffers what the
/// child emits during a step and hands it to the parent, tagged with the run, when the step
/// ends; then, the first time the child ends a step finished, its completion.
///
/// The parent holds the link (with the child, in its invocation slot), and so does the child;
/// the link holds the parent weakly, through `deliver`: no retain cycle. The
/// generated parent subclasses it once per child machine it invokes, adding the child's
/// `Observer` hooks that turn outputs into deliveries (``heard(_:)``); an `open` class rather
/// than a `final` one for that reason, since the hooks' protocol is the child's generated one.
open class ChildLink<Delivery>: ChildMachineLink {
    /// The run of the parent's invocation slot the child belongs to.
    public let run: UInt64
    /// What the child's completion is delivered as; `nil` when the parent waits for none.
    private let completion: Delivery?
    /// Hands a delivery to the parent, which it holds weakly.
    private let deliver: (Delivery, UInt64) -> Void
    /// What the child emitted during the step that runs.
    private var buffer: [Delivery] = []
    /// Whether the child's completion was handed over already.
    private var didDeliverCompletion = false
    /// Whether the child added the link as an observer.
    public private(set) var isAttached = false

    /// A link for `run`, delivering through `deliver` (which must hold the parent weakly), the
    /// child's completion as `completion`.
    public init(run: UInt64, completion: Delivery?, deliver: @escaping (Delivery, UInt64) -> Void) {
        self.run = run
        self.completion = completion
        self.deliver = deliver
    }

    /// The child emitted `delivery`: kept until its step ends.
    public final func heard(_ delivery: Delivery) {
        buffer.append(delivery)
    }

    /// Records that the child added the link as an observer, as ``ChildMachineLink`` asks; the
    /// parent checks ``isAttached`` right after making the child, and stops with a precondition
    /// failure if the `Actions` factory did not pass its `observers` on.
    public final func childAttached() {
        isAttached = true
    }

    /// Hands what the child emitted during its step to the parent, in order, then, the first
    /// time `isFinished` is `true`, the child's completion.
    ///
    /// - Parameter isFinished: whether the child is in a top-level final state now.
    public final func childStepEnded(isFinished: Bool) {
        if isFinished, !didDeliverCompletion, let completion {
            didDeliverCompletion = true
            buffer.append(completion)
        }
        guard !buffer.isEmpty else { return }
        // Taken before delivering: the parent may cancel the child, or the child step again,
        // while a delivery is handled.
        let delivered = buffer
        buffer = []
        for delivery in delivered {
            deliver(delivery, run)
        }
    }
}
