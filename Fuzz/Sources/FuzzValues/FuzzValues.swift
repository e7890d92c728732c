import FuzzSupport
import ScanCore
import ScanValues

/// The value parsers (`value_type`): vCard, MECARD, Wi-Fi, calendar events, e-mail, phone, SMS, geo,
/// URLs and GS1 Digital Link, AAMVA driver licences through ``ValueParser/parse(text:fallbackDisplay:)``,
/// GS1 element strings (a GS1 symbology identifier), EAN/UPC products; on random text with a random
/// format and symbology identifier, and GS1 element strings alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let kind = input.int(in: 0...(kinds.count - 1))
    let text = String(decoding: input.rest(), as: UTF8.self)
    let (format, identifier) = kinds[kind]
    let barcode = Barcode(
        format: format, rawValue: text, rawBytes: Array(text.utf8), cornerPoints: [], symbologyIdentifier: identifier)
    _ = ValueParser.parse(barcode)
    _ = try? GS1ElementString.elements(text)
    return 0
}

/// Formats and identifiers that choose a parser: plain text, GS1 (Code 128, Data Matrix, QR Code), EAN/UPC.
let kinds: [(BarcodeFormat, String)] = [
    (.qrcode, "]Q1"), (.code128, "]C1"), (.datamatrix, "]d2"), (.qrcode, "]Q3"), (.ean13, "]E0"), (.upca, "]E0"),
    (.upce, "]E0"), (.ean8, "]E4"), (.pdf417, "]L2"), (.aztec, "]z0"),
]
