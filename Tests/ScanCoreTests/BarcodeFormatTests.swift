import Testing

@testable import ScanCore

struct BarcodeFormatTests {
    @Test func parsesUserSpellings() {
        #expect(BarcodeFormat(parsing: "EAN-13") == .ean13)
        #expect(BarcodeFormat(parsing: "ean_8") == .ean8)
        #expect(BarcodeFormat(parsing: "QR Code") == .qrcode)
        #expect(BarcodeFormat(parsing: "I25") == .itf)
        #expect(BarcodeFormat(parsing: "Telepen") == BarcodeFormat("telepen"))
        #expect(BarcodeFormat(parsing: " - ") == nil)
        #expect(BarcodeFormat.standard.count == 14)
    }
}
