import ScanCore

extension BarcodeFormat {
    /// MSI Plessey (a format scanctl has no built-in plugin for).
    public static let msi: BarcodeFormat = "msi"
}

/// The MSI Plessey plugin, format `msi`: an example of a symbology added to scanctl at run time
/// (Docs/plugins.md).
///
/// ```swift
/// let codes = MSIPlesseyDecoder().decode(FrameContext(image: image), options: DecodeOptions())
/// codes.first?.rawValue              // "12345674"
/// codes.first?.metadata["check"]     // "mod10"
/// ```
///
/// The value is every digit as encoded, check digits included; `metadata["check"]` names the scheme
/// that verified them. The symbology identifier is `]M0` (MSI, check digit validated and transmitted).
/// Lines are chosen, read in both directions and at every angle by ScanCore's ``ScanCore/LinearScanner``;
/// ``MSIRowDecoder`` reads one line.
public struct MSIPlesseyDecoder: LinearSymbologyDecoder {
    public let name = "msi-plessey"
    public let formats: Set<BarcodeFormat> = [.msi]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder: MSIRowDecoder

    /// A decoder accepting the check digit schemes `checks` (tried in order). Default: modulo 10.
    public init(checks: [MSICheckScheme] = [.mod10]) {
        rowDecoder = MSIRowDecoder(checks: checks)
    }
}
