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
public enum YAMLDocument {
    /// The first document of `text`, or `nil` when the text holds no document (empty or comments only).
    ///
    /// - Throws: a ``ConfigProblem`` at libyaml's problem mark for malformed YAML (bad indentation,
    ///   unclosed quotes or brackets, tabs as indentation, an alias to an unknown anchor).
    public static func parse(_ text: String, file: String) throws(ConfigProblem) -> YAMLNode? {
        let source = SourceText(file: file, text: text)
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw ConfigProblem(file: file, line: 0, column: 0, message: "libyaml could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<YAMLNode?, ConfigProblem> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .success(nil) }
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
                if let problem = builder.consume(event) { return .failure(problem) }
                if builder.documentDone { break }
            }
            return .success(builder.root)
        }
        return try result.get()
    }
}

/// Builds the node tree from libyaml events with a stack of open collections.
private struct TreeBuilder {
    let source: SourceText
    var root: YAMLNode?
    var documentDone = false
    private var stack: [(node: YAMLNode, anchor: String?, pendingKey: YAMLNode?)] = []
    private var anchors: [String: YAMLNode] = [:]

    init(source: SourceText) { self.source = source }

    mutating func consume(_ event: yaml_event_t) -> ConfigProblem? {
        let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_END_EVENT:
            documentDone = true
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text =
                s.value.map { ptr in
                    String(decoding: UnsafeBufferPointer(start: ptr, count: Int(s.length)), as: UTF8.self)
                } ?? ""
            let node = YAMLNode(.scalar(text, plain: s.style == YAML_PLAIN_SCALAR_STYLE), mark: mark)
            add(node, anchor: Self.string(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard var node = anchors[name] else {
                return source.problem(at: mark, "alias '*\(name)' names no anchor")
            }
            node.mark = mark
            add(node, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            stack.append((YAMLNode(.sequence([]), mark: mark), Self.string(event.data.sequence_start.anchor), nil))
        case YAML_MAPPING_START_EVENT:
            stack.append((YAMLNode(.mapping([]), mark: mark), Self.string(event.data.mapping_start.anchor), nil))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if let done = stack.popLast() { add(done.node, anchor: done.anchor) }
        default:
            break
        }
        return nil
    }

    private mutating func add(_ node: YAMLNode, anchor: String?) {
        if let anchor { anchors[anchor] = node }
        guard var top = stack.popLast() else {
            root = node
            return
        }
        switch top.node.content {
        case .sequence(var items):
            items.append(node)
            top.node.content = .sequence(items)
        case .mapping(var pairs):
            if let key = top.pendingKey {
                pairs.append(YAMLPair(key: key, value: node))
                top.pendingKey = nil
                top.node.content = .mapping(pairs)
            } else {
                top.pendingKey = node
            }
        case .scalar:
            break
        }
        stack.append(top)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
