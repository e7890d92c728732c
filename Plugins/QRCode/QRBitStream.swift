import ScanCore

/// Builds a symbol's data codewords from its segments (ISO/IEC 18004:2015 §7.4): the optional headers
/// (structured append §8, ECI §7.4.3, FNC1 §7.4.8, in that order), the segments, the terminator and the
/// padding (§7.4.10).
public enum QRBitStream {
    /// What precedes the segments.
    public struct Header: Sendable, Equatable {
        /// Structured append (§8): position from 0, count (2…16), parity byte.
        public var structuredAppend: (index: Int, count: Int, parity: Int)?
        /// ECI designator (§7.4.3), written before the segments.
        public var eci: Int?
        /// FNC1 in first position (GS1, §7.4.8.2).
        public var fnc1First = false

        public init(
            structuredAppend: (index: Int, count: Int, parity: Int)? = nil, eci: Int? = nil, fnc1First: Bool = false
        ) {
            self.structuredAppend = structuredAppend
            self.eci = eci
            self.fnc1First = fnc1First
        }

        public static func == (a: Header, b: Header) -> Bool {
            a.eci == b.eci && a.fnc1First == b.fnc1First && a.structuredAppend?.index == b.structuredAppend?.index
                && a.structuredAppend?.count == b.structuredAppend?.count
                && a.structuredAppend?.parity == b.structuredAppend?.parity
        }

        /// Bits the header takes: 20 for structured append (indicator, position, count, parity), 4 + 8/16/24
        /// for an ECI, 4 for FNC1.
        public var bitCount: Int {
            (structuredAppend == nil ? 0 : 20) + (eci.map { 4 + 8 * QRBitStream.eciDesignatorBytes($0) } ?? 0)
                + (fnc1First ? 4 : 0)
        }

        func write(to w: inout QRBitWriter) {
            if let sa = structuredAppend {
                w.append(QRMode.structuredAppendIndicator, width: 4)
                w.append(sa.index, width: 4)
                w.append(sa.count - 1, width: 4)
                w.append(sa.parity, width: 8)
            }
            if let e = eci {
                w.append(QRMode.eciIndicator, width: 4)
                switch QRBitStream.eciDesignatorBytes(e) {
                case 1: w.append(e, width: 8)
                case 2: w.append(0b10 << 14 | e, width: 16)
                default: w.append(0b110 << 21 | e, width: 24)
                }
            }
            if fnc1First { w.append(QRMode.fnc1FirstIndicator, width: 4) }
        }
    }

    /// Codewords an ECI designator takes (§7.4.3.2, Table 4): 1 for 0–127, 2 for 128–16383, 3 up to 999999.
    public static func eciDesignatorBytes(_ designator: Int) -> Int {
        designator < 128 ? 1 : (designator < 16384 ? 2 : 3)
    }

    /// The pad codewords, alternating (§7.4.10): 11101100, 00010001.
    public static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The data codewords of one symbol of `version` at `level`: header, segments, terminator (up to four
    /// zero bits, fewer when the symbol is full), zero bits to the byte boundary, then pad codewords.
    /// - Throws: ``EncodeError`` of kind ``EncodeError/Kind/tooLong`` when the bits exceed the symbol's
    ///   data capacity.
    public static func dataCodewords(
        _ segments: [QRSegment], header: Header, version: QRVersion, level: QRErrorCorrectionLevel
    ) throws(EncodeError) -> [UInt8] {
        var w = QRBitWriter()
        header.write(to: &w)
        for s in segments { s.write(to: &w, version: version.number, gs1: header.fnc1First) }
        let capacity = version.blocks(level).dataCodewords
        guard w.count <= capacity * 8 else {
            throw EncodeError(
                .tooLong, "payload needs \(w.count) bits; version \(version.number)-\(level) holds \(capacity * 8)")
        }
        w.append(QRMode.terminator, width: min(4, capacity * 8 - w.count))
        if w.count % 8 != 0 { w.append(0, width: 8 - w.count % 8) }
        var out = w.bytes
        while out.count < capacity { out.append(padCodewords[(out.count - w.count / 8) % 2]) }
        return out
    }
}
