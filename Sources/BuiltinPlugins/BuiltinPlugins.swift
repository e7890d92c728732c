import Aztec
import Code128
import EANUPC
import ITF
import QRCode
import ScanCore

/// The decoder plugins linked into scanctl: the one place that lists them.
///
/// A new symbology target adds one line here (and a dependency in Package.swift); nothing else in the
/// core changes.
public enum BuiltinPlugins {
    /// Every built-in plugin, in the order they run.
    public static let decoders: [any SymbologyDecoder] = [
        EANUPCDecoder(),
        Code128Decoder(),
        ITFDecoder(),
        QRCodeDecoder(),
        AztecDecoder(),
    ]

    /// A registry holding every built-in plugin.
    public static func registry() -> DecoderRegistry { DecoderRegistry(decoders) }
}
