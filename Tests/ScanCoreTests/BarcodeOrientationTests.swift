import Testing

@testable import ScanCore

@Suite("Barcode: orientation in [0, 360)")
struct BarcodeOrientationTests {
    func barcode(_ degrees: Double) -> Barcode {
        Barcode(
            format: .qrcode, rawValue: "x", rawBytes: [0x78], cornerPoints: [], symbologyIdentifier: "]Q1",
            orientation: degrees)
    }

    @Test func anglesAreTakenModulo360() {
        #expect(barcode(360).orientation == 0)
        #expect(barcode(-90).orientation == 270)
        #expect(barcode(725).orientation == 5)
        // An angle a hair under 0 plus 360 rounds to 360 itself: that is 0.
        #expect(barcode(-1e-14).orientation == 0)
        var b = barcode(10)
        b.orientation = 360
        #expect(b.orientation == 0)
        b.orientation = -180
        #expect(b.orientation == 180)
    }
}
