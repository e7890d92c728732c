import Foundation
import ScanCore

// Small text helpers shared by the value parsers. None of them throws; all work on Unicode scalars or
// UTF-8 bytes so that no input can trap.

extension String {
    /// The string without leading and trailing spaces, tabs, CR and LF.
    func trimmingEdges() -> String {
        let ws: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "\u{0B}", "\u{0C}"]
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !ws.contains($0) }),
            let last = scalars.lastIndex(where: { !ws.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The part after the first `:` (the whole string when there is none).
    func afterScheme() -> String {
        guard let i = firstIndex(of: ":") else { return self }
        return String(self[index(after: i)...])
    }

    /// Splits at the first occurrence of `separator`: (before, after) or (self, nil).
    func splitOnce(_ separator: Character) -> (String, String?) {
        guard let i = firstIndex(of: separator) else { return (self, nil) }
        return (String(self[..<i]), String(self[index(after: i)...]))
    }

    /// True when every character is an ASCII digit (and there is at least one).
    var isASCIIDigits: Bool { !isEmpty && utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    /// `nil` when empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension JSONValue {
    /// A string, or `null` for `nil` or the empty string.
    static func text(_ s: String?) -> JSONValue {
        guard let s, !s.isEmpty else { return .null }
        return .string(s)
    }

    /// An integer as a JSON number.
    static func int(_ n: Int) -> JSONValue { .number(Double(n)) }
}

/// Percent-decoding (RFC 3986 §2.1). Malformed escapes are kept as they are; bytes that do not form
/// UTF-8 are decoded as Latin-1 so that nothing is lost.
func percentDecoded(_ s: String, plusIsSpace: Bool = false) -> String {
    guard s.utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else { return s }
    let bytes = Array(s.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        if b == 0x25, i + 2 < bytes.count, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
            out.append(h << 4 | l)
            i += 3
        } else if plusIsSpace && b == 0x2B {
            out.append(0x20)
            i += 1
        } else {
            out.append(b)
            i += 1
        }
    }
    return decodeText(out, charset: nil)
}

func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x41...0x46: return b - 0x41 + 10
    case 0x61...0x66: return b - 0x61 + 10
    default: return nil
    }
}

/// Decodes bytes in a named character set: UTF-8 (the default), US-ASCII, ISO-8859-1 / Latin-1 and
/// Windows-1252 (as Latin-1 for 0xA0–0xFF), UTF-16 with or without byte-order mark. Bytes that are not
/// valid in the charset fall back to Latin-1 so that no byte is lost.
func decodeText(_ bytes: [UInt8], charset: String?) -> String {
    let name = (charset ?? "utf-8").lowercased().replacingOccurrences(of: "_", with: "-")
    switch name {
    case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "windows-1252", "cp1252", "us-ascii", "ascii":
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(scalars)
    case "utf-16", "utf-16be", "utf-16le":
        var little = name == "utf-16le"
        var body = bytes[...]
        if body.count >= 2 {
            let b0 = body[body.startIndex]
            let b1 = body[body.startIndex + 1]
            if b0 == 0xFF && b1 == 0xFE {
                little = true
                body = body.dropFirst(2)
            } else if b0 == 0xFE && b1 == 0xFF {
                little = false
                body = body.dropFirst(2)
            }
        }
        var units: [UInt16] = []
        var i = body.startIndex
        while i + 1 < body.endIndex {
            let a = UInt16(body[i])
            let b = UInt16(body[i + 1])
            units.append(little ? (b << 8 | a) : (a << 8 | b))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    default:
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return decodeText(bytes, charset: "iso-8859-1")
    }
}

/// Splits a `KEY:value;KEY:value;;` body (MECARD, MATMSG, MEBKM, WIFI) into fields.
///
/// A backslash makes the next character literal (`\;` `\:` `\,` `\\` `\"`). Keys are upper-cased;
/// values are unescaped. A field without a `:` has an empty key. Parsing stops at `;;` (the record end)
/// only when it is unescaped.
func semicolonFields(_ body: String) -> [(key: String, value: String)] {
    var fields: [(key: String, value: String)] = []
    var key: String? = nil
    var current = ""
    var escaped = false
    var sawContent = false
    for ch in body {
        if escaped {
            current.append(ch)
            escaped = false
            continue
        }
        switch ch {
        case "\\":
            escaped = true
            sawContent = true
        case ":" where key == nil:
            key = current.uppercased()
            current = ""
            sawContent = true
        case ";":
            if key != nil || sawContent { fields.append((key ?? "", current)) }
            key = nil
            current = ""
            sawContent = false
        default:
            current.append(ch)
            sawContent = true
        }
    }
    if escaped { current.append("\\") }
    if key != nil || sawContent { fields.append((key ?? "", current)) }
    return fields
}

/// `a=b&c=d` as decoded pairs, in order (keys lower-cased when `lowercaseKeys`).
func queryPairs(_ query: String, lowercaseKeys: Bool = true) -> [(key: String, value: String)] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { item in
        let (k, v) = String(item).splitOnce("=")
        let key = percentDecoded(k)
        return (lowercaseKeys ? key.lowercased() : key, percentDecoded(v ?? ""))
    }
}

/// A date as ISO 8601 `YYYY-MM-DD` when year, month and day make a real calendar date.
func isoDate(year: Int, month: Int, day: Int) -> String? {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
    else { return nil }
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
}

func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

/// The integer value of an all-ASCII-digit substring, or `nil`.
func digitsValue<S: StringProtocol>(_ s: S) -> Int? {
    guard !s.isEmpty, s.count <= 18, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(s)
}
