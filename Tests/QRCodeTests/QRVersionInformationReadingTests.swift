import ScanCore
import ScanImageIO
import Testing

@testable import QRCode

/// The version information (ISO/IEC 18004:2015 §7.10) read where the dimension is not known yet
/// (``QRDetector/versionFromInformation(_:tl:tr:bl:legs:)``) and on a sampled grid
/// (``QRCodeDecoder/versionInformationNames(_:_:)``).
struct QRVersionInformationReadingTests {
    static let pixelsPerModule = 3, quiet = 4

    /// The modules of a level-M symbol of `version`, and the same drawn into a binarized image at
    /// ``pixelsPerModule`` with a quiet zone of ``quiet`` modules (``SymbolRenderer``).
    static func symbol(version: Int) throws -> (modules: BitMatrix, image: BitMatrix) {
        var options = EncodeOptions()
        options.errorCorrectionLevel = "M"
        options.version = version
        let symbol = try #require(
            try QRCodeEncoder().encode(.text("VERSION INFORMATION"), format: .qrcode, options: options).first)
        var style = SymbolStyle()
        style.scale = pixelsPerModule
        style.quietZone = quiet
        let image = SymbolRenderer.luminance(symbol, style: style)
        let bits = (0..<(image.width * image.height)).map {
            image[$0 % image.width, $0 / image.width] < 128 ? UInt8(1) : 0
        }
        return (symbol.modules, BitMatrix(width: image.width, height: image.height, bits: bits))
    }

    /// The three finder patterns of a symbol of `n` modules in ``symbol(version:)``'s image.
    static func finders(_ n: Int) -> (QRFinderPattern, QRFinderPattern, QRFinderPattern) {
        let px = Double(pixelsPerModule)
        func at(_ i: Double, _ j: Double) -> QRFinderPattern {
            QRFinderPattern(center: Point((Double(quiet) + i) * px, (Double(quiet) + j) * px), moduleSize: px, count: 9)
        }
        let far = Double(n) - 3.5
        return (at(3.5, 3.5), at(far, 3.5), at(3.5, far))
    }

    @Test func theBlocksBesideTheFindersNameTheVersion() throws {
        let (modules, image) = try Self.symbol(version: 14)
        let (tl, tr, bl) = Self.finders(modules.width)
        #expect(QRDetector.versionFromInformation(image, tl: tl, tr: tr, bl: bl, legs: (3, 3)) == 14)
        // Module sizes 5 % off (what the finders of a bent or blurred symbol measure) move the farthest
        // bit, 7 modules from its finder's centre, by 0.35 of a module: still read.
        #expect(QRDetector.versionFromInformation(image, tl: tl, tr: tr, bl: bl, legs: (3.15, 2.85)) == 14)
        // Versions below 7 carry none: what lies there is data, not a confident reading.
        let (small, smallImage) = try Self.symbol(version: 6)
        let (a, b, c) = Self.finders(small.width)
        #expect(QRDetector.versionFromInformation(smallImage, tl: a, tr: b, bl: c, legs: (3, 3)) == nil)
    }

    @Test func aGridWhoseFormatInformationIsLostIsNamedByItsVersionInformation() throws {
        let (modules, _) = try Self.symbol(version: 14)
        let n = modules.width
        var bits = modules.bits
        // Four modules of each copy of the format information flipped (§7.9.1: row 8 beside the top-left
        // and the top-right finder): each copy lies 4 bit errors from its word, beyond what the code
        // corrects.
        for k in 0..<4 {
            bits[8 * n + k] ^= 1
            bits[8 * n + n - 1 - k] ^= 1
        }
        let grid = BitMatrix(width: n, height: n, bits: bits)
        #expect(!QRFormatInformation.isConfident(QRFormatInformation.readings(dimension: n) { grid[$0, $1] }))
        #expect(QRCodeDecoder.versionInformationNames(n, grid))
        // The same modules taken for a grid of another dimension do not name it.
        #expect(!QRCodeDecoder.versionInformationNames(n - 4, grid))
    }
}
