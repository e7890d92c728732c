import ScanCore

/// Decodes ECC 200 data codewords (ISO/IEC 16022:2006 §5.2): ASCII (§5.2.3, Table 2: characters, digit
/// pairs 130–229, pad 129, latches, Upper Shift 235), C40 and Text (§5.2.5–§5.2.6, Tables C.1/C.2: three
/// values in two codewords, shift sets 1–3, Upper Shift), ANSI X12 (§5.2.7, Table C.3), EDIFACT (§5.2.8:
/// four 6-bit values in three codewords, unlatch 011111), Base 256 (§5.2.9: length field and the
/// 255-state randomising of Annex B.2), ECI (§5.4.2, codeword 241 with a 1–3 codeword designator),
/// FNC1 (232), structured append (233), reader programming (234) and Macro 05/06 (236/237).
///
/// Returns `nil` for codeword sequences the standard does not allow (unused codewords 242–255 in ASCII,
/// C40/Text/X12 values out of range, a Base 256 field running past the data) so that a wrongly sampled
/// symbol that passed error correction by chance is still refused.
///
/// The content's `bytes` are every character in symbol order; FNC1 as a field separator is GS (0x1D), a
/// leading GS1 FNC1 gives none; Macro 05/06 are expanded to their header `[)>␞05␝` / `[)>␞06␝` and
/// trailer `␞␄` (§5.2.4.3); ECI designators give none. Its `text`: bytes before any ECI as ISO-8859-1
/// (§5.4.1, the default interpretation), after an ECI in its character set; `nil` when a part is not
/// text in its set (e.g. ECI 899). FNC1 in the second position (sixth after a structured-append header)
/// follows the application indicator, one letter or a digit pair (§5.5). Structured append (§5.6):
/// position from 0, symbol count, and the file identification (two codewords, 256 × first + second) as
/// decimal text. `readerInitialisation` is reader programming (§5.2.4.9, codeword 234 first). `metadata`:
/// `macro` (`05` or `06`, codeword 236/237 first) and `encodation`, the schemes used besides ASCII in
/// order of first use (`c40`, `text`, `x12`, `edifact`, `base256`, comma-separated). Symbology identifier
/// `]d1`…`]d6` (``symbologyIdentifier(fnc1:hasECI:)``).
public enum DMDecodedBitStreamParser {
    enum Mode: String { case ascii, c40, text, x12, edifact, base256 }

    public static func parse(_ codewords: [UInt8]) -> DecodedContent? {
        var content = DecodedContent()
        var schemes: [String] = []
        // Text runs: (character set, bytes); nil set = ISO-8859-1 default before any ECI.
        var runs: [(charset: ECI.CharacterSet?, bytes: [UInt8])] = [(nil, [])]
        var trailer: [UInt8] = []
        var mode = Mode.ascii
        var i = 0
        var upperShift = false
        var shift = 0  // C40/Text shift set pending (1–3); a shift may end one codeword pair and act in the next
        let n = codewords.count
        // Position (counted in data codewords) where a leading FNC1 counts as "first": 0, or 4 after a
        // structured-append header.
        var firstPosition = 0

        func emit(_ byte: UInt8) {
            var b = byte
            if upperShift {
                b = b &+ 128
                upperShift = false
            }
            content.bytes.append(b)
            runs[runs.count - 1].bytes.append(b)
        }
        func emit(_ bytes: [UInt8]) { for b in bytes { emit(b) } }
        func fnc1(at position: Int) {
            if position == firstPosition {
                content.fnc1 = .first
            } else if content.fnc1 == .none && position == firstPosition + 1 && content.bytes.count >= 1
                && content.bytes.count <= 2
            {
                // After an application indicator (one letter or a digit pair).
                content.fnc1 = .second(applicationIndicator: String(decoding: content.bytes, as: UTF8.self))
            } else {
                emit(0x1D)
            }
        }

        while i < n {
            if mode != .ascii && !schemes.contains(mode.rawValue) { schemes.append(mode.rawValue) }
            switch mode {
            case .ascii:
                let c = Int(codewords[i])
                let position = i
                i += 1
                switch c {
                case 1...128: emit(UInt8(c - 1))
                case 129: i = n  // pad: the rest is padding
                case 130...229:
                    let v = c - 130
                    emit([UInt8(48 + v / 10), UInt8(48 + v % 10)])
                case 230: mode = .c40
                case 231: mode = .base256
                case 232: fnc1(at: position)
                case 233:
                    guard position == 0, i + 3 <= n else { return nil }
                    let seq = Int(codewords[i])
                    let id1 = Int(codewords[i + 1])
                    let id2 = Int(codewords[i + 2])
                    i += 3
                    let count = 17 - (seq & 0x0F)
                    let index = seq >> 4
                    guard count >= 2, count <= 16, index < count else { return nil }
                    content.structuredAppend = StructuredAppend(index: index, count: count, id: String(id1 * 256 + id2))
                    firstPosition = 4
                case 234:
                    guard position == firstPosition else { return nil }
                    content.readerInitialisation = true
                case 235: upperShift = true
                case 236, 237:
                    guard position == firstPosition else { return nil }
                    let m = c == 236 ? 5 : 6
                    content.metadata["macro"] = "0\(m)"
                    emit(Array("[)>\u{1E}0\(m)\u{1D}".utf8))
                    trailer = [0x1E, 0x04]
                case 238: mode = .x12
                case 239: mode = .text
                case 240: mode = .edifact
                case 241:
                    guard i < n else { return nil }
                    let c1 = Int(codewords[i])
                    var value: Int
                    if c1 <= 127 {
                        value = c1 - 1
                        i += 1
                    } else if c1 <= 191 {
                        guard i + 2 <= n else { return nil }
                        value = (c1 - 128) * 254 + Int(codewords[i + 1]) - 1 + 127
                        i += 2
                    } else {
                        guard i + 3 <= n else { return nil }
                        value =
                            (c1 - 192) * 64516 + (Int(codewords[i + 1]) - 1) * 254 + Int(codewords[i + 2]) - 1
                            + 16383
                        i += 3
                    }
                    guard value >= 0 else { return nil }
                    content.ecis.append(value)
                    runs.append((ECI.characterSet(for: value) ?? .iso8859_1, []))
                default: return nil  // 0 and 242–255 are not used in ASCII
                }
            case .c40, .text:
                guard n - i >= 2, codewords[i] != 254 else {
                    // Unlatch, or a single codeword left: it is ASCII (§5.2.5.2).
                    if i < n && codewords[i] == 254 { i += 1 }
                    mode = .ascii
                    continue
                }
                let v = Int(codewords[i]) * 256 + Int(codewords[i + 1]) - 1
                let position = i
                i += 2
                guard v >= 0 else { return nil }
                let values = [v / 1600, (v / 40) % 40, v % 40]
                guard values[0] < 40 else { return nil }
                for x in values {
                    switch shift {
                    case 0:
                        if x < 3 {
                            shift = x + 1
                        } else if x == 3 {
                            emit(32)
                        } else if x < 14 {
                            emit(UInt8(48 + x - 4))
                        } else {
                            emit(UInt8((mode == .c40 ? 65 : 97) + x - 14))
                        }
                    case 1:
                        emit(UInt8(x))
                        shift = 0
                    case 2:
                        switch x {
                        case 0...14: emit(UInt8(33 + x))
                        case 15...21: emit(UInt8(58 + x - 15))
                        case 22...26: emit(UInt8(91 + x - 22))
                        case 27: fnc1(at: position)
                        case 30: upperShift = true
                        default: return nil
                        }
                        shift = 0
                    default:
                        if mode == .c40 {
                            emit(UInt8(96 + x))
                        } else {
                            switch x {
                            case 0: emit(96)
                            case 1...26: emit(UInt8(65 + x - 1))
                            default: emit(UInt8(123 + x - 27))
                            }
                        }
                        shift = 0
                    }
                }
            case .x12:
                guard n - i >= 2, codewords[i] != 254 else {
                    if i < n && codewords[i] == 254 { i += 1 }
                    mode = .ascii
                    continue
                }
                let v = Int(codewords[i]) * 256 + Int(codewords[i + 1]) - 1
                i += 2
                guard v >= 0 else { return nil }
                for x in [v / 1600, (v / 40) % 40, v % 40] {
                    switch x {
                    case 0: emit(13)
                    case 1: emit(42)
                    case 2: emit(62)
                    case 3: emit(32)
                    case 4...13: emit(UInt8(48 + x - 4))
                    case 14...39: emit(UInt8(65 + x - 14))
                    default: return nil
                    }
                }
            case .edifact:
                // Fewer than three codewords left: they are ASCII (§5.2.8.2).
                guard n - i >= 3 else {
                    mode = .ascii
                    continue
                }
                let bits = Int(codewords[i]) << 16 | Int(codewords[i + 1]) << 8 | Int(codewords[i + 2])
                var consumed = 3
                for k in 0..<4 {
                    let x = (bits >> (18 - 6 * k)) & 0x3F
                    if x == 0x1F {
                        // Unlatch: the rest of this codeword is padding; ASCII resumes at the next one.
                        consumed = (6 * (k + 1) + 7) / 8
                        mode = .ascii
                        break
                    }
                    emit(UInt8(x < 32 ? x | 0x40 : x))
                }
                i += consumed
            case .base256:
                func unrandomized(_ index: Int) -> Int {
                    let r = (149 * (index + 1)) % 255 + 1
                    return (Int(codewords[index]) - r + 256) % 256
                }
                guard i < n else { return nil }
                let d1 = unrandomized(i)
                i += 1
                var length: Int
                if d1 == 0 {
                    length = n - i
                } else if d1 < 250 {
                    length = d1
                } else {
                    guard i < n else { return nil }
                    length = (d1 - 249) * 250 + unrandomized(i)
                    i += 1
                }
                guard i + length <= n else { return nil }
                for k in i..<(i + length) { emit(UInt8(unrandomized(k))) }
                i += length
                mode = .ascii
            }
        }
        if !trailer.isEmpty { emit(trailer) }
        if !schemes.isEmpty { content.metadata["encodation"] = schemes.joined(separator: ",") }
        content.symbologyIdentifier = symbologyIdentifier(fnc1: content.fnc1, hasECI: !content.ecis.isEmpty)

        var text: String? = ""
        for run in runs where !run.bytes.isEmpty {
            guard let t = (run.charset ?? .iso8859_1).decode(run.bytes) else {
                text = nil
                break
            }
            text? += t
        }
        content.text = text
        return content
    }

    /// The symbology identifier (ISO/IEC 16022:2006 Annex N, Table N.1): modifier 1 plain, 2 FNC1 first,
    /// 3 FNC1 second, 4 ECI, 5 FNC1 first with ECI, 6 FNC1 second with ECI.
    public static func symbologyIdentifier(fnc1: DecodedContent.FNC1, hasECI: Bool) -> String {
        "]d\(1 + fnc1.position + (hasECI ? 3 : 0))"
    }
}
