import Synchronization

/// A one-way "stop now" flag shared by the coordinator, inputs and the signal handler.
///
/// Inputs check ``isSet`` between frames (and blocking reads wake at least every 100 ms to check it).
public final class StopSignal: Sendable {
    private let state = Mutex<(set: Bool, handlers: [@Sendable () -> Void])>((false, []))

    public init() {}

    /// True once ``set()`` was called.
    public var isSet: Bool { state.withLock { $0.set } }

    /// Sets the flag and runs the registered handlers (once).
    public func set() {
        let handlers: [@Sendable () -> Void] = state.withLock { s in
            guard !s.set else { return [] }
            s.set = true
            return s.handlers
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the flag is set (at once if it already is).
    public func onSet(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.set { return true }
            s.handlers.append(handler)
            return false
        }
        if now { handler() }
    }
}
