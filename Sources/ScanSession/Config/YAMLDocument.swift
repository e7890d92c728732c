import CYAML

/// A position in a YAML text: line and column, both counted from 1.
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// A node of a YAML document with the position where it starts.
///
/// Only what session files need: scalars (text, with whether they were written plain, so `"3"` stays a
/// string while `3` may be read as a number), sequences and mappings (keys in file order, duplicates kept
/// for the reader to report). Aliases are resolved to a copy of the anchored node.
public struct YAMLNode: Sendable {
    public indirect enum Content: Sendable {
        /// A scalar's text; `plain` is false for quoted and block scalars.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }
    public var content: Content
    /// Where the node starts (for a scalar: its first character, or its opening quote).
    public var mark: YAMLMark

    public init(_ content: Content, mark: YAMLMark) {
        self.content = content
        self.mark = mark
    }

    /// True for a plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        if case .scalar(let text, plain: true) = content { return text.isEmpty || text == "~" || text == "null" }
        return false
    }

    /// For a plain scalar that YAML's core schema reads as something other than text: "the number" (an
    /// integer in decimal, octal `0o`, hexadecimal `0x`, or a decimal fraction, `.inf`, `.nan`) or "the
    /// boolean" (`true`, `false` in any of YAML's three casings); nil for text and for null.
    public static func plainScalarKind(_ text: String) -> String? {
        if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return "the boolean" }
        var body = Substring(text)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body.isEmpty { return nil }
        if [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(body) { return "the number" }
        if body.hasPrefix("0x"), body.count > 2, body.dropFirst(2).allSatisfy(\.isHexDigit) { return "the number" }
        if body.hasPrefix("0o"), body.count > 2, body.dropFirst(2).allSatisfy({ ("0"..."7").contains($0) }) {
            return "the number"
        }
        let digits = body.replacingOccurrences(of: "_", with: "")
        func isDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) }
        guard digits.contains(where: isDigit) else { return nil }
        if digits.allSatisfy(isDigit) { return "the number" }
        if Double(digits) != nil, digits.allSatisfy({ isDigit($0) || ".eE+-".contains($0) }) { return "the number" }
        return nil
    }

    /// What kind of node this is, for messages ("a mapping", "a list", "the text 'x'").
    public var kindDescription: String {
        switch content {
        case .scalar(let text, _): return isNull ? "nothing" : "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}

/// Parses YAML text with libyaml's event API into a ``YAMLNode`` tree that keeps line/column marks.
///
/// ```swift
/// let root = try YAMLDocument.parse("inputs: []\n", file: "s.yaml")
/// ```
///
/// Cost: linear in the text's length (each node is appended once to its parent). Limits, so that no text
/// can exhaust the stack or memory: at most ``maxDepth`` nested collections and ``maxBytes`` bytes.
public enum YAMLDocument {
    /// The deepest nesting of lists and mappings accepted (a session file needs five).
    public static let maxDepth = 64
    /// The longest text accepted, in bytes (4 MiB; a session file is a few kilobytes).
    public static let maxBytes = 4 << 20

    /// The one document of `text`, or `nil` when the text holds no document (empty or comments only).
    ///
    /// - Throws: a ``ConfigProblem`` at libyaml's problem mark for malformed YAML (bad indentation,
    ///   unclosed quotes or brackets, tabs as indentation, an alias to an unknown anchor); at the
    ///   collection that opens level ``maxDepth`` + 1; at the start of a second document (`---`); and at
    ///   0:0 for a text longer than ``maxBytes``.
    public static func parse(_ text: String, file: String) throws(ConfigProblem) -> YAMLNode? {
        let (root, second) = try parseFirstDocument(text, file: file)
        if let second { throw second }
        return root
    }

    /// ``parse(_:file:)``, except that a second document is not thrown: the first document's tree comes
    /// back with the problem at the second's start, so that the first document's own problems can be
    /// reported with it (the text after the second `---` is not read).
    public static func parseFirstDocument(_ text: String, file: String) throws(ConfigProblem)
        -> (root: YAMLNode?, secondDocument: ConfigProblem?)
    {
        let size = text.utf8.count
        guard size <= maxBytes else {
            throw ConfigProblem(
                file: file, line: 0, column: 0,
                message: "the session file is \(size) bytes; at most \(maxBytes) (4 MiB) are read")
        }
        let source = SourceText(file: file, text: text)
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw ConfigProblem(file: file, line: 0, column: 0, message: "libyaml could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<(YAMLNode?, ConfigProblem?), ConfigProblem> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .success((nil, nil)) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var builder = TreeBuilder(source: source)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let mark = YAMLMark(
                        line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
                    var message = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                    if let context = parser.context.map({ String(cString: $0) }) {
                        message = "\(message) (\(context) at line \(parser.context_mark.line + 1))"
                    }
                    return .failure(source.problem(at: mark, "YAML syntax: \(message)"))
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                if let problem = builder.consume(event) {
                    return builder.reachedSecondDocument ? .success((builder.root, problem)) : .failure(problem)
                }
            }
            return .success((builder.root, nil))
        }
        let (root, second) = try result.get()
        return (root, second)
    }
}

/// Builds the node tree from libyaml events with a stack of open collections.
///
/// An open collection keeps its children in an array of its own, appended in place, and becomes a node
/// only when it closes: appending to a node's content instead would copy the whole array each time
/// (quadratic in the length of a list).
private struct TreeBuilder {
    let source: SourceText
    private(set) var root: YAMLNode?
    private var documents = 0
    /// True once a second document started (the problem ``consume(_:)`` returned then).
    private(set) var reachedSecondDocument = false
    private var stack: [Open] = []
    /// Anchored nodes with their height (nested collections inside them, 0 for a scalar).
    private var anchors: [String: (node: YAMLNode, height: Int)] = [:]

    private struct Open {
        let isMapping: Bool
        let mark: YAMLMark
        let anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// The greatest height among the children so far.
        var childHeight = 0
    }

    init(source: SourceText) { self.source = source }

    mutating func consume(_ event: yaml_event_t) -> ConfigProblem? {
        let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                reachedSecondDocument = true
                return source.problem(
                    at: mark, "a second YAML document starts here; a session file holds one document")
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text =
                s.value.map { ptr in
                    String(decoding: UnsafeBufferPointer(start: ptr, count: Int(s.length)), as: UTF8.self)
                } ?? ""
            let node = YAMLNode(.scalar(text, plain: s.style == YAML_PLAIN_SCALAR_STYLE), mark: mark)
            add(node, height: 0, anchor: Self.string(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard var (node, height) = anchors[name] else {
                return source.problem(at: mark, "alias '*\(name)' names no anchor")
            }
            // An alias copies its anchor's tree: chained aliases must not nest deeper than text can.
            guard stack.count + height <= YAMLDocument.maxDepth else {
                return source.problem(
                    at: mark,
                    "alias '*\(name)' nests lists and mappings more than \(YAMLDocument.maxDepth) levels deep here")
            }
            node.mark = mark
            add(node, height: height, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < YAMLDocument.maxDepth else {
                return source.problem(
                    at: mark, "lists and mappings are nested more than \(YAMLDocument.maxDepth) levels deep here")
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            stack.append(Open(isMapping: isMapping, mark: mark, anchor: Self.string(anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if let done = stack.popLast() {
                var pairs = done.pairs
                if done.isMapping, let problem = Self.merge(&pairs) { return source.problem(at: problem.0, problem.1) }
                let content: YAMLNode.Content = done.isMapping ? .mapping(pairs) : .sequence(done.items)
                add(YAMLNode(content, mark: done.mark), height: done.childHeight + 1, anchor: done.anchor)
            }
        default:
            break
        }
        return nil
    }

    private mutating func add(_ node: YAMLNode, height: Int, anchor: String?) {
        if let anchor { anchors[anchor] = (node, height) }
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].childHeight = max(stack[top].childHeight, height)
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append(YAMLPair(key: key, value: node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }

    /// Resolves merge keys (`<<: *defaults`, `<<: [*a, *b]`; the YAML merge key type): the pairs of the
    /// merged mappings whose keys the mapping does not write itself are added to it, from the first
    /// merged mapping before the later ones, and the `<<` pair goes. A `<<` whose value is no mapping (or
    /// list of mappings) is a problem at it: its mark and message.
    static func merge(_ pairs: inout [YAMLPair]) -> (YAMLMark, String)? {
        func isMergeKey(_ node: YAMLNode) -> Bool {
            if case .scalar("<<", plain: true) = node.content { return true }
            return false
        }
        guard pairs.contains(where: { isMergeKey($0.key) }) else { return nil }
        func keyText(_ node: YAMLNode) -> String? {
            if case .scalar(let text, _) = node.content { return text }
            return nil
        }
        var own = pairs.filter { !isMergeKey($0.key) }
        var seen = Set(own.compactMap { keyText($0.key) })
        for pair in pairs where isMergeKey(pair.key) {
            var sources: [YAMLNode] = []
            switch pair.value.content {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            default: break
            }
            for source in sources {
                guard case .mapping(let merged) = source.content else {
                    return (pair.value.mark, "merge key '<<' takes a mapping or a list of mappings (*anchors)")
                }
                for p in merged {
                    guard let key = keyText(p.key), !seen.contains(key) else { continue }
                    seen.insert(key)
                    own.append(p)
                }
            }
            if sources.isEmpty {
                return (pair.value.mark, "merge key '<<' takes a mapping or a list of mappings (*anchors)")
            }
        }
        pairs = own
        return nil
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
