import Foundation
import Synchronization

/// The status line at the foot of the terminal: one progress bar per running batch (a `scanctl decode` run,
/// each file input of a session), e.g. `[#########---------------------] 12/40 files` or, with two inputs,
/// `scans [###-------] 3/10  inbox [#####-----] 20/40`.
///
/// Drawn on standard error only when it is a terminal, redrawn at most ten times a second, and erased
/// before any other line reaches the terminal (``writeLine(_:to:)``): an error or a result never lands in
/// the middle of a bar. Every line scanctl writes to stdout or stderr goes through ``shared``.
public final class ProgressDisplay: Sendable {
    /// The process's display (there is one terminal).
    public static let shared = ProgressDisplay(terminal: isatty(STDERR_FILENO) == 1)

    private struct Bar {
        var label: String?
        var done = 0
        var total: Int
    }

    private struct State {
        var enabled = true
        var bars: [Int: Bar] = [:]
        var nextID = 0
        /// A status line is on the screen now.
        var shown = false
        var drawnAt = Date.distantPast
        /// The error number of the first line that could not be written to standard output.
        var standardOutputFailure: Int32?
    }

    private let terminal: Bool
    private let state = Mutex(State())

    init(terminal: Bool) { self.terminal = terminal }

    /// Turns bars off (`--quiet`, `--no-progress`) or on again. Default: on.
    public func setEnabled(_ enabled: Bool) {
        state.withLock { s in
            if !enabled { erase(&s) }
            s.enabled = enabled
        }
    }

    /// A new bar for `total` items, or nil when none is drawn: standard error is not a terminal, bars are
    /// off, or there are fewer than two items.
    /// - Parameter label: shown before the bar (an input's id); nil for none.
    public func start(total: Int, label: String? = nil) -> ProgressBar? {
        guard terminal, total > 1 else { return nil }
        let id: Int? = state.withLock { s in
            guard s.enabled else { return nil }
            s.nextID += 1
            s.bars[s.nextID] = Bar(label: label, total: total)
            return s.nextID
        }
        return id.map { ProgressBar(id: $0, display: self) }
    }

    /// Writes `line` and a newline to `descriptor` (standard output or error) in one piece, erasing the
    /// status line first when both share the terminal, and drawing it again after.
    /// Returns the error number when the line could not be written whole (a full disk, a device that
    /// refuses it), nil when it was; a failure on standard output is kept (``standardOutputFailure``).
    @discardableResult
    public func writeLine(_ line: String, to descriptor: Int32) -> Int32? {
        writeLine(bytes: Array(line.utf8), to: descriptor)
    }

    /// Writes `bytes` and a newline like ``writeLine(_:to:)`` (bytes that need not be UTF-8).
    @discardableResult
    public func writeLine(bytes line: [UInt8], to descriptor: Int32) -> Int32? {
        let bytes = line + [0x0A]
        return state.withLock { s in
            let sharesTerminal = s.shown && (descriptor == STDERR_FILENO || isatty(descriptor) == 1)
            if sharesTerminal { erase(&s) }
            let failure = Self.write(bytes, to: descriptor)
            if sharesTerminal { draw(&s) }
            if let failure, descriptor == STDOUT_FILENO, s.standardOutputFailure == nil {
                s.standardOutputFailure = failure
            }
            return failure
        }
    }

    /// The error number of the first line ``writeLine(_:to:)`` could not write to standard output, or
    /// nil: a command that printed results checks it before it reports success.
    public var standardOutputFailure: Int32? { state.withLock { $0.standardOutputFailure } }

    func advance(_ id: Int) {
        state.withLock { s in
            guard var bar = s.bars[id] else { return }
            bar.done += 1
            s.bars[id] = bar
            let now = Date()
            guard bar.done == bar.total || now.timeIntervalSince(s.drawnAt) >= 0.1 else { return }
            s.drawnAt = now
            draw(&s)
        }
    }

    func finish(_ id: Int) {
        state.withLock { s in
            guard s.bars.removeValue(forKey: id) != nil else { return }
            if s.bars.isEmpty { erase(&s) } else { draw(&s) }
        }
    }

    /// The status line for `bars` (ordered by id), at most `width` columns.
    static func line(_ bars: [(label: String?, done: Int, total: Int)], width: Int) -> String {
        let single = bars.count == 1
        let parts = bars.map { bar -> String in
            let cells = single ? 30 : 10
            let filled = bar.total > 0 ? min(cells, bar.done * cells / bar.total) : cells
            let drawn =
                "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled)
                + "] \(bar.done)/\(bar.total)" + (single ? " files" : "")
            return bar.label.map { "\($0) \(drawn)" } ?? drawn
        }
        return String(parts.joined(separator: "  ").prefix(max(width - 1, 10)))
    }

    private func draw(_ s: inout State) {
        guard s.enabled, !s.bars.isEmpty else { return }
        let bars = s.bars.sorted { $0.key < $1.key }.map { ($0.value.label, $0.value.done, $0.value.total) }
        Self.write(Array(("\r" + Self.line(bars, width: Self.terminalWidth) + "\u{1B}[K").utf8), to: STDERR_FILENO)
        s.shown = true
    }

    private func erase(_ s: inout State) {
        guard s.shown else { return }
        Self.write(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
        s.shown = false
    }

    private static var terminalWidth: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    /// Writes all of `bytes`; the error number when that failed (EIO when the descriptor took nothing).
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return errno }
                if n == 0 { return EIO }
                offset += n
            }
            return nil
        }
    }
}

/// One bar of the ``ProgressDisplay``: call ``advance()`` per item done and ``finish()`` at the end.
public final class ProgressBar: Sendable {
    private let id: Int
    private let display: ProgressDisplay

    init(id: Int, display: ProgressDisplay) {
        self.id = id
        self.display = display
    }

    /// One more item done.
    public func advance() { display.advance(id) }

    /// Removes the bar (the status line is erased with the last one).
    public func finish() { display.finish(id) }
}
