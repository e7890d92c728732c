import Foundation
import Synchronization

/// A one-line progress bar on stderr (`[#####-----] 12/40 files`), drawn only when stderr is a terminal,
/// redrawn at most ten times a second, and erased at the end.
final class ProgressBar: Sendable {
    private let total: Int
    private let enabled: Bool
    private let state = Mutex<(done: Int, drawn: Date)>((0, .distantPast))

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && total > 1 && isatty(STDERR_FILENO) == 1
    }

    /// One more item done.
    func advance() {
        guard enabled else { return }
        let line: String? = state.withLock { s in
            s.done += 1
            let now = Date()
            guard s.done == total || now.timeIntervalSince(s.drawn) >= 0.1 else { return nil }
            s.drawn = now
            let width = 30
            let filled = total > 0 ? s.done * width / total : width
            return "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                + "] \(s.done)/\(total) files"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Erases the bar.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
