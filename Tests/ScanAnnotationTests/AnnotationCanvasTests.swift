import Foundation
import ScanAnnotation
import ScanCore
import ScanImageIO
import Testing

@Suite("Annotation drawing")
struct AnnotationCanvasTests {
    /// A white 400 × 300 grey frame.
    static func whiteFrame() throws -> Frame {
        try Frame(pixels: [UInt8](repeating: 255, count: 400 * 300), format: .gray8, width: 400, height: 300)
    }

    static func near(_ p: (red: UInt8, green: UInt8, blue: UInt8), _ c: (red: Double, green: Double, blue: Double))
        -> Bool
    {
        abs(Int(p.red) - Int(c.red * 255)) <= 3 && abs(Int(p.green) - Int(c.green * 255)) <= 3
            && abs(Int(p.blue) - Int(c.blue * 255)) <= 3
    }

    static let square = [Point(100, 120), Point(200, 120), Point(200, 220), Point(100, 220)]

    @Test("outlines are drawn along the corner points in the colour of their state; inside stays as it was")
    func outlineColours() throws {
        for state in OutlineState.allCases {
            let canvas = try AnnotationCanvas(frame: try Self.whiteFrame())
            canvas.draw(Annotation(symbols: [AnnotatedSymbol(corners: Self.square, label: "", state: state)]))
            // Middle of the right edge (dashes of a lost outline start at the first corner: the middle of
            // the right edge is 150 px along, inside a 6 px dash of the 10 px pattern? checked below).
            let onEdge = canvas.pixel(x: 200, y: state == .lost ? 121 : 170)
            #expect(Self.near(onEdge, state.colour), "\(state): \(onEdge)")
            #expect(canvas.pixel(x: 150, y: 170) == (255, 255, 255), "\(state): inside")
            #expect(canvas.pixel(x: 300, y: 170) == (255, 255, 255), "\(state): outside")
        }
    }

    @Test("the region of interest is a cyan box; a label is light text on a dark box above its outline")
    func regionAndLabel() throws {
        let canvas = try AnnotationCanvas(frame: try Self.whiteFrame())
        canvas.draw(
            Annotation(
                symbols: [AnnotatedSymbol(corners: Self.square, label: "qrcode: hello", state: .confirmed)],
                regionOfInterest: Rect(x: 40, y: 30, width: 320, height: 240)))
        // The ROI's left edge, 2 px wide and inset by 1 px: x = 41 at y = 200 (inside a dash or a gap;
        // one of the rows nearby is on a dash).
        let left = (190..<205).map { canvas.pixel(x: 41, y: $0) }
        #expect(left.contains { Self.near($0, AnnotationCanvas.regionColour) }, "\(left)")
        // Above the outline (y < 114) from x = 100: a dark box with some bright (text) pixels.
        var dark = 0
        var bright = 0
        for y in 92..<114 {
            for x in 100..<180 {
                let p = canvas.pixel(x: x, y: y)
                if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 100 { dark += 1 }
                if p.green > 150 && p.red < 100 { bright += 1 }
            }
        }
        #expect(dark > 600 && bright > 40, "dark \(dark), bright \(bright)")
    }

    @Test("colour frames keep their colour; PNG and JPEG outputs decode to the canvas size")
    func outputs() throws {
        var rgb = [UInt8](repeating: 0, count: 64 * 32 * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) {
            rgb[i] = 200
            rgb[i + 1] = 10
            rgb[i + 2] = 30
        }
        let canvas = try AnnotationCanvas(frame: try Frame(pixels: rgb, format: .rgb24, width: 64, height: 32))
        #expect(canvas.pixel(x: 5, y: 5) == (200, 10, 30))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("annot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        try canvas.writePNG(to: path)
        let png = try ImageReader.read(contentsOf: path)
        #expect(png.width == 64 && png.height == 32 && png.format == .rgb24)
        #expect(Array(png.pixels[0..<3]) == [200, 10, 30])
        let jpeg = try ImageReader.read(data: try canvas.jpeg(with: try JPEGEncoder(), quality: 90), name: "mem")
        #expect(jpeg.width == 64 && jpeg.height == 32)
        #expect(throws: AnnotationCanvas.Failure.self) { try canvas.writePNG(to: dir.path + "/missing/a.png") }
    }

    @Test("images larger than cairo's surfaces are refused with the size")
    func tooLarge() {
        #expect(throws: AnnotationCanvas.Failure.self) { try AnnotationCanvas(width: 40_000, height: 10) }
    }

    @Test("labels: format name and display value, control characters shown, long values cut, track id first")
    func labels() {
        let code = Barcode(
            format: .code128, rawValue: "A\u{1D}B", rawBytes: [65, 29, 66], cornerPoints: Self.square,
            symbologyIdentifier: "]C0")
        #expect(AnnotatedSymbol(code, state: .detected).label == "code128: A·B")
        #expect(AnnotatedSymbol(code, state: .detected, trackID: 7).label == "#7 code128: A·B")
        let long = Barcode(
            format: .qrcode, rawValue: String(repeating: "x", count: 100), rawBytes: [], cornerPoints: [],
            symbologyIdentifier: "]Q1")
        #expect(AnnotatedSymbol(long, state: .confirmed, maxValueLength: 10).label == "qrcode: xxxxxxxxx…")
        #expect(OutlineState.confirmed.cssColour == "#00e061")
    }
}
