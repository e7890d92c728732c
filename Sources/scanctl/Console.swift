import Foundation
import ScanSession
import Synchronization

/// Writing to standard output and error through the progress display (so a bar never tears a line), with
/// the `scanctl:` prefix users grep for, and the verbosity set by `-q` / `-v`.
enum Console {
    /// How much goes to standard error besides errors.
    enum Verbosity: Int {
        /// `-q`: errors only (no information, no progress bars, no summaries).
        case quiet
        /// Information, progress bars and summaries.
        case normal
        /// `-v`: also per-item details (each image's size and decoding time, …).
        case verbose
    }

    private static let level = Atomic(Verbosity.normal.rawValue)

    static var verbosity: Verbosity { Verbosity(rawValue: level.load(ordering: .relaxed)) ?? .normal }

    static func setVerbosity(_ verbosity: Verbosity) {
        level.store(verbosity.rawValue, ordering: .relaxed)
        ProgressDisplay.shared.setEnabled(verbosity != .quiet)
    }

    /// Handles `-q`/`--quiet` and `-v`/`--verbose`, wherever they appear; true when `name` was one.
    static func applyCommonOption(_ name: String, parser: inout OptionParser) throws -> Bool {
        switch name {
        case "-q", "--quiet": setVerbosity(.quiet)
        case "-v", "--verbose": setVerbosity(.verbose)
        default: return false
        }
        try parser.flag(name)
        return true
    }

    /// `scanctl: error: MESSAGE` on standard error (always, also with `-q`).
    static func error(_ message: String) {
        ProgressDisplay.shared.writeLine("scanctl: error: \(message)", to: STDERR_FILENO)
    }

    /// `scanctl: warning: MESSAGE`: a problem that does not stop anything (not with `-q`).
    static func warning(_ message: String) {
        guard verbosity != .quiet else { return }
        ProgressDisplay.shared.writeLine("scanctl: warning: \(message)", to: STDERR_FILENO)
    }

    /// `scanctl: info: MESSAGE`: information that is not a problem, e.g. the mode a camera opened with
    /// (not with `-q`).
    static func info(_ message: String) {
        guard verbosity != .quiet else { return }
        ProgressDisplay.shared.writeLine("scanctl: info: \(message)", to: STDERR_FILENO)
    }

    /// `scanctl: info: MESSAGE` only with `-v`.
    static func detail(_ message: String) {
        guard verbosity == .verbose else { return }
        ProgressDisplay.shared.writeLine("scanctl: info: \(message)", to: STDERR_FILENO)
    }

    /// A summary line on standard error as it is (`scanctl: session 'demo': …`); not with `-q`.
    static func summary(_ line: String) {
        guard verbosity != .quiet else { return }
        ProgressDisplay.shared.writeLine(line, to: STDERR_FILENO)
    }

    /// A warning line on standard error as it is (already prefixed, e.g. `file:line:column: warning: …`);
    /// not with `-q`, which keeps standard error to errors.
    static func rawWarning(_ line: String) {
        guard verbosity != .quiet else { return }
        ProgressDisplay.shared.writeLine(line, to: STDERR_FILENO)
    }

    /// A line on standard error as it is (already prefixed, e.g. `file:line:column: error: …`), always.
    static func raw(_ line: String) {
        ProgressDisplay.shared.writeLine(line, to: STDERR_FILENO)
    }

    /// A line of results on standard output.
    static func output(_ line: String) {
        ProgressDisplay.shared.writeLine(line, to: STDOUT_FILENO)
    }

    /// Bytes and a newline on standard output (`--raw` payloads that are not text).
    static func output(bytes: [UInt8]) {
        ProgressDisplay.shared.writeLine(bytes: bytes, to: STDOUT_FILENO)
    }
}
