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
    /// The text of line `line` (without its newline), when known; of a line longer than
    /// ``SourceText/excerptLength`` characters, the part around `column` only.
    public var sourceLine: String?
    /// Characters of the line left out before ``sourceLine`` (0 unless the line was quoted in part).
    public var sourceLineOffset: Int

    public init(
        file: String, line: Int, column: Int, message: String, severity: Severity = .error,
        sourceLine: String? = nil, sourceLineOffset: Int = 0
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
        self.sourceLine = sourceLine
        self.sourceLineOffset = sourceLineOffset
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
        let lead = text.prefix(max(0, column - 1 - sourceLineOffset)).map { $0 == "\t" ? "\t" : " " }.joined()
        return "\(description)\n    \(text)\n    \(lead)^"
    }
}

/// Every problem found in a session file, errors and warnings, in file order.
public struct ConfigProblems: Error, Sendable, CustomStringConvertible {
    /// Errors and warnings, sorted by line and column.
    public var problems: [ConfigProblem]
    /// How many errors the file has, those past the ones shown included (`problems` ends with one line
    /// counting the problems not shown, when there were too many to show).
    public var errorCount: Int
    public init(_ problems: [ConfigProblem], errorCount: Int? = nil) {
        self.problems = problems
        self.errorCount = errorCount ?? problems.filter { $0.severity == .error }.count
    }
    /// The problems that stop the session.
    public var errors: [ConfigProblem] { problems.filter { $0.severity == .error } }
    public var description: String { problems.map(\.rendered).joined(separator: "\n") }
}

/// The lines of a session file, to quote the offending line of a problem.
struct SourceText: Sendable {
    /// Lines longer than this many characters are quoted in part: this many around the column.
    static let excerptLength = 160

    /// Scalars between two entries of ``checkpoints``.
    static let checkpointSpacing = 4096

    let file: String
    let lines: [Substring]
    /// For each line longer than ``excerptLength`` bytes (by line index): the index of every
    /// ``checkpointSpacing``-th scalar, so an excerpt anywhere in the line is found in bounded time.
    let checkpoints: [Int: [String.Index]]

    init(file: String, text: String) {
        self.file = file
        let lines = Self.lines(of: text)
        var checkpoints: [Int: [String.Index]] = [:]
        for (number, line) in lines.enumerated() where line.utf8.count > Self.excerptLength {
            var marks: [String.Index] = []
            var count = 0
            var i = line.unicodeScalars.startIndex
            while i < line.unicodeScalars.endIndex {
                if count % Self.checkpointSpacing == 0 { marks.append(i) }
                count += 1
                line.unicodeScalars.formIndex(after: &i)
            }
            checkpoints[number] = marks
        }
        self.lines = lines
        self.checkpoints = checkpoints
    }

    /// The lines of `text` as libyaml counts them (YAML 1.1 §5.4): a line ends at CR LF, LF, CR, NEL
    /// (U+0085), LS (U+2028) or PS (U+2029). Splitting at LF alone would quote the wrong line of a file
    /// with lone CRs.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            guard c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" else {
                scalars.formIndex(after: &i)
                continue
            }
            lines.append(text[start..<i])
            scalars.formIndex(after: &i)
            if c == "\r", i < scalars.endIndex, scalars[i] == "\n" { scalars.formIndex(after: &i) }
            start = i
        }
        lines.append(text[start..<scalars.endIndex])
        return lines
    }

    /// The index `offset` scalars into line `number` (its end when the line is shorter).
    private func index(line number: Int, scalar offset: Int) -> String.Index {
        let scalars = lines[number].unicodeScalars
        guard let marks = checkpoints[number], !marks.isEmpty else {
            return scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex) ?? scalars.endIndex
        }
        let k = min(marks.count - 1, offset / Self.checkpointSpacing)
        let rest = offset - k * Self.checkpointSpacing
        return scalars.index(marks[k], offsetBy: rest, limitedBy: scalars.endIndex) ?? scalars.endIndex
    }

    /// A problem at `mark` with the line's text (or the part of a long line around the column) attached,
    /// URLs in it redacted (``SecretRedaction``). Columns count Unicode scalars, as libyaml's marks do.
    func problem(at mark: YAMLMark, _ message: String, severity: ConfigProblem.Severity = .error) -> ConfigProblem {
        guard mark.line >= 1 && mark.line <= lines.count else {
            return ConfigProblem(file: file, line: mark.line, column: mark.column, message: message, severity: severity)
        }
        let line = lines[mark.line - 1]
        var text = String(line)
        var offset = 0
        // A long line is quoted in part, and a part may cut a URL so that it is no longer recognised as
        // one: a long line with a URL whose secrets would be redacted is not quoted at all.
        if line.utf8.count > Self.excerptLength && SecretRedaction.urls(in: text) != text {
            return ConfigProblem(file: file, line: mark.line, column: mark.column, message: message, severity: severity)
        }
        if line.utf8.count > Self.excerptLength {
            let scalars = line.unicodeScalars
            offset = max(0, mark.column - 1 - Self.excerptLength / 2)
            let start = index(line: mark.line - 1, scalar: offset)
            let end =
                scalars.index(start, offsetBy: Self.excerptLength, limitedBy: scalars.endIndex) ?? scalars.endIndex
            text = String(scalars[start..<end])
        }
        return ConfigProblem(
            file: file, line: mark.line, column: mark.column, message: message, severity: severity,
            sourceLine: SecretRedaction.urls(in: text), sourceLineOffset: offset)
    }
}
