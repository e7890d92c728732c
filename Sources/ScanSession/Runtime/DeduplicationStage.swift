import Foundation

/// Suppresses repeated confirmations of the same code (`deduplicate_ms`).
///
/// A code is reported again only when it was not read for at least `quietMs` before its current
/// appearance began. `quietMs == 0` reports every confirmation; `-1` reports each code once per session.
struct DeduplicationStage: Sendable {
    let quietMs: Int
    private var lastSeen: [CodeKey: Date] = [:]
    /// Quiet time in seconds before the current appearance of each code (infinite for a first sighting).
    private var gapBeforeAppearance: [CodeKey: TimeInterval] = [:]
    private var reported: Set<CodeKey> = []
    private var previousFrameKeys: Set<CodeKey> = []

    init(quietMs: Int) { self.quietMs = quietMs }

    /// Records the codes read in one frame at `time`. With `continuing`, a code that was also in the
    /// previous frame continues its appearance; batch inputs pass false (every image is a new sighting).
    mutating func seen(_ keys: [CodeKey], at time: Date, continuing: Bool = true) {
        let now = Set(keys)
        for key in now where !(continuing && previousFrameKeys.contains(key)) {
            gapBeforeAppearance[key] = lastSeen[key].map { time.timeIntervalSince($0) } ?? .infinity
        }
        for key in now { lastSeen[key] = time }
        previousFrameKeys = now
    }

    /// Whether a confirmation of `key` is reported; a reported one is remembered.
    mutating func admit(_ key: CodeKey) -> Bool {
        defer { reported.insert(key) }
        if quietMs == 0 || !reported.contains(key) { return true }
        if quietMs < 0 { return false }
        return (gapBeforeAppearance[key] ?? .infinity) * 1000 >= Double(quietMs)
    }
}
