import ScanCore

/// The Code 39 plugin (ISO/IEC 16388): standard and Full ASCII Code 39, reported as format `code39`, and
/// Code 32 (the Italian pharmaceutical code, written in Code 39 characters; see ``Code32``), reported as
/// format `code32` when `code32` is among the wanted formats by name: `A` and 9 digits, symbology
/// identifier `]A0`, the Code 39 characters in `metadata["code39"]`.
///
/// ```swift
/// var options = DecodeOptions()
/// options.code39CheckCharacter = .verifyAndStrip
/// let codes = Code39Decoder().decode(FrameContext(image: image), options: options)
/// codes.first?.rawValue   // "CODE39"
/// ```
///
/// The start/stop characters `*` are never part of the value. ``DecodeOptions/code39FullASCII`` decides
/// whether shift pairs (`+A` → `a`) are decoded; ``DecodeOptions/code39CheckCharacter`` whether the last
/// character must be the mod-43 check character, and whether it is kept (it is then also in
/// `metadata["check"]`). Symbology identifier (ISO/IEC 15424; ISO/IEC 16388 symbology identifier
/// clause): `]A` with modifier 0 (no check, no Full ASCII), 1 (check verified and transmitted),
/// 3 (check verified and stripped), plus 4 when Full ASCII was applied (4, 5, 7).
public struct Code39Decoder: LinearSymbologyDecoder {
    public let name = "code39"
    public let formats: Set<BarcodeFormat> = [.code39, .code32]
    /// The per-line decoder the scan-line engine drives.
    public var rowDecoder = Code39RowDecoder()

    public init() {}

}
