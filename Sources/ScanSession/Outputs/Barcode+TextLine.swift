import ScanCore

extension Barcode {
    /// `FORMAT: VALUE`, or `FORMAT (TYPE): VALUE` when the value parser found a type other than plain text
    /// (`qrcode (wifi): MyNet`, `ean13 (product): 4006381333931`). VALUE is the display value with line
    /// breaks and other control characters escaped (``TextLine/escaped(_:)``), so one code is one line.
    public var textSummary: String {
        let type = valueType == .text || valueType == .unknown ? "" : " (\(valueType.name))"
        return "\(format.name)\(type): \(TextLine.escaped(displayValue))"
    }

    /// The payload as it is (`--raw`, `format: raw`): the raw value's UTF-8 bytes, or the raw bytes when
    /// the payload is not text. Nothing is escaped, so a payload with line breaks spans several lines.
    public var rawOutput: [UInt8] { rawValue.map { Array($0.utf8) } ?? rawBytes }
}

/// Text output helpers shared by `scanctl decode` and `format: text` outputs.
public enum TextLine {
    /// `text` with a backslash as `\\`, line feed as `\n`, carriage return as `\r`, tab as `\t` and any other
    /// C0 control character or DEL as `\xHH`: readable, on one line, and reversible.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\\"
    }
}
