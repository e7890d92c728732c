/// One decoder knob as users meet it: its session key, command-line flag, value type, range, default and
/// one-line doc. ``DecodeOptions/declarations`` lists every knob once; the session reader, `scanctl decode`'s
/// flags, `--help`, the man pages and the option tables in Docs/ are all made from that list.
///
/// ```swift
/// let knob = DecodeOptions.declarations.first { $0.key == "itf_min_length" }!
/// knob.flag                         // "--itf-min-length"
/// knob.defaultValue                 // .integer(6), read from DecodeOptions()
/// var options = DecodeOptions()
/// try knob.set(.integer(10), in: &options)   // options.itfMinLength == 10
/// ```
///
/// The default is never written here: it is the stored property's initial value in ``DecodeOptions``.
public struct DecodeOptionDeclaration: Sendable {
    /// The values an option takes.
    public enum Kind: Sendable, Equatable {
        /// `true` / `false`; on the command line `--flag` and `--no-flag`.
        case bool
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// One of these names (an enum's raw values).
        case choice([String])
    }

    /// A value of an option, as read from a session file or the command line.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case bool(Bool)
        case integer(Int)
        case choice(String)

        /// `true`, `6`, `read`: as a session file writes it.
        public var description: String {
            switch self {
            case .bool(let b): return b ? "true" : "false"
            case .integer(let n): return String(n)
            case .choice(let name): return name
            }
        }
    }

    /// An earlier command-line spelling that is still accepted.
    public struct Alias: Sendable, Equatable {
        /// The flag, e.g. `--fast`.
        public let flag: String
        /// The value the flag stands for (`--fast` is `--no-try-harder`: `.bool(false)`); nil when the alias
        /// takes a value like the option itself (`--ean-addon POLICY`).
        public let value: Value?

        public init(_ flag: String, _ value: Value? = nil) {
            self.flag = flag
            self.value = value
        }
    }

    /// A value the option does not take.
    public struct InvalidValue: Error, Sendable, Equatable, CustomStringConvertible {
        /// What it takes, e.g. `a whole number from 2 to 1000` or `ignore, read or require`.
        public let expected: String
        public var description: String { "takes \(expected)" }
    }

    /// The session key under a connection's `options:` (snake_case): `try_harder`.
    public let key: String
    /// What values it takes.
    public let kind: Kind
    /// The placeholder for the value in `--help` and the man page (`N`, `POLICY`); empty for bool.
    public let valueName: String
    /// One line: what the option does (for a bool: what `true` does). Starts with a capital, ends with a full stop.
    public let summary: String
    /// Earlier flag spellings, still accepted and documented.
    public let aliases: [Alias]
    private let write: @Sendable (inout DecodeOptions, Value) -> Void
    private let read: @Sendable (DecodeOptions) -> Value

    init(
        key: String, kind: Kind, valueName: String, summary: String, aliases: [Alias],
        write: @escaping @Sendable (inout DecodeOptions, Value) -> Void,
        read: @escaping @Sendable (DecodeOptions) -> Value
    ) {
        self.key = key
        self.kind = kind
        self.valueName = valueName
        self.summary = summary
        self.aliases = aliases
        self.write = write
        self.read = read
    }

    /// The command-line flag: the key with `-` for `_` (`--itf-min-length`).
    public var flag: String { "--" + key.replacingUnderscores }

    /// For a bool, the flag that sets `false` (`--no-try-harder`); nil otherwise.
    public var negatedFlag: String? { kind == .bool ? "--no-" + key.replacingUnderscores : nil }

    /// The default: the value in a fresh ``DecodeOptions``.
    public var defaultValue: Value { read(DecodeOptions()) }

    /// The option's value in `options`.
    public func value(in options: DecodeOptions) -> Value { read(options) }

    /// Sets the option in `options`.
    /// - Throws: ``InvalidValue`` when `value` is of another kind, out of range or not one of the names.
    public func set(_ value: Value, in options: inout DecodeOptions) throws(InvalidValue) {
        switch (kind, value) {
        case (.bool, .bool): break
        case (.integer(let range), .integer(let n)) where range.contains(n): break
        case (.choice(let names), .choice(let name)) where names.contains(name): break
        default: throw InvalidValue(expected: expected)
        }
        write(&options, value)
    }

    /// The value `text` stands for (a command-line value: `true`/`false`, a number, a name).
    /// - Throws: ``InvalidValue`` naming what the option takes.
    public func parse(_ text: String) throws(InvalidValue) -> Value {
        switch kind {
        case .bool:
            if let b = ["true": true, "false": false][text] { return .bool(b) }
        case .integer(let range):
            if let n = Int(text), range.contains(n) { return .integer(n) }
        case .choice(let names):
            if names.contains(text) { return .choice(text) }
        }
        throw InvalidValue(expected: expected)
    }

    /// What the option takes, for messages: `true or false`, `a whole number from 2 to 1000`,
    /// `off, on or auto`.
    public var expected: String {
        switch kind {
        case .bool: return "true or false"
        case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let names): return Self.list(names)
        }
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

extension DecodeOptionDeclaration {
    /// A bool option stored at `path`.
    static func bool(
        _ key: String, _ path: WritableKeyPath<DecodeOptions, Bool> & Sendable, _ summary: String,
        aliases: [Alias] = []
    ) -> Self {
        Self(
            key: key, kind: .bool, valueName: "", summary: summary, aliases: aliases,
            write: { options, value in if case .bool(let b) = value { options[keyPath: path] = b } },
            read: { .bool($0[keyPath: path]) })
    }

    /// A whole-number option stored at `path`, taking values in `range`.
    static func integer(
        _ key: String, _ path: WritableKeyPath<DecodeOptions, Int> & Sendable, in range: ClosedRange<Int>,
        _ valueName: String, _ summary: String, aliases: [Alias] = []
    ) -> Self {
        Self(
            key: key, kind: .integer(range), valueName: valueName, summary: summary, aliases: aliases,
            write: { options, value in if case .integer(let n) = value { options[keyPath: path] = n } },
            read: { .integer($0[keyPath: path]) })
    }

    /// An option stored at `path` whose values are the raw values of the enum `E`.
    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<DecodeOptions, E> & Sendable, _ valueName: String,
        _ summary: String, aliases: [Alias] = []
    ) -> Self where E.RawValue == String {
        Self(
            key: key, kind: .choice(E.allCases.map(\.rawValue)), valueName: valueName, summary: summary,
            aliases: aliases,
            write: { options, value in
                if case .choice(let name) = value, let v = E(rawValue: name) { options[keyPath: path] = v }
            },
            read: { .choice($0[keyPath: path].rawValue) })
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
