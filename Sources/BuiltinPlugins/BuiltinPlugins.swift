import Aztec
import Codabar
import Code128
import Code39
import Code93
import DataMatrix
import EANUPC
import ITF
import PDF417
import QRCode
import ScanCore

/// The decoder and encoder plugins linked into scanctl: the one place that lists them.
///
/// A new symbology target adds one line here (and a dependency in Package.swift); nothing else in the
/// core changes.
public enum BuiltinPlugins {
    /// Every built-in plugin, in the order they run.
    public static let decoders: [any SymbologyDecoder] = [
        EANUPCDecoder(),
        Code128Decoder(),
        Code39Decoder(),
        Code93Decoder(),
        CodabarDecoder(),
        ITFDecoder(),
        QRCodeDecoder(),
        DataMatrixDecoder(),
        PDF417Decoder(),
        AztecDecoder(),
    ]

    /// A registry holding every built-in plugin.
    public static func registry() -> DecoderRegistry { DecoderRegistry(decoders) }

    /// Every built-in encoder (symbol generator).
    public static let encoders: [any SymbologyEncoder] = [
        QRCodeEncoder(),
        Code128Encoder(),
    ]

    /// A registry holding every built-in encoder.
    public static func encoderRegistry() -> EncoderRegistry { EncoderRegistry(encoders) }
}
