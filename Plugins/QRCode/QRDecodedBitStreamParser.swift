import ScanCore

/// Parses the data bit stream (§7.4): mode indicators (Table 2), character count indicators (Table 3) and
/// the segments of each mode — numeric (§7.4.3), alphanumeric (§7.4.4, Table 5), byte (§7.4.5),
/// Kanji (§7.4.6), ECI (§7.4.2), FNC1 (§7.4.8), structured append (§7.4.9) — and Hanzi (mode 1101,
/// GB/T 18284-2000, the Chinese national extension).
///
/// Text rule: consecutive segment bytes sharing a character set are decoded together (so a multi-byte
/// character may span segments). Numeric and alphanumeric bytes join whatever set is current. Byte mode
/// uses the current ECI's set; with no ECI yet, the set is guessed with ``ECI/guessCharacterSet(_:)``
/// (UTF-8, then Shift_JIS, then ISO-8859-1). Kanji segments are Shift_JIS, Hanzi GB 18030.
///
/// The content's `bytes` are every segment's bytes concatenated in symbol order, each in its own encoding
/// (numeric and alphanumeric digits and letters as ASCII — `%` as GS 0x1D under FNC1 — byte mode bytes
/// as they are, Kanji as Shift_JIS double bytes, Hanzi as GB 2312 double bytes); ECI designators, mode
/// indicators and the FNC1 application indicator contribute no bytes. For FNC1 in second position the
/// application indicator leads the text. A structured-append header (§7.4.9) gives the position (from 0),
/// the count and the parity byte as decimal text (the id). The symbology identifier is `]Q1`…`]Q6`
/// (``symbologyIdentifier(fnc1:hasECI:)``).
public enum QRDecodedBitStreamParser {
    public static func parse(_ data: [UInt8], version: Int) -> DecodedContent? {
        var bits = BitReader(data)
        var content = DecodedContent()
        var runs: [(charset: ECI.CharacterSet?, bytes: [UInt8])] = []  // nil charset: guess
        var current: ECI.CharacterSet? = nil
        let sizeClass = QRMode.versionRange(version)
        func countBits(_ mode: QRMode) -> Int { mode.characterCountBits(versionRange: sizeClass) }
        var appIndicator: String? = nil

        func append(_ bytes: [UInt8], charset: ECI.CharacterSet?, asciiOnly: Bool) {
            content.bytes += bytes
            if let last = runs.last, !(last.charset.map(isWide) ?? false), asciiOnly || last.charset == charset {
                runs[runs.count - 1].bytes += bytes
                return
            }
            let wide = charset.map(isWide) ?? false
            runs.append((asciiOnly && wide ? .ascii : charset, bytes))
        }

        while bits.available >= 4 {
            guard let mode = bits.read(4) else { return nil }
            switch mode {
            case 0x0:  // terminator
                bits.skipAll()
            case 0x7:  // ECI
                guard let designator = readECI(&bits) else { return nil }
                content.ecis.append(designator)
                current = ECI.characterSet(for: designator)
                if current == nil && designator != 899 { return nil }
            case 0x3:  // structured append
                guard let i = bits.read(4), let c = bits.read(4), let p = bits.read(8) else { return nil }
                content.structuredAppend = StructuredAppend(index: i, count: c + 1, id: String(p))
            case 0x5:  // FNC1 first position
                content.fnc1 = .first
            case 0x9:  // FNC1 second position
                guard let a = bits.read(8) else { return nil }
                if a < 100 {
                    appIndicator = a < 10 ? "0\(a)" : "\(a)"
                } else if let u = Unicode.Scalar(a - 100), (65...90).contains(a - 100) || (97...122).contains(a - 100) {
                    appIndicator = String(Character(u))
                } else {
                    return nil
                }
                content.fnc1 = .second(applicationIndicator: appIndicator ?? "")
            case 0x1:  // numeric
                guard let n = bits.read(countBits(.numeric)), let digits = readNumeric(&bits, count: n) else {
                    return nil
                }
                append(digits, charset: current, asciiOnly: true)
            case 0x2:  // alphanumeric
                guard let n = bits.read(countBits(.alphanumeric)),
                    var chars = readAlphanumeric(&bits, count: n)
                else { return nil }
                if content.fnc1 != .none { chars = gs1Percent(chars) }
                append(chars, charset: current, asciiOnly: true)
            case 0x4:  // byte
                guard let n = bits.read(countBits(.byte)), bits.available >= 8 * n else { return nil }
                var bytes: [UInt8] = []
                bytes.reserveCapacity(n)
                for _ in 0..<n { bytes.append(UInt8(bits.read(8) ?? 0)) }
                append(bytes, charset: content.ecis.isEmpty ? nil : current ?? .binary, asciiOnly: false)
            case 0x8:  // Kanji (§7.4.6): Shift_JIS
                guard let n = bits.read(countBits(.kanji)),
                    let bytes = readDoubleByte(&bits, count: n, rowSize: 0xC0, split: 0x1F00, low: 0x8140, high: 0xC140)
                else { return nil }
                append(bytes, charset: .shiftJIS, asciiOnly: false)
            case 0xD:  // Hanzi (GB/T 18284): GB 2312
                guard let subset = bits.read(4), subset == 1, let n = bits.read(countBits(.hanzi)),
                    let bytes = readDoubleByte(&bits, count: n, rowSize: 0x60, split: 0x0A00, low: 0xA1A1, high: 0xA6A1)
                else { return nil }
                append(bytes, charset: .gb18030, asciiOnly: false)
            default:
                return nil
            }
        }

        // Text.
        var text = appIndicator ?? ""
        var isText = true
        for run in runs {
            let cs = run.charset ?? ECI.guessCharacterSet(run.bytes)
            if let s = cs.decode(run.bytes) {
                text += s
            } else {
                isText = false
            }
        }
        content.text = isText ? text : nil
        content.symbologyIdentifier = symbologyIdentifier(fnc1: content.fnc1, hasECI: !content.ecis.isEmpty)
        return content
    }

    /// The symbology identifier (ISO/IEC 18004:2015 Annex F, ISO/IEC 15424): modifier 1 plain, 2 with
    /// ECI, 3/4 FNC1 first without/with ECI, 5/6 FNC1 second without/with ECI.
    public static func symbologyIdentifier(fnc1: DecodedContent.FNC1, hasECI: Bool) -> String {
        "]Q\(1 + 2 * fnc1.position + (hasECI ? 1 : 0))"
    }

    private static func isWide(_ cs: ECI.CharacterSet) -> Bool {
        [.utf16BE, .utf16LE, .utf32BE, .utf32LE].contains(cs)
    }

    static func readECI(_ bits: inout BitReader) -> Int? {
        guard let first = bits.read(8) else { return nil }
        if first & 0x80 == 0 { return first }
        if first & 0xC0 == 0x80 { return bits.read(8).map { (first & 0x3F) << 8 | $0 } }
        if first & 0xE0 == 0xC0 { return bits.read(16).map { (first & 0x1F) << 16 | $0 } }
        return nil
    }

    static func readNumeric(_ bits: inout BitReader, count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var left = count
        while left > 0 {
            let take = min(3, left)
            guard let v = bits.read([0, 4, 7, 10][take]), v < [1, 10, 100, 1000][take] else { return nil }
            var digits: [UInt8] = []
            var x = v
            for _ in 0..<take {
                digits.append(UInt8(48 + x % 10))
                x /= 10
            }
            out += digits.reversed()
            left -= take
        }
        return out
    }

    /// Table 5: the 45 alphanumeric characters by value.
    static let alphanumericTable: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    static func readAlphanumeric(_ bits: inout BitReader, count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var left = count
        while left >= 2 {
            guard let v = bits.read(11), v < 45 * 45 else { return nil }
            out += [alphanumericTable[v / 45], alphanumericTable[v % 45]]
            left -= 2
        }
        if left == 1 {
            guard let v = bits.read(6), v < 45 else { return nil }
            out.append(alphanumericTable[v])
        }
        return out
    }

    /// `count` two-byte characters of 13 bits each (Kanji §7.4.6, Hanzi GB/T 18284): value v stands for the
    /// code (v / `rowSize`) · 256 + v mod `rowSize`, plus `low` when that is below `split`, else plus `high`.
    /// Nil when the stream holds fewer than 13 · `count` bits.
    static func readDoubleByte(
        _ bits: inout BitReader, count: Int, rowSize: Int, split: Int, low: Int, high: Int
    ) -> [UInt8]? {
        guard bits.available >= 13 * count else { return nil }
        var out: [UInt8] = []
        for _ in 0..<count {
            let v = bits.read(13) ?? 0
            var code = (v / rowSize) << 8 | (v % rowSize)
            code += code < split ? low : high
            out += [UInt8(code >> 8), UInt8(code & 0xFF)]
        }
        return out
    }

    /// Under FNC1 (§7.4.8.2): "%" stands for FNC1 (GS, 0x1D) and "%%" for a literal "%".
    static func gs1Percent(_ chars: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < chars.count {
            if chars[i] == UInt8(ascii: "%") {
                if i + 1 < chars.count && chars[i + 1] == UInt8(ascii: "%") {
                    out.append(UInt8(ascii: "%"))
                    i += 2
                    continue
                }
                out.append(0x1D)
            } else {
                out.append(chars[i])
            }
            i += 1
        }
        return out
    }
}

/// Reads bits most significant first from bytes.
struct BitReader {
    let bytes: [UInt8]
    var position = 0  // in bits

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var available: Int { bytes.count * 8 - position }

    mutating func skipAll() { position = bytes.count * 8 }

    mutating func read(_ count: Int) -> Int? {
        guard count <= available else { return nil }
        var v = 0
        for _ in 0..<count {
            let bit = (bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            v = (v << 1) | Int(bit)
            position += 1
        }
        return v
    }
}
