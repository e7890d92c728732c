/// The data modes of a QR Code bit stream and their header sizes (ISO/IEC 18004:2015 §7.4.1, Table 2
/// mode indicators; Table 3 character count indicator lengths).
///
/// ```swift
/// QRMode.numeric.indicator                          // 0b0001
/// QRMode.byte.characterCountBits(version: 10)       // 16
/// ```
public enum QRMode: Sendable, CaseIterable {
    case numeric, alphanumeric, byte, kanji
    /// Hanzi (GB/T 18284-2000, the Chinese national extension; read, never written).
    case hanzi

    /// The four-bit mode indicator (Table 2; Hanzi 1101 from GB/T 18284).
    public var indicator: Int {
        switch self {
        case .numeric: return 0b0001
        case .alphanumeric: return 0b0010
        case .byte: return 0b0100
        case .kanji: return 0b1000
        case .hanzi: return 0b1101
        }
    }

    /// Bits of the character count indicator in a symbol of `version` (1…40), Table 3: one column per
    /// version range 1–9, 10–26, 27–40.
    public func characterCountBits(version: Int) -> Int {
        characterCountBits(versionRange: QRMode.versionRange(version))
    }

    /// Table 3 by version range index: 0 for versions 1–9, 1 for 10–26, 2 for 27–40.
    public func characterCountBits(versionRange r: Int) -> Int {
        switch self {
        case .numeric: return [10, 12, 14][r]
        case .alphanumeric: return [9, 11, 13][r]
        case .byte: return [8, 16, 16][r]
        case .kanji, .hanzi: return [8, 10, 12][r]
        }
    }

    /// The version range index of Table 3's columns: 0 for versions 1–9, 1 for 10–26, 2 for 27–40.
    public static func versionRange(_ version: Int) -> Int { version <= 9 ? 0 : (version <= 26 ? 1 : 2) }

    /// Other four-bit indicators (Table 2): ECI, structured append, FNC1 in first and second position,
    /// and the terminator.
    public static let eciIndicator = 0b0111
    public static let structuredAppendIndicator = 0b0011
    public static let fnc1FirstIndicator = 0b0101
    public static let fnc1SecondIndicator = 0b1001
    public static let terminator = 0b0000
}
