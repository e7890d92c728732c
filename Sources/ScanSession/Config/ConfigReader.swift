import Foundation
import ScanCore

/// Typed access to YAML nodes that records a ``ConfigProblem`` for every wrong type, unknown or
/// duplicate key, missing required key and unset `${VAR}`, and goes on reading so that all problems are
/// found in one pass. Each accessor returns `nil` after recording its problem.
struct ConfigReader {
    let source: SourceText
    let environment: [String: String]
    private(set) var problems: [ConfigProblem] = []
    /// Problems past ``recordLimit``, counted but not kept (a file of a million wrong items stays cheap).
    private(set) var unrecordedProblems = 0
    /// Problems kept; the loader shows ``SessionLoader/maxProblems`` of them.
    static let recordLimit = 1000

    init(source: SourceText, environment: [String: String]) {
        self.source = source
        self.environment = environment
    }

    /// Records a problem; `quoteLine: false` leaves the line out (it holds a secret).
    mutating func report(
        _ mark: YAMLMark, _ message: String, severity: ConfigProblem.Severity = .error, quoteLine: Bool = true
    ) {
        guard problems.count < Self.recordLimit else {
            unrecordedProblems += 1
            return
        }
        var problem = source.problem(at: mark, message, severity: severity)
        if !quoteLine { problem.sourceLine = nil }
        problems.append(problem)
    }

    /// The keys of a mapping, checked against `known` (unknown and repeated keys are problems).
    /// `what` names the mapping in messages ("output 'console'"). With `extensions`, keys starting with
    /// `x-` are passed over: places to hold anchors (`x-defaults: &defaults {…}`), as in Compose files.
    mutating func fields(_ node: YAMLNode, what: String, known: [String], extensions: Bool = false) -> Fields? {
        guard case .mapping(let pairs) = node.content else {
            report(node.mark, "\(what) must be a mapping (key: value lines), not \(node.kindDescription)")
            return nil
        }
        var fields = Fields(mark: node.mark, what: what)
        for pair in pairs {
            guard case .scalar(let key, _) = pair.key.content else {
                report(pair.key.mark, "a key in \(what) must be text, not \(pair.key.kindDescription)")
                continue
            }
            if extensions && key.hasPrefix("x-") { continue }
            if fields.pairs[key] != nil {
                report(pair.key.mark, "key '\(key)' appears twice in \(what)")
                continue
            }
            guard known.contains(key) else {
                report(
                    pair.key.mark,
                    "unknown key '\(key)' in \(what); known keys: \(known.sorted().joined(separator: ", "))")
                continue
            }
            fields.pairs[key] = pair
        }
        return fields
    }

    /// The value of a required key; a missing key is reported at the mapping.
    mutating func required(_ fields: Fields, _ key: String) -> YAMLNode? {
        guard let node = fields[key] else {
            report(fields.mark, "\(fields.what) needs '\(key)'")
            return nil
        }
        return node
    }

    /// A text scalar with `${VAR}` taken from the environment. A plain number or boolean (`17`, `true`)
    /// is not text: YAML reads it as a number, so it is reported (quoted, `"17"` is text).
    /// With `escaping`, each variable's value is passed through it with the position of its `${` in the
    /// written text (a URL's user information and query values are percent-encoded: ``URLTemplate``).
    mutating func string(
        _ node: YAMLNode, _ what: String, escaping: ((String.Index, String) -> String)? = nil
    ) -> String? {
        guard case .scalar(let text, let plain) = node.content, !node.isNull else {
            report(node.mark, "\(what) must be text, not \(node.kindDescription)")
            return nil
        }
        if plain, let kind = YAMLNode.plainScalarKind(text) {
            report(node.mark, "\(what) must be text, not \(kind) \(text) (write \"\(text)\" in quotes for text)")
            return nil
        }
        return expand(text, at: node.mark, quoted: !plain, escaping: escaping)
    }

    /// A whole number in `range`, written plain (`3`, not `"3"`).
    mutating func int(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .scalar(let text, plain: true) = node.content, let n = Int(text.replacingUnderscores) else {
            report(node.mark, "\(what) must be a whole number, not \(node.kindDescription)")
            return nil
        }
        guard range.contains(n) else {
            report(node.mark, "\(what) must be from \(range.lowerBound) to \(range.upperBound), not \(n)")
            return nil
        }
        return n
    }

    /// A number, written plain.
    mutating func double(_ node: YAMLNode, _ what: String) -> Double? {
        guard case .scalar(let text, plain: true) = node.content, let n = Double(text), n.isFinite else {
            report(node.mark, "\(what) must be a number, not \(node.kindDescription)")
            return nil
        }
        return n
    }

    /// `true` or `false`, written plain.
    mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        if case .scalar(let text, plain: true) = node.content {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        report(node.mark, "\(what) must be true or false, not \(node.kindDescription)")
        return nil
    }

    /// One of an enumeration's raw values.
    mutating func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: String, _: E.Type)
        -> E? where E.RawValue == String
    {
        guard case .scalar(let text, _) = node.content, let value = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            report(node.mark, "\(what) must be one of \(names), not \(node.kindDescription)")
            return nil
        }
        return value
    }

    /// A list of text items; a single text item is taken as a list of one (a number or boolean is not text:
    /// see ``string(_:_:)``).
    mutating func stringList(_ node: YAMLNode, _ what: String) -> [Located<String>]? {
        switch node.content {
        case .scalar:
            return string(node, what).map { [Located($0, at: node.mark)] }
        case .sequence(let items):
            return items.compactMap { item in string(item, "an item of \(what)").map { Located($0, at: item.mark) } }
        case .mapping:
            report(node.mark, "\(what) must be a list, not a mapping")
            return nil
        }
    }

    /// The items of a list.
    mutating func list(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.content else {
            report(node.mark, "\(what) must be a list ('- ' items), not \(node.kindDescription)")
            return nil
        }
        return items
    }

    /// Replaces `${NAME}` with the environment variable; an unset variable is a problem at the `$`.
    /// `$${` stands for a literal `${` (`$${HOME}` is the text `${HOME}`).
    mutating func expand(
        _ text: String, at mark: YAMLMark, quoted: Bool, escaping: ((String.Index, String) -> String)? = nil
    ) -> String? {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        var failed = false
        while let open = rest.range(of: "${") {
            if open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "$" {
                // `$${`: the first `$` escapes the rest.
                out += rest[..<rest.index(before: open.lowerBound)]
                out += "${"
                rest = rest[open.upperBound...]
                continue
            }
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                report(mark, "unclosed '${' in '\(text)' (write '$${' for a literal '${')")
                return nil
            }
            let name = String(rest[open.upperBound..<close])
            if let value = environment[name] {
                out += escaping?(open.lowerBound, value) ?? value
            } else {
                let offset = text.unicodeScalars.distance(from: text.startIndex, to: open.lowerBound)
                let singleLine = !text[..<open.lowerBound].contains("\n")
                let at = singleLine ? YAMLMark(line: mark.line, column: mark.column + offset + (quoted ? 1 : 0)) : mark
                report(
                    at, "environment variable '\(name)' is not set (used as ${\(name)}; write '$${' for a literal '${')"
                )
                failed = true
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return failed ? nil : out
    }
}

/// The checked keys of one mapping.
struct Fields {
    var pairs: [String: YAMLPair] = [:]
    let mark: YAMLMark
    let what: String
    init(mark: YAMLMark, what: String) {
        self.mark = mark
        self.what = what
    }
    subscript(key: String) -> YAMLNode? { pairs[key]?.value }
}

extension String {
    /// `1_000` → `1000` (YAML 1.1 allows underscores in numbers).
    fileprivate var replacingUnderscores: String { replacingOccurrences(of: "_", with: "") }
}
