import Testing

@testable import ScanCore

/// The matrix toolkit's result builder.
struct DecodedContentTests {
    let square = [Point(10, 10), Point(20, 10), Point(20, 20), Point(10, 20)]

    @Test func buildsTheResultFromTheContent() {
        var content = DecodedContent()
        content.bytes = Array("A12".utf8)
        content.text = "A12"
        content.ecis = [3, 26]
        content.fnc1 = .second(applicationIndicator: "A")
        content.structuredAppend = StructuredAppend(index: 1, count: 3, id: "7")
        content.readerInitialisation = true
        content.symbologyIdentifier = "]Q6"
        content.metadata = ["encodation": "c40", "corrections": "content"]
        let b = Barcode(
            format: .qrcode, content: content, cornerPoints: square, isMirrored: true, errorCorrectionLevel: "M",
            metadata: ["version": "1", "corrections": "2"])
        #expect(b.rawValue == "A12" && b.rawBytes == Array("A12".utf8))
        #expect(b.symbologyIdentifier == "]Q6" && b.errorCorrectionLevel == "M" && b.isMirrored)
        #expect(b.valueType == .text)
        #expect(b.orientation == 0)
        #expect(b.structuredAppend == StructuredAppend(index: 1, count: 3, id: "7"))
        #expect(
            b.metadata == [
                "encodation": "c40", "corrections": "2", "version": "1", "eci": "3,26", "application_indicator": "A",
                "reader_initialisation": "true",
            ])
    }

    @Test func gs1ContentIsAGS1Value() {
        var content = DecodedContent()
        content.fnc1 = .first
        content.text = "0112345678901231"
        let b = Barcode(format: .datamatrix, content: content, cornerPoints: square, isMirrored: false)
        #expect(b.valueType == .gs1)
        #expect(b.metadata.isEmpty)
    }

    @Test func fnc1PositionCountsInModifierSteps() {
        #expect(DecodedContent.FNC1.none.position == 0)
        #expect(DecodedContent.FNC1.first.position == 1)
        #expect(DecodedContent.FNC1.second(applicationIndicator: "37").position == 2)
    }

    @Test func orientationRunsClockwiseFromTheXAxis() {
        #expect(Barcode.orientation(from: Point(0, 0), to: Point(5, 0)) == 0)
        #expect(Barcode.orientation(from: Point(0, 0), to: Point(0, 5)) == 90)
        #expect(Barcode.orientation(from: Point(0, 0), to: Point(-5, 0)) == 180)
        #expect(Barcode.orientation(from: Point(0, 0), to: Point(0, -5)) == 270)
        #expect(Barcode.orientation(from: Point(1, 1), to: Point(2, 2)) == 45)
    }
}
