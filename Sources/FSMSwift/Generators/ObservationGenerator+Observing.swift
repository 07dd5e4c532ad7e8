import FSMCore

/// How a generated machine keeps its observers and lets them in: the `Observation` type, the
/// weak reference to an `Observer`, and `addObserver`, `observe` and its one-kind variants,
/// `transitions`; how it delivers to them. Each observer hears only the kinds of notification
/// it asked for, and an `Observer` not those whose hooks it leaves to their default, so a
/// notification nobody hears is never built.
extension ObservationGenerator {
    /// The observers as the machine keeps them: closures typed with its own types, which
    /// `ObservationList` calls directly (a closure stored under a generic type would be called
    /// through a conversion thunk on every notification).
    func emitObservationTypes(into writer: inout CodeWriter) {
        writer.line("/// One observer, stored with this machine's own types so that notifying it is a direct call.")
        writer.block("private enum Observation: MachineObservation") { writer in
            writer.line("/// Hears every notification: a closure from `observe(_:)`.")
            writer.line("case always((Notification) -> Void)")
            for hook in observerHooks {
                writer.line("/// Hears `\(hook.notification)` alone: a closure from `observe\(hook.capitalizedKind)(_:)`.")
                writer.line("case \(hook.kind)(\(hook.handlerType))")
            }
            writer.line("/// Hears notifications until it returns `false`: a stream nobody iterates any more.")
            writer.line("case untilReleased((Notification) -> Bool)")
            writer.line("/// An `Observer`, whose hooks the machine calls itself: see `deliver(_:_:)`.")
            writer.line("case object(ObserverReference)")
            writer.line()
            writer.block("init(_ receive: @escaping (Notification) -> Bool)") { writer in
                writer.line("self = .untilReleased(receive)")
            }
            writer.line()
            writer.block("func receive(_ notification: Notification) -> Bool") { writer in
                writer.line("switch self {")
                writer.line("case .always(let handler):")
                writer.indented { writer in writer.line("handler(notification)") }
                for hook in observerHooks {
                    writer.line("case .\(hook.kind)(let handler):")
                    writer.indented { writer in
                        writer.block("if case \(hook.pattern) = notification") { writer in
                            writer.line(hook.handlerCall)
                        }
                    }
                }
                writer.line("case .untilReleased(let handler):")
                writer.indented { writer in writer.line("return handler(notification)") }
                writer.line("case .object:")
                writer.indented { writer in
                    writer.line("// Its hooks are called by `deliver(_:_:)`, as the machine is isolated.")
                    writer.line("break")
                }
                writer.line("}")
                writer.line("return true")
            }
        }
        writer.line()
        writer.line("/// An `Observer` as the machine holds it: weakly, in a constant, so that reading it costs")
        writer.line("/// the weak load a hand-written delegate costs and no exclusivity check.")
        writer.block("private final class ObserverReference") { writer in
            writer.line("weak let observer: (any Observer)?")
            writer.line()
            writer.block("init(_ observer: any Observer)") { writer in
                writer.line("self.observer = observer")
            }
        }
        writer.line()
    }

    func emitObservingMethods(into writer: inout CodeWriter) {
        writer.line("/// Calls `observer`'s hooks from now on, until the token is cancelled or the observer is")
        writer.line("/// released: the machine holds it weakly. It hears what its `observedNotifications(of:)` names,")
        writer.line("/// less each hook it leaves to the default implementation, from that hook's first call on.")
        writer.line("@discardableResult")
        writer.block("\(access)func addObserver(_ observer: any Observer) -> ObservationToken") { writer in
            // A parent machine's link, given to a child's initializer: the child tells it
            // when each step ends.
            writer.block("if let link = observer as? any ChildMachineLink") { writer in
                writer.line("childLink = link")
                writer.line("link.childAttached()")
            }
            plan.recording.writeObserverAdded(into: &writer)
            writer.line("return observers.add(.object(ObserverReference(observer)), hearing: observer.observedNotifications(of: self), for: observer)")
        }
        writer.line()
        writer.line("/// Calls `handler` with every notification from now on, until the token is cancelled.")
        writer.line("@discardableResult")
        writer.block("\(access)func observe(_ handler: @escaping (Notification) -> Void) -> ObservationToken") { writer in
            writer.line("observers.add(.always(handler))")
        }
        writer.line()
        for hook in observerHooks {
            writer.line("/// Calls `handler` \(hook.whenCalled), until the token is cancelled.")
            writer.line("/// No other notification is built for it.")
            writer.line("@discardableResult")
            writer.block("\(access)func observe\(hook.capitalizedKind)(_ handler: @escaping \(hook.handlerType)) -> ObservationToken") { writer in
                writer.line("observers.add(.\(hook.kind)(handler), hearing: .\(hook.kind))")
            }
            writer.line()
        }
        writer.line("/// The transitions the machine takes from now on, as an asynchronous sequence that")
        writer.line("/// finishes when the machine is released.")
        writer.block("\(access)var transitions: AsyncStream<Transition>") { writer in
            writer.closure("observers.stream(hearing: .transitions) { notification in") { writer in
                writer.line("guard case .transitioned(let transition) = notification else { return nil }")
                writer.line("return transition")
            }
        }
        writer.line()
    }
}

extension ObservationGenerator {
    /// `deliver(_:_:)`, which `notify(_:_:)` calls once some observer hears a notification, and
    /// `stopNotifying(_:of:)`, which the hooks' default implementations call.
    func emitDelivery(into writer: inout CodeWriter) {
        writer.line("/// Tells the observers that hear `kind`, in the order they were added: an `Observer` through")
        writer.line("/// its hook, called from here as the machine is isolated, any other through `receive(_:)`.")
        writer.line("/// Never inlined: the machine notifies from many places.")
        writer.line("@inline(never)")
        writer.block("private func deliver(_ kind: NotificationKinds, _ notification: Notification)") { writer in
            writer.closure("observers.forEachObserver(hearing: kind) { observation in") { writer in
                writer.block("guard case .object(let reference) = observation else") { writer in
                    writer.line("return observation.receive(notification)")
                }
                writer.line("guard let observer = reference.observer else { return false }")
                writer.line("switch notification {")
                for hook in observerHooks {
                    writer.line("case \(hook.pattern): observer.\(hook.call)")
                }
                writer.line("}")
                writer.line("return true")
            }
        }
        writer.line()
        writer.line("/// Called by the default implementation of `observer`'s hook of `kind`, which does nothing:")
        writer.line("/// the machine no longer builds or delivers that notification for it.")
        writer.block("fileprivate func stopNotifying(_ observer: any Observer, of kind: NotificationKinds)") { writer in
            writer.line("observers.stopDelivering(kind, toObserversOf: observer)")
        }
        writer.line()
    }
}
