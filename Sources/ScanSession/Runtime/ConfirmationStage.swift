/// Confirms a code once it was read in `frames` consecutive frames (`confirm_frames`).
///
/// A streak counts consecutive frames the connection decoded (frames dropped by the latest-frame slot
/// are not part of the sequence). A frame without the code ends its streak; a new streak that reaches
/// `frames` confirms it again (the de-duplication stage decides whether that is reported).
struct ConfirmationStage: Sendable {
    let frames: Int
    private var streaks: [CodeKey: Int] = [:]

    init(frames: Int) { self.frames = max(1, frames) }

    /// The consecutive frames up to the last one fed that held `key` (0 when the last one did not).
    func streak(of key: CodeKey) -> Int { streaks[key] ?? 0 }

    /// Feeds the codes of one frame; returns those whose streak reaches `frames` with this frame,
    /// in the order given.
    mutating func update(_ keys: [CodeKey]) -> [CodeKey] {
        var next: [CodeKey: Int] = [:]
        var confirmed: [CodeKey] = []
        for key in keys where next[key] == nil {
            let streak = (streaks[key] ?? 0) + 1
            next[key] = streak
            if streak == frames { confirmed.append(key) }
        }
        streaks = next
        return confirmed
    }
}
