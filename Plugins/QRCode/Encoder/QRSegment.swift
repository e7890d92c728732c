import Foundation
import ScanCore

/// A run of payload bytes written in one mode (ISO/IEC 18004:2015 §7.4.2–§7.4.6).
///
/// `bytes` are the payload bytes the segment stands for: ASCII digits (numeric), characters of Table 5
/// (alphanumeric; under FNC1, GS 0x1D for FNC1 and a literal `%` — written `%` and `%%`, §7.4.8.2), any
/// bytes (byte), Shift_JIS double bytes in 8140–9FFC or E040–EBBF (Kanji, §7.4.6).
public struct QRSegment: Sendable, Equatable {
    public var mode: QRMode
    public var bytes: [UInt8]

    public init(mode: QRMode, bytes: [UInt8]) {
        self.mode = mode
        self.bytes = bytes
    }

    /// The value the character count indicator holds: digits, alphanumeric characters (a `%` under FNC1
    /// counts two), bytes, or Kanji characters.
    public func characterCount(gs1: Bool) -> Int {
        switch mode {
        case .numeric, .byte: return bytes.count
        case .alphanumeric: return gs1 ? bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "%") ? 2 : 1) } : bytes.count
        case .kanji, .hanzi: return bytes.count / 2
        }
    }

    /// Bits of the segment's data (headers excluded): numeric 10 per three digits with 4 or 7 for a
    /// remainder of one or two (§7.4.3), alphanumeric 11 per pair and 6 for a last single (§7.4.4), byte 8
    /// (§7.4.5), Kanji 13 (§7.4.6).
    public static func dataBits(_ mode: QRMode, count n: Int) -> Int {
        switch mode {
        case .numeric: return 10 * (n / 3) + [0, 4, 7][n % 3]
        case .alphanumeric: return 11 * (n / 2) + 6 * (n % 2)
        case .byte: return 8 * n
        case .kanji, .hanzi: return 13 * n
        }
    }

    /// Writes the mode indicator, the character count indicator for `version` and the data.
    public func write(to w: inout QRBitWriter, version: Int, gs1: Bool) {
        let count = characterCount(gs1: gs1)
        w.append(mode.indicator, width: 4)
        w.append(count, width: mode.characterCountBits(version: version))
        switch mode {
        case .numeric:
            var k = 0
            while k < bytes.count {
                let group = bytes[k..<min(k + 3, bytes.count)]
                let value = group.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                w.append(value, width: [0, 4, 7, 10][group.count])
                k += 3
            }
        case .alphanumeric:
            var values: [Int] = []
            for b in bytes {
                if gs1 && b == GS1ElementSyntax.separator {
                    values.append(QRSegment.percentValue)
                } else if gs1 && b == UInt8(ascii: "%") {
                    values += [QRSegment.percentValue, QRSegment.percentValue]
                } else {
                    values.append(QRSegment.alphanumericValue(b) ?? 0)
                }
            }
            var k = 0
            while k + 1 < values.count {
                w.append(values[k] * 45 + values[k + 1], width: 11)
                k += 2
            }
            if k < values.count { w.append(values[k], width: 6) }
        case .byte:
            for b in bytes { w.append(Int(b), width: 8) }
        case .kanji, .hanzi:
            var k = 0
            while k + 1 < bytes.count {
                w.append(QRSegment.kanjiValue(bytes[k], bytes[k + 1]) ?? 0, width: 13)
                k += 2
            }
        }
    }

    /// Table 5 value of `%`.
    static let percentValue = 38

    /// The Table 5 value (0…44) of an alphanumeric character, or `nil`.
    public static func alphanumericValue(_ b: UInt8) -> Int? {
        alphanumericValues[Int(b)]
    }

    private static let alphanumericValues: [Int?] = {
        var t = [Int?](repeating: nil, count: 256)
        for (v, c) in QRDecodedBitStreamParser.alphanumericTable.enumerated() { t[Int(c)] = v }
        return t
    }()

    /// True when the double byte is a character Kanji mode may carry (ISO/IEC 18004:2015 §7.4.6): in its
    /// ranges (``kanjiValue(_:_:)``) and assigned in Shift_JIS (JIS X 0208, as Foundation's converter has
    /// it). A pair the ranges hold but no character is left in byte mode: in Kanji mode it reads back as no
    /// text, and other readers show replacement characters.
    public static func isKanjiCharacter(_ first: UInt8, _ second: UInt8) -> Bool {
        kanjiValue(first, second) != nil && String(bytes: [first, second], encoding: .shiftJIS) != nil
    }

    /// The 13-bit Kanji value of a Shift_JIS double byte (§7.4.6: subtract 8140 or C140, then
    /// most significant byte × C0 + least significant byte), or `nil` outside 8140–9FFC and E040–EBBF.
    public static func kanjiValue(_ first: UInt8, _ second: UInt8) -> Int? {
        guard second >= 0x40 && second <= 0xFC && second != 0x7F else { return nil }
        let code = Int(first) << 8 | Int(second)
        let base: Int
        switch code {
        case 0x8140...0x9FFC: base = 0x8140
        case 0xE040...0xEBBF: base = 0xC140
        default: return nil
        }
        let d = code - base
        return (d >> 8) * 0xC0 + (d & 0xFF)
    }
}
