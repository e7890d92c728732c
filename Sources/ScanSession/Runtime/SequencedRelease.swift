import Synchronization

/// Runs work handed in out of order in the order of its numbers 0, 1, 2 …: work numbered `n` runs once
/// the work numbered below it has run (or ``releaseAll()`` is called). Used where frames decode in
/// parallel but their results must come out in input order (file inputs, `scanctl decode`).
///
/// The work runs on the thread that completes the sequence, one piece at a time, in order.
public final class SequencedRelease: Sendable {
    private struct State {
        var next = 0
        var waiting: [Int: @Sendable () -> Void] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    /// Hands in the work for `number`; runs it, and any waiting work that follows it, when its turn came.
    /// Work for a number already passed runs at once.
    public func release(_ number: Int, _ work: @escaping @Sendable () -> Void) {
        state.withLock { s in
            guard number >= s.next else { return work() }
            s.waiting[number] = work
            while let ready = s.waiting.removeValue(forKey: s.next) {
                ready()
                s.next += 1
            }
        }
    }

    /// Runs all waiting work in number order (numbers that never came are skipped).
    public func releaseAll() {
        state.withLock { s in
            for number in s.waiting.keys.sorted() {
                s.waiting[number]?()
                s.next = number + 1
            }
            s.waiting = [:]
        }
    }
}
