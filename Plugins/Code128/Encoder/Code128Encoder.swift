import ScanCore

/// The Code 128 generator, GS1-128 included (ISO/IEC 15417:2007; GS1 General Specifications §5.4).
///
/// ```swift
/// let symbol = try Code128Encoder().encode(.text("ABC123456"), format: .code128, options: EncodeOptions())[0]
/// symbol.metadata["values"]   // "104 33 34 35 99 12 34 56 …": start B, A B C, code C, 12 34 56, check, stop
/// ```
///
/// The message's code sets come from ``Code128CodeSetPlanner`` (fewest symbol characters). Text must be
/// ISO/IEC 8859-1 (bytes 128–255 take FNC4); bytes are encoded as they are. With `gs1`, the payload is an
/// HRI string or element string (``GS1ElementSyntax``): FNC1 follows the start character and stands for
/// every GS separator. The check character is the modulo-103 weighted sum (§4.4.2); the symbol ends with
/// the stop character and its final 2-module bar. The result is one row of modules (bars dark), quiet
/// zone 10 modules (§4.4.4). `metadata["values"]`: every symbol value, start to stop.
public struct Code128Encoder: SymbologyEncoder {
    public let name = "code128"
    public let formats: Set<BarcodeFormat> = [.code128]

    public init() {}

    /// - Throws: ``EncodeError``: `invalidPayload` for an empty payload or text outside ISO/IEC 8859-1,
    ///   `invalidGS1` for malformed GS1 data, `invalidOption` for options Code 128 does not have (a
    ///   version, an error-correction level, a structured-append set, a forced ECI).
    public func encode(_ payload: EncodePayload, format: BarcodeFormat, options: EncodeOptions) throws(EncodeError)
        -> [GeneratedSymbol]
    {
        guard format == .code128 else {
            throw EncodeError(.unsupportedFormat, "the Code 128 encoder makes code128, not \(format)")
        }
        if options.version != nil || options.errorCorrectionLevel != nil || options.mask != nil {
            throw EncodeError(.invalidOption, "Code 128 has no version, error-correction level or mask")
        }
        if options.structuredAppend > 1 { throw EncodeError(.invalidOption, "Code 128 has no structured append") }
        if options.eci == .force { throw EncodeError(.invalidOption, "Code 128 has no ECI") }
        let items = try Code128Encoder.items(payload, gs1: options.gs1)
        guard let values = Code128CodeSetPlanner.values(for: items) else {
            throw EncodeError(.invalidPayload, "the payload is empty")
        }
        let all = values + [Code128Encoder.checkCharacter(values), Code128Patterns.stop]
        return [
            GeneratedSymbol(
                format: .code128, modules: Code128Encoder.modules(all), isLinear: true, quietZone: 10,
                metadata: ["values": all.map(String.init).joined(separator: " "), "gs1": String(options.gs1)])
        ]
    }

    /// The message as planner items: ISO/IEC 8859-1 bytes, and for GS1 a leading FNC1 and FNC1 for GS.
    /// - Throws: ``EncodeError`` for text outside ISO/IEC 8859-1 or bad GS1 data.
    public static func items(_ payload: EncodePayload, gs1: Bool) throws(EncodeError) -> [Code128CodeSetPlanner.Item] {
        if gs1 {
            let bytes = try GS1ElementSyntax.payload(payload)
            return [.fnc1] + bytes.map { $0 == GS1ElementSyntax.separator ? .fnc1 : .byte($0) }
        }
        switch payload {
        case .bytes(let b):
            return b.map { .byte($0) }
        case .text(let t):
            if let bad = t.unicodeScalars.first(where: { $0.value > 255 }) {
                let code = String(bad.value, radix: 16, uppercase: true)
                throw EncodeError(
                    .invalidPayload, "Code 128 encodes ISO/IEC 8859-1 characters; '\(bad)' (U+\(code)) is not one")
            }
            return t.unicodeScalars.map { .byte(UInt8($0.value)) }
        }
    }

    /// The check character of start and data values (§4.4.2): (start + Σ position × value) mod 103, the
    /// first data character at position 1.
    public static func checkCharacter(_ values: [Int]) -> Int {
        var sum = values.first ?? 0
        for k in 1..<max(1, values.count) { sum += k * values[k] }
        return sum % 103
    }

    /// One row of modules for the symbol values (start … check, stop): each value's bars and spaces from
    /// ``Code128Patterns/widths``, then the stop character's final bar.
    static func modules(_ values: [Int]) -> BitMatrix {
        var bits: [UInt8] = []
        for v in values {
            for (k, w) in Code128Patterns.widths[v].enumerated() {
                bits += [UInt8](repeating: k % 2 == 0 ? 1 : 0, count: w)
            }
        }
        bits += [UInt8](repeating: 1, count: Code128Patterns.stopFinalBar)
        return BitMatrix(width: bits.count, height: 1, bits: bits)
    }
}
