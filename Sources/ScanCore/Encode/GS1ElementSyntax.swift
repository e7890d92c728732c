/// GS1 element strings as symbol generators need them: HRI text in, element string bytes out (GS1 General
/// Specifications §7.8, "GS1 Application Identifiers in data carriers", and §3.2 for the HRI notation).
///
/// ```swift
/// let bytes = try GS1ElementSyntax.elementString(fromHRI: "(01)05000456112253(10)COV0109(17)220901")
/// // "0105000456112253" + "10COV0109" + GS + "17220901"
/// ```
///
/// Only the syntax is checked here (AIs of 2–4 digits, non-empty data from the GS1 AI encodable character
/// set 82, the predefined lengths of Figure 7.8.5-2); the table of every AI with its format and check
/// digits is ScanValues' `GS1ApplicationIdentifiers`.
public enum GS1ElementSyntax {
    /// The field separator that stands for FNC1 inside an element string (GS, §7.8.5.1).
    public static let separator: UInt8 = 0x1D

    /// Element lengths (AI digits plus data) of the two-digit AI prefixes with a predefined length
    /// (§7.8.5, Figure 7.8.5-2). Only these fields may be followed by another without a separator.
    public static let predefinedLengths: [String: Int] = [
        "00": 20, "01": 16, "02": 16, "03": 16, "04": 18, "11": 8, "12": 8, "13": 8, "14": 8, "15": 8,
        "16": 8, "17": 8, "18": 8, "19": 8, "20": 4, "31": 10, "32": 10, "33": 10, "34": 10, "35": 10,
        "36": 10, "41": 16,
    ]

    /// One field of an HRI string: its AI digits and its data.
    public struct Element: Sendable, Equatable {
        public var ai: String
        public var data: String
        public init(ai: String, data: String) {
            self.ai = ai
            self.data = data
        }
        /// True when the AI's prefix has a predefined length (no separator needed after it).
        public var hasPredefinedLength: Bool { GS1ElementSyntax.predefinedLengths[String(ai.prefix(2))] != nil }
    }

    /// Splits an HRI string `(AI)data(AI)data…` into its elements.
    /// - Throws: ``EncodeError`` of kind ``EncodeError/Kind/invalidGS1`` for text that does not start with
    ///   `(`, an AI that is not 2–4 digits, empty data, a character outside set 82, or a predefined-length
    ///   field of the wrong length.
    public static func elements(fromHRI hri: String) throws(EncodeError) -> [Element] {
        let chars = Array(hri.unicodeScalars)
        guard chars.first == "(" else {
            throw EncodeError(.invalidGS1, "a GS1 HRI string starts with '(AI)', not '\(hri.prefix(8))'")
        }
        var out: [Element] = []
        var i = 0
        while i < chars.count {
            guard let (ai, next) = aiAt(chars, i) else {
                throw EncodeError(.invalidGS1, "expected '(' and a 2 to 4 digit AI at character \(i + 1) of '\(hri)'")
            }
            var j = next
            while j < chars.count && aiAt(chars, j) == nil { j += 1 }
            let data = String(String.UnicodeScalarView(chars[next..<j]))
            guard !data.isEmpty else { throw EncodeError(.invalidGS1, "AI (\(ai)) has no data") }
            if let bad = data.unicodeScalars.first(where: { !isSet82($0) }) {
                throw EncodeError(.invalidGS1, "AI (\(ai)): '\(bad)' is not in the GS1 AI encodable character set 82")
            }
            let e = Element(ai: ai, data: data)
            if let length = predefinedLengths[String(ai.prefix(2))], ai.count + data.count != length {
                throw EncodeError(
                    .invalidGS1,
                    "AI (\(ai)) needs \(length - ai.count) characters of data, not \(data.count) ('\(data)')")
            }
            out.append(e)
            i = j
        }
        return out
    }

    /// The element string of `elements`: AI digits and data in order, a GS after every field without a
    /// predefined length except the last (§7.8.5.1). The leading FNC1 is the symbology's business.
    public static func elementString(_ elements: [Element]) -> [UInt8] {
        var out: [UInt8] = []
        for (k, e) in elements.enumerated() {
            out += Array(e.ai.utf8) + Array(e.data.utf8)
            if k < elements.count - 1 && !e.hasPredefinedLength { out.append(separator) }
        }
        return out
    }

    /// ``elementString(_:)`` of ``elements(fromHRI:)``.
    public static func elementString(fromHRI hri: String) throws(EncodeError) -> [UInt8] {
        elementString(try elements(fromHRI: hri))
    }

    /// The GS1 payload of an encoder input: HRI text when it starts with `(`, otherwise an element string
    /// as it is (digits, set 82 characters and GS separators; a leading GS is dropped).
    /// - Throws: ``EncodeError`` of kind ``EncodeError/Kind/invalidGS1``.
    public static func payload(_ input: EncodePayload) throws(EncodeError) -> [UInt8] {
        let bytes: [UInt8]
        switch input {
        case .text(let t):
            if t.hasPrefix("(") { return try elementString(fromHRI: t) }
            bytes = Array(t.utf8)
        case .bytes(let b):
            if b.first == UInt8(ascii: "(") {
                return try elementString(fromHRI: String(decoding: b, as: UTF8.self))
            }
            bytes = b
        }
        let body = bytes.first == separator ? Array(bytes.dropFirst()) : bytes
        guard body.count >= 2, body.prefix(2).allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw EncodeError(.invalidGS1, "GS1 data starts with an AI of digits")
        }
        if let bad = body.first(where: { $0 != separator && !isSet82(Unicode.Scalar($0)) }) {
            throw EncodeError(
                .invalidGS1, "byte 0x\(String(bad, radix: 16)) is not in the GS1 AI encodable character set 82")
        }
        return body
    }

    /// The AI at `i` (`(` 2–4 digits `)`) and the index after it, or `nil`.
    private static func aiAt(_ chars: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        guard i < chars.count, chars[i] == "(" else { return nil }
        var j = i + 1
        var digits = ""
        while j < chars.count, (0x30...0x39).contains(chars[j].value), digits.count < 4 {
            digits.unicodeScalars.append(chars[j])
            j += 1
        }
        guard digits.count >= 2, j < chars.count, chars[j] == ")" else { return nil }
        return (digits, j + 1)
    }

    /// GS1 AI encodable character set 82 (§7.11, Figure 7.11-1): `!"%&'()*+,-./0-9:;<=>?A-Z_a-z`.
    public static func isSet82(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x21, 0x22, 0x25...0x3F, 0x41...0x5A, 0x5F, 0x61...0x7A: return true
        default: return false
        }
    }
}
