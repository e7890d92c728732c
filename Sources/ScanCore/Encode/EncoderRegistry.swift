/// The encoders a generator can use, found by format the way ``DecoderRegistry`` finds decoders.
///
/// ```swift
/// let registry = EncoderRegistry([QRCodeEncoder(), Code128Encoder()])
/// let symbols = try registry.encode(.text("Hi"), format: .qrcode, options: EncodeOptions())
/// ```
public struct EncoderRegistry: Sendable {
    /// Registered encoders in registration order.
    public private(set) var encoders: [any SymbologyEncoder] = []

    public init(_ encoders: [any SymbologyEncoder] = []) {
        self.encoders = encoders
    }

    /// Adds an encoder. For a format two encoders serve, the first registered is used.
    public mutating func register(_ encoder: any SymbologyEncoder) {
        encoders.append(encoder)
    }

    /// Every format some encoder makes.
    public var formats: Set<BarcodeFormat> { encoders.reduce(into: []) { $0.formUnion($1.formats) } }

    /// The first encoder serving `format`, or `nil`.
    public func encoder(for format: BarcodeFormat) -> (any SymbologyEncoder)? {
        encoders.first { $0.formats.contains(format) }
    }

    /// Encodes with the encoder for `format`.
    /// - Throws: ``EncodeError`` (kind ``EncodeError/Kind/unsupportedFormat`` when no encoder serves it).
    public func encode(_ payload: EncodePayload, format: BarcodeFormat, options: EncodeOptions) throws(EncodeError)
        -> [GeneratedSymbol]
    {
        guard let encoder = encoder(for: format) else {
            let known = formats.sorted().map(\.name).joined(separator: ", ")
            throw EncodeError(.unsupportedFormat, "no encoder for '\(format.name)'; encoders exist for: \(known)")
        }
        return try encoder.encode(payload, format: format, options: options)
    }
}
