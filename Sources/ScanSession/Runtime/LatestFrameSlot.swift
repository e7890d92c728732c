import Foundation
import ScanCore

/// A one-frame buffer between a live input and one connection's decoder (ARCHITECTURE §5). The frame is
/// shared with the input's other connections (``SharedFrame``).
///
/// With `dropping`, ``put(_:)`` never waits: a frame still waiting is replaced by the newer one and
/// counted in ``dropped`` (latest frame wins, like `alwaysDiscardsLateVideoFrames`). Without it, `put`
/// waits until the decoder took the previous frame, so every frame is decoded.
final class LatestFrameSlot: @unchecked Sendable {
    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var frame: SharedFrame?
    private var closed = false
    /// The decoder took a frame and has not said ``finished()`` yet.
    private var working = false
    private var droppedCount = 0
    let dropping: Bool

    init(dropping: Bool) { self.dropping = dropping }

    /// Frames replaced before the decoder took them.
    var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    /// Hands over `frame` (see the type's discussion). Ignored once closed.
    func put(_ newFrame: SharedFrame) {
        condition.lock()
        defer { condition.unlock() }
        if !dropping {
            while frame != nil && !closed { condition.wait() }
        }
        guard !closed else { return }
        if frame != nil { droppedCount += 1 }
        frame = newFrame
        condition.broadcast()
    }

    /// The waiting frame, blocking until there is one; nil once closed and empty.
    func take() -> SharedFrame? {
        condition.lock()
        defer { condition.unlock() }
        while frame == nil && !closed { condition.wait() }
        let taken = frame
        frame = nil
        working = taken != nil
        condition.broadcast()
        return taken
    }

    /// The decoder is done with the frame ``take()`` gave it (its events are routed).
    func finished() {
        condition.lock()
        working = false
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until no frame is waiting and the decoder finished the one it took: every frame handed over
    /// so far is decoded and its events routed.
    func waitUntilIdle() {
        condition.lock()
        defer { condition.unlock() }
        while frame != nil || working { condition.wait() }
    }

    /// No more frames: a frame still waiting is decoded, then ``take()`` returns nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
