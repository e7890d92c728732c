/// Appends bit fields most significant bit first and packs them into 8-bit codewords (ISO/IEC 18004:2015
/// §7.4: every field of the data bit stream is written MSB first).
public struct QRBitWriter: Sendable, Equatable {
    /// The bits written so far, one element per bit (0 or 1).
    public private(set) var bits: [UInt8] = []

    public init() {}

    public var count: Int { bits.count }

    /// Appends the `width` low bits of `value`, most significant first. Precondition: `value` fits.
    public mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && (width == 0 || value >> width == 0), "\(value) does not fit \(width) bits")
        for k in stride(from: width - 1, through: 0, by: -1) { bits.append(UInt8((value >> k) & 1)) }
    }

    /// The bits as bytes, the last one padded with zero bits.
    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (k, b) in bits.enumerated() where b != 0 { out[k >> 3] |= 0x80 >> UInt8(k & 7) }
        return out
    }
}
