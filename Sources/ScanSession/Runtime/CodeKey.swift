import ScanCore

/// The identity of a code across frames: its format and payload bytes ("the same format+value").
struct CodeKey: Hashable, Sendable {
    let format: BarcodeFormat
    let bytes: [UInt8]
    init(_ code: Barcode) {
        format = code.format
        bytes = code.rawBytes
    }
}
