import ScanCore

/// The QR Code generator: QR Code Model 2, versions 1–40 (ISO/IEC 18004:2015).
///
/// ```swift
/// let symbol = try QRCodeEncoder().encode(.text("01234567"), format: .qrcode, options: EncodeOptions())[0]
/// symbol.modules.width             // 21 (version 1)
/// symbol.metadata["mask"]          // the mask pattern the penalty rules chose
/// ```
///
/// Steps: the payload's bytes and ECI (``QRPayloadEncoding``); for a structured-append set, the bytes
/// split into parts at character boundaries, every part with the set's header (§8: position, count,
/// parity = XOR of all the payload bytes); the cheapest mode segments per version range
/// (``QRSegmenter``); the smallest version whose data capacity at the level holds every part (all parts
/// get the same version), or the fixed version; data codewords (``QRBitStream``), Reed–Solomon and
/// interleaving (``QRDataBlocks/interleave(_:version:level:)``); placement and the mask of the lowest
/// penalty (``QRSymbolBuilder``).
///
/// Options used: `errorCorrectionLevel` (`L`/`M`/`Q`/`H`, default `M`), `version`, `eci`, `gs1`,
/// `structuredAppend` (2…16), `mask`. Symbols' `metadata`: `version`, `error_correction_level`, `mask`,
/// `segments` (modes and character counts, e.g. `alphanumeric:3 numeric:14`), `eci` when written,
/// `structured_append` (`index/count`, index from 1) for a set.
public struct QRCodeEncoder: SymbologyEncoder {
    public let name = "qrcode"
    public let formats: Set<BarcodeFormat> = [.qrcode]

    public init() {}

    /// - Throws: ``EncodeError``: `invalidOption` for an unknown level, a version outside 1…40, a mask
    ///   outside 0…7 or a structured-append count above 16; `invalidPayload` for an empty payload or one
    ///   too short to split; `invalidGS1`; `tooLong` when no allowed version holds the data.
    public func encode(_ payload: EncodePayload, format: BarcodeFormat, options: EncodeOptions) throws(EncodeError)
        -> [GeneratedSymbol]
    {
        guard format == .qrcode else {
            throw EncodeError(.unsupportedFormat, "the QR Code encoder makes qrcode, not \(format)")
        }
        let level = try QRCodeEncoder.level(options.errorCorrectionLevel)
        if let v = options.version, !(1...40).contains(v) {
            throw EncodeError(.invalidOption, "QR Code versions are 1 to 40, not \(v)")
        }
        if let m = options.mask, !(0...7).contains(m) {
            throw EncodeError(.invalidOption, "QR Code mask patterns are 0 to 7, not \(m)")
        }
        let encoding = try QRPayloadEncoding(payload, options: options)
        let count = max(1, options.structuredAppend)
        guard count <= 16 else {
            throw EncodeError(.invalidOption, "a QR Code structured-append set holds at most 16 symbols, not \(count)")
        }
        let parts = try QRCodeEncoder.split(encoding.bytes, into: count, at: encoding.splitPoints)
        let parity = Int(encoding.bytes.reduce(0, ^))
        let headers = parts.indices.map { k in
            QRBitStream.Header(
                structuredAppend: count > 1 ? (k, count, parity) : nil, eci: encoding.eci, fnc1First: encoding.gs1)
        }
        // Segments and bit counts per version range (Table 3 columns).
        let segments = (0..<3).map { r in
            parts.map { QRSegmenter.segments($0, versionRange: r, gs1: encoding.gs1, kanji: encoding.allowsKanji) }
        }
        func bits(_ r: Int, _ k: Int) -> Int {
            headers[k].bitCount + QRSegmenter.bitCount(segments[r][k], versionRange: r, gs1: encoding.gs1)
        }
        let candidates = options.version.map { [$0] } ?? Array(1...40)
        guard
            let version = candidates.compactMap({ QRVersion.version($0) }).first(where: { v in
                parts.indices.allSatisfy {
                    bits(QRMode.versionRange(v.number), $0) <= 8 * v.blocks(level).dataCodewords
                }
            })
        else {
            let last = candidates.last ?? 40
            let r = QRMode.versionRange(last)
            let need = parts.indices.map { bits(r, $0) }.max() ?? 0
            let holds = 8 * (QRVersion.version(last)?.blocks(level).dataCodewords ?? 0)
            let lower = level == .l ? "" : "a lower error-correction level or "
            let hint = options.version == nil ? " (try \(lower)a structured-append set)" : ""
            throw EncodeError(.tooLong, "payload needs \(need) bits; version \(last)-\(level) holds \(holds)\(hint)")
        }
        let r = QRMode.versionRange(version.number)
        var out: [GeneratedSymbol] = []
        for k in parts.indices {
            let data = try QRBitStream.dataCodewords(segments[r][k], header: headers[k], version: version, level: level)
            let codewords = QRDataBlocks.interleave(data, version: version, level: level)
            let (matrix, mask) = QRSymbolBuilder.build(codewords, version: version, level: level, mask: options.mask)
            var metadata = [
                "version": String(version.number), "error_correction_level": level.description, "mask": String(mask),
                "segments": segments[r][k].map { "\($0.mode):\($0.characterCount(gs1: encoding.gs1))" }.joined(
                    separator: " "),
            ]
            if let e = encoding.eci { metadata["eci"] = String(e) }
            if count > 1 { metadata["structured_append"] = "\(k + 1)/\(count)" }
            out.append(
                GeneratedSymbol(format: .qrcode, modules: matrix, isLinear: false, quietZone: 4, metadata: metadata))
        }
        return out
    }

    /// The level named `L`, `M`, `Q` or `H` (any case); `M` for `nil`.
    /// - Throws: ``EncodeError`` of kind `invalidOption` for another name.
    public static func level(_ name: String?) throws(EncodeError) -> QRErrorCorrectionLevel {
        guard let name else { return .m }
        guard let level = QRErrorCorrectionLevel.allCases.first(where: { $0.description == name.uppercased() }) else {
            throw EncodeError(.invalidOption, "QR Code error-correction levels are L, M, Q and H, not '\(name)'")
        }
        return level
    }

    /// `bytes` cut into `count` parts of about equal length, each cut at one of `points`.
    /// - Throws: ``EncodeError`` of kind `invalidPayload` when there are fewer places to cut than needed.
    static func split(_ bytes: [UInt8], into count: Int, at points: [Int]) throws(EncodeError) -> [[UInt8]] {
        guard count > 1 else { return [bytes] }
        guard points.count >= count - 1 else {
            throw EncodeError(
                .invalidPayload, "a payload of \(points.count + 1) characters cannot fill \(count) symbols")
        }
        var cuts: [Int] = []
        var next = 0  // index into points
        for k in 1..<count {
            let target = bytes.count * k / count
            // The first cut point at or after the target, leaving enough for the cuts still to come.
            let latest = points.count - (count - k)
            var i = next
            while i < latest && points[i] < target { i += 1 }
            cuts.append(points[i])
            next = i + 1
        }
        var parts: [[UInt8]] = []
        var start = 0
        for c in cuts + [bytes.count] {
            parts.append(Array(bytes[start..<c]))
            start = c
        }
        return parts
    }
}
