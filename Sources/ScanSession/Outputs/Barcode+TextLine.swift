import ScanCore

extension Barcode {
    /// `FORMAT: VALUE`, or `FORMAT (TYPE): VALUE` when the value parser found a type other than plain text
    /// (`qrcode (wifi): MyNet`, `ean13 (product): 4006381333931`). VALUE is the display value with line
    /// breaks and other control characters escaped (``TextLine/escaped(_:)``), so one code is one line;
    /// a payload that is no text (no ``Barcode/rawValue``, no display value) shows its bytes
    /// (``TextLine/escaped(bytes:)``).
    public var textSummary: String {
        let type = valueType == .text || valueType == .unknown ? "" : " (\(valueType.name))"
        let value =
            rawValue == nil && displayValue.isEmpty ? TextLine.escaped(bytes: rawBytes) : TextLine.escaped(displayValue)
        return "\(format.name)\(type): \(value)"
    }

    /// The payload as it is (`--raw`, `format: raw`): the raw value's UTF-8 bytes, or the raw bytes when
    /// the payload is not text. Nothing is escaped, so a payload with line breaks spans several lines.
    public var rawOutput: [UInt8] { rawValue.map { Array($0.utf8) } ?? rawBytes }
}

/// Text output helpers shared by `scanctl decode` and `format: text` outputs.
public enum TextLine {
    /// `text` with a backslash as `\\`, line feed as `\n`, carriage return as `\r`, tab as `\t`, any other
    /// C0 control character, DEL or C1 control as `\xHH`, and U+2028, U+2029 as `\u2028`, `\u2029`:
    /// readable, on one line, and reversible.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where needsEscape(scalar): out += hexEscape(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `bytes` as ``escaped(_:)`` writes ASCII text: printable ASCII as it is (a backslash doubled),
    /// `\n`, `\r`, `\t`, and every other byte as `\xHH`, for a payload that is no text.
    public static func escaped(bytes: [UInt8]) -> String {
        var out = ""
        for b in bytes {
            switch b {
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
            default: out += hexEscape(UInt32(b))
            }
        }
        return out
    }

    /// `\xHH` for a value under 256 (`\x1D`, `\xFF`).
    private static func hexEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }

    /// C0 controls, DEL, the C1 controls (U+0080–U+009F: a terminal acts on some, as CSI U+009B) and
    /// the Unicode line and paragraph separators (U+2028, U+2029), which break a line as a newline does.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || scalar == "\\"
    }
}
