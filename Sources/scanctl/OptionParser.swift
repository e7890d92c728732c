/// A small parser for `--flag`, `--name value` and `--name=value` options followed by operands.
/// Every mistake is reported as a ``UsageError`` naming the option.
struct OptionParser {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    private var remaining: [String]
    private(set) var operands: [String] = []

    init(_ arguments: [String]) { remaining = arguments }

    /// Returns the next option name (without the value), or nil when only operands are left.
    /// Operands met on the way are collected; `--` ends options.
    mutating func nextOption() -> String? {
        while let first = remaining.first {
            remaining.removeFirst()
            if first == "--" {
                operands += remaining
                remaining = []
                return nil
            }
            if first.hasPrefix("-") && first.count > 1 {
                if let eq = first.firstIndex(of: "="), first.hasPrefix("--") {
                    remaining.insert(String(first[first.index(after: eq)...]), at: 0)
                    pendingInlineValue = true
                    return String(first[..<eq])
                }
                pendingInlineValue = false
                return first
            }
            operands.append(first)
        }
        return nil
    }

    private var pendingInlineValue = false

    /// The value of the option just returned by ``nextOption()``.
    mutating func value(for option: String) throws -> String {
        guard let v = remaining.first, pendingInlineValue || !v.hasPrefix("--") else {
            throw UsageError(description: "option \(option) needs a value")
        }
        remaining.removeFirst()
        pendingInlineValue = false
        return v
    }

    /// Checks that a flag (an option without a value) was not written `--flag=value`.
    mutating func flag(_ option: String) throws {
        if pendingInlineValue {
            throw UsageError(description: "option \(option) takes no value")
        }
    }

    /// The value of the option just returned, as a whole number in `range`.
    mutating func integer(for option: String, in range: ClosedRange<Int>) throws -> Int {
        try Self.integer(try value(for: option), for: option, in: range)
    }

    /// `text` (an option's value) as a whole number in `range`.
    static func integer(_ value: String?, for option: String, in range: ClosedRange<Int>) throws -> Int {
        let text = value ?? ""
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                description:
                    "option \(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return n
    }
}
