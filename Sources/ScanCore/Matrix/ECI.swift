import Foundation

#if canImport(CoreFoundation)
    import CoreFoundation
#endif

/// Character sets named by Extended Channel Interpretation designators (AIM ECI Part 3 register, as
/// used by ISO/IEC 18004 §7.4.3, ISO/IEC 16022 §5.4.1, ISO/IEC 24778 §7.3.1.2 and ISO/IEC 15438 §5.5.3),
/// and the text decoding 2-D symbologies share.
///
/// ```swift
/// let cs = ECI.characterSet(for: 26)          // .utf8
/// cs?.decode([0xE6, 0x97, 0xA5])              // "日"
/// ```
///
/// Conversion goes through Foundation's `String(bytes:encoding:)`. On Linux, swift-corelibs-foundation
/// converts every character set listed here through CoreFoundation, including Shift_JIS, GB 18030,
/// Big5, EUC-KR, the ISO-8859 parts and the Windows code pages (checked by `ECITests`).
public enum ECI {
    /// A character set an ECI designator can select.
    public enum CharacterSet: String, Sendable, CaseIterable {
        case cp437 = "CP437"
        case iso8859_1 = "ISO-8859-1", iso8859_2 = "ISO-8859-2", iso8859_3 = "ISO-8859-3"
        case iso8859_4 = "ISO-8859-4", iso8859_5 = "ISO-8859-5", iso8859_6 = "ISO-8859-6"
        case iso8859_7 = "ISO-8859-7", iso8859_8 = "ISO-8859-8", iso8859_9 = "ISO-8859-9"
        case iso8859_10 = "ISO-8859-10", iso8859_11 = "ISO-8859-11", iso8859_13 = "ISO-8859-13"
        case iso8859_14 = "ISO-8859-14", iso8859_15 = "ISO-8859-15", iso8859_16 = "ISO-8859-16"
        case shiftJIS = "Shift_JIS"
        case windows1250 = "windows-1250", windows1251 = "windows-1251", windows1252 = "windows-1252"
        case windows1256 = "windows-1256"
        case utf16BE = "UTF-16BE", utf8 = "UTF-8", ascii = "US-ASCII", big5 = "Big5"
        case gb2312 = "GB2312", eucKR = "EUC-KR", gbk = "GBK", gb18030 = "GB18030"
        case utf16LE = "UTF-16LE", utf32BE = "UTF-32BE", utf32LE = "UTF-32LE"
        /// ECI 899: 8-bit binary data, no character set.
        case binary = "binary"

        /// Foundation's encoding for this set (`nil` for ``binary``).
        public var encoding: String.Encoding? {
            switch self {
            case .utf8: return .utf8
            case .ascii: return .ascii
            case .iso8859_1: return .isoLatin1
            case .iso8859_2: return .isoLatin2
            case .shiftJIS: return .shiftJIS
            case .utf16BE: return .utf16BigEndian
            case .utf16LE: return .utf16LittleEndian
            case .utf32BE: return .utf32BigEndian
            case .utf32LE: return .utf32LittleEndian
            case .windows1250: return .windowsCP1250
            case .windows1251: return .windowsCP1251
            case .windows1252: return .windowsCP1252
            case .binary: return nil
            default:
                guard let cf = cfEncoding else { return nil }
                return String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(cf))
            }
        }

        /// CoreFoundation `CFStringEncoding` constants (CFStringEncodingExt.h) for the sets Foundation
        /// has no named member for.
        private var cfEncoding: CFStringEncoding? {
            switch self {
            case .cp437: return 0x0400
            case .iso8859_3: return 0x0203
            case .iso8859_4: return 0x0204
            case .iso8859_5: return 0x0205
            case .iso8859_6: return 0x0206
            case .iso8859_7: return 0x0207
            case .iso8859_8: return 0x0208
            case .iso8859_9: return 0x0209
            case .iso8859_10: return 0x020A
            case .iso8859_11: return 0x020B
            case .iso8859_13: return 0x020D
            case .iso8859_14: return 0x020E
            case .iso8859_15: return 0x020F
            case .iso8859_16: return 0x0210
            case .windows1256: return 0x0504
            case .big5: return 0x0A03
            case .gb2312: return 0x0930  // EUC-CN
            case .eucKR: return 0x0940
            case .gbk: return 0x0632  // GB 18030 (a superset; CF's GBK_95 does not convert on Linux)
            case .gb18030: return 0x0632
            default: return nil
            }
        }

        /// The bytes as text, or `nil` when they are not valid in this set (or the set is ``binary``).
        public func decode(_ bytes: [UInt8]) -> String? {
            if bytes.isEmpty { return "" }
            if self == .ascii && bytes.contains(where: { $0 >= 0x80 }) { return nil }
            if self == .windows1256 { return Self.decodeWindows1256(bytes) }
            // Foundation drops a trailing part of a code unit silently.
            if bytes.count % codeUnitSize != 0 { return nil }
            guard let e = encoding else { return nil }
            return String(bytes: bytes, encoding: e)
        }

        /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32, otherwise 1.
        var codeUnitSize: Int {
            switch self {
            case .utf16BE, .utf16LE: return 2
            case .utf32BE, .utf32LE: return 4
            default: return 1
            }
        }

        /// The bytes as text, each byte sequence that is not a character of this set (a lead byte without
        /// its trail byte, a byte the set does not assign, half a UTF-16 code unit) replaced by U+FFFD.
        ///
        /// ```swift
        /// ECI.CharacterSet.shiftJIS.decodeReplacingInvalid([0x83, 0x65, 0x93])   // "テ\u{FFFD}"
        /// ```
        ///
        /// For text whose bytes are exact but partly not valid in the set an ECI declared; valid bytes
        /// decode as ``decode(_:)`` does. ``binary`` gives U+FFFD for every byte.
        public func decodeReplacingInvalid(_ bytes: [UInt8]) -> String {
            if let whole = decode(bytes) { return whole }
            if self == .utf8 { return String(decoding: bytes, as: UTF8.self) }
            let unit = codeUnitSize
            // One character at a time: the shortest run of whole units that decodes (up to 4 bytes,
            // GB 18030's longest character); a unit that starts none is replaced.
            var out = ""
            var i = 0
            while i < bytes.count {
                var taken = 0
                for length in stride(from: unit, through: 4, by: unit) where i + length <= bytes.count {
                    if let c = decode(Array(bytes[i..<(i + length)])), !c.isEmpty {
                        out += c
                        taken = length
                        break
                    }
                }
                if taken == 0 {
                    out += "\u{FFFD}"
                    taken = min(unit, bytes.count - i)
                }
                i += taken
            }
            return out
        }
    }

    /// The character set of an ECI designator (AIM ECI register), or `nil` for designators that name
    /// no character set this table knows.
    public static func characterSet(for designator: Int) -> CharacterSet? {
        switch designator {
        case 0, 2: return .cp437
        case 1, 3: return .iso8859_1
        case 4: return .iso8859_2
        case 5: return .iso8859_3
        case 6: return .iso8859_4
        case 7: return .iso8859_5
        case 8: return .iso8859_6
        case 9: return .iso8859_7
        case 10: return .iso8859_8
        case 11: return .iso8859_9
        case 12: return .iso8859_10
        case 13: return .iso8859_11
        case 15: return .iso8859_13
        case 16: return .iso8859_14
        case 17: return .iso8859_15
        case 18: return .iso8859_16
        case 20: return .shiftJIS
        case 21: return .windows1250
        case 22: return .windows1251
        case 23: return .windows1252
        case 24: return .windows1256
        case 25: return .utf16BE
        case 26: return .utf8
        case 27, 170: return .ascii
        case 28: return .big5
        case 29: return .gb18030  // registered as GB 2312; GB 18030 is its superset
        case 30: return .eucKR
        case 31: return .gbk
        case 32: return .gb18030
        case 33: return .utf16LE
        case 34: return .utf32BE
        case 35: return .utf32LE
        case 899: return .binary
        default: return nil
        }
    }

    /// Guesses the character set of bytes that carry no ECI (byte mode / binary segments): UTF-8 when the
    /// bytes are valid UTF-8; otherwise Shift_JIS when they are valid Shift_JIS with evidence Latin-1 text
    /// cannot give (``looksLikeShiftJIS(_:)``); otherwise ISO-8859-1, the default interpretation (ECI
    /// 000003) of QR Code (ISO/IEC 18004:2015; its 2000 edition's default was JIS8 and Shift JIS, which
    /// is why Shift JIS is guessed at all) and of Aztec Code (ISO/IEC 24778); it accepts every byte.
    public static func guessCharacterSet(_ bytes: [UInt8]) -> CharacterSet {
        if String(validating: bytes, as: UTF8.self) != nil { return .utf8 }
        if looksLikeShiftJIS(bytes) { return .shiftJIS }
        return .iso8859_1
    }

    /// True when `bytes` parse as Shift_JIS and hold what ISO-8859-1 text does not:
    /// - a double-byte character whose lead byte is 0x81–0x9F. Those bytes are C1 controls in ISO-8859-1,
    ///   which text never holds, and they lead every hiragana, katakana, full-width punctuation mark and
    ///   first-level kanji of JIS X 0208 in Shift_JIS;
    /// - or three or more half-width katakana (0xA1–0xDF) in a row.
    /// Lead bytes 0xE0–0xEF (second-level kanji) and pairs of half-width katakana decide nothing: they are
    /// accented letters in ISO-8859-1, and adjacent ones are common there ("ção" is E7 E3 6F, "AÇÃO" is
    /// 41 C7 C3 4F, "àé" is E0 E9).
    static func looksLikeShiftJIS(_ bytes: [UInt8]) -> Bool {
        var i = 0, evidence = false, kanaRun = 0
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0xA1 && b <= 0xDF {
                kanaRun += 1
                if kanaRun >= 3 { evidence = true }
                i += 1
                continue
            }
            kanaRun = 0
            if b < 0x80 {
                i += 1
            } else if (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xEF) {
                guard i + 1 < bytes.count else { return false }
                let t = bytes[i + 1]
                guard (t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC) else { return false }
                if b <= 0x9F { evidence = true }
                i += 2
            } else {
                return false
            }
        }
        return evidence && String(bytes: bytes, encoding: .shiftJIS) != nil
    }
}
