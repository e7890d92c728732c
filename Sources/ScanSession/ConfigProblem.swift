/// One mistake in a session file, located at a line and column and renderable with the offending line.
///
/// ```text
/// sessions/dock.yaml:12:7: error: unknown key 'fromat' in output 'console'; known keys: events, format, id, type
///       fromat: jsonl
///       ^
/// ```
///
/// Lines and columns count from 1. A problem is an ``Severity/error`` (the session will not run) or a
/// ``Severity/warning`` (it runs, but something will not work as written, e.g. a standard symbology that
/// has no plugin yet).
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// `error`: the session will not run; `warning`: it runs, but not everything works as written.
    public enum Severity: String, Sendable { case error, warning }

    /// The session file as named by the user.
    public var file: String
    /// Line of the offending text, from 1 (0 when the problem concerns the file as a whole).
    public var line: Int
    /// Column of the offending text, from 1 (0 when the problem concerns the file as a whole).
    public var column: Int
    /// What is wrong, in one sentence.
    public var message: String
    /// Whether the session can still run.
    public var severity: Severity
    /// The text of line `line` (without its newline), when known.
    public var sourceLine: String?

    public init(
        file: String, line: Int, column: Int, message: String, severity: Severity = .error,
        sourceLine: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
        self.sourceLine = sourceLine
    }

    /// `file:line:column: severity: message`.
    public var description: String {
        line > 0
            ? "\(file):\(line):\(column): \(severity.rawValue): \(message)"
            : "\(file): \(severity.rawValue): \(message)"
    }

    /// ``description`` followed by the offending line and a caret under the column (tabs kept so the caret
    /// lines up).
    public var rendered: String {
        guard let text = sourceLine, line > 0 else { return description }
        let lead = text.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        return "\(description)\n    \(text)\n    \(lead)^"
    }
}

/// Every problem found in a session file, errors and warnings, in file order.
public struct ConfigProblems: Error, Sendable, CustomStringConvertible {
    /// Errors and warnings, sorted by line and column.
    public var problems: [ConfigProblem]
    public init(_ problems: [ConfigProblem]) { self.problems = problems }
    /// The problems that stop the session.
    public var errors: [ConfigProblem] { problems.filter { $0.severity == .error } }
    public var description: String { problems.map(\.rendered).joined(separator: "\n") }
}

/// The lines of a session file, to quote the offending line of a problem.
struct SourceText: Sendable {
    let file: String
    let lines: [String]

    init(file: String, text: String) {
        self.file = file
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// A problem at `mark` with the line's text attached.
    func problem(at mark: YAMLMark, _ message: String, severity: ConfigProblem.Severity = .error) -> ConfigProblem {
        let text = mark.line >= 1 && mark.line <= lines.count ? lines[mark.line - 1] : nil
        return ConfigProblem(
            file: file, line: mark.line, column: mark.column, message: message, severity: severity, sourceLine: text)
    }
}
