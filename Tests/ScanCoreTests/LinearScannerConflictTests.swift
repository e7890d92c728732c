import Testing

@testable import ScanCore

/// ``LinearScanner/resolveConflicts(_:unconfirmed:lines:image:)`` and its rule between line
/// families: rival values at one place need a clear majority, pieces of a longer read are dropped.
/// (Rival bands that do not share lines, joined by bars that run on, are tested in Code39Tests.)
@Suite("LinearScanner conflicts")
struct LinearScannerConflictTests {
    /// A cluster reading `text` (its last `supplement` characters an add-on) over positions `span` on the
    /// rows `rows`.
    func cluster(_ text: String, _ span: Range<Int>, rows: StrideTo<Int>, supplement: Int = 0)
        -> LinearScanner.Cluster
    {
        let hits = rows.map { y in
            LinearScanner.Hit(
                match: LinearMatch(
                    format: .itf, text: text, symbologyIdentifier: "]I0", start: span.lowerBound,
                    end: span.upperBound, supplementLength: supplement),
                decoder: 0, reversed: false, line: y, length: 200)
        }
        return LinearScanner.Cluster(hits: hits)
    }

    let rows = LinearScanner.LineSet(.rows, width: 200, height: 100)

    func texts(_ cs: [LinearScanner.Cluster]) -> [String] { cs.map(\.key.text) }

    @Test func rivalValuesOnTheSameLinesNeedTwiceTheLines() {
        let truth = cluster("1234", 20..<120, rows: stride(from: 10, to: 40, by: 2))  // 15 lines
        let misread = cluster("1284", 20..<120, rows: stride(from: 20, to: 34, by: 2))  // 7 lines
        let r = LinearScanner.resolveConflicts([truth, misread], lines: rows, image: nil)
        #expect(texts(r.kept) == ["1234"])
        #expect(texts(r.contested) == ["1284"])
        // 15 lines against 8: no clear majority, neither is reported.
        let more = cluster("1284", 20..<120, rows: stride(from: 20, to: 36, by: 2))
        let tie = LinearScanner.resolveConflicts([truth, more], lines: rows, image: nil)
        #expect(tie.kept.isEmpty)
        #expect(Set(texts(tie.contested)) == ["1234", "1284"])
    }

    @Test func readsAtOtherPlacesAreNoRivals() {
        let a = cluster("1234", 20..<120, rows: stride(from: 10, to: 14, by: 2))
        let beside = cluster("5678", 140..<200, rows: stride(from: 10, to: 40, by: 2))
        // Stacked 40 rows below, on an image this test does not give: no evidence of one symbol.
        let below = cluster("1284", 20..<120, rows: stride(from: 54, to: 90, by: 2))
        let r = LinearScanner.resolveConflicts([a, beside, below], lines: rows, image: nil)
        #expect(texts(r.kept) == ["1234", "5678", "1284"])
    }

    @Test func aPieceOfALongerReadIsDropped() {
        // A glare band hides the first digits on most lines: the piece has more lines than the whole.
        let whole = cluster("99123456", 20..<180, rows: stride(from: 10, to: 16, by: 2))
        let piece = cluster("123456", 60..<180, rows: stride(from: 6, to: 40, by: 2))
        let r = LinearScanner.resolveConflicts([whole, piece], lines: rows, image: nil)
        #expect(texts(r.kept) == ["99123456"])
        #expect(r.contested.isEmpty)
        // The whole read on one line only (unconfirmed) still shows the accepted read to be a piece.
        let once = LinearScanner.resolveConflicts(
            [piece], unconfirmed: [cluster("99123456", 20..<180, rows: stride(from: 12, to: 13, by: 1))],
            lines: rows, image: nil)
        #expect(once.kept.isEmpty)
        // The main symbol alone, and with one add-on or another: no rivals, no pieces (the plugin decides).
        let main = cluster("123456", 20..<120, rows: stride(from: 10, to: 40, by: 2))
        let withAddOn = cluster("12345612", 20..<180, rows: stride(from: 10, to: 16, by: 2), supplement: 2)
        let otherAddOn = cluster("12345616", 20..<180, rows: stride(from: 16, to: 24, by: 2), supplement: 2)
        let ean = LinearScanner.resolveConflicts([main, withAddOn, otherAddOn], lines: rows, image: nil)
        #expect(texts(ean.kept) == ["123456", "12345612", "12345616"])
    }

    @Test func profilesOfContinuingBarsCorrelate() {
        let bars: [UInt8] = (0..<60).map { ($0 / 3) % 2 == 0 ? 20 : 230 }
        var damaged = bars
        for i in 20..<26 { damaged[i] = 230 }  // one bar cut away
        let shifted = Array(bars.dropFirst())
        #expect(LinearScanner.profileCorrelation(bars, damaged, shifts: -1...1) > 0.5)
        #expect(LinearScanner.profileCorrelation(bars, shifted, shifts: -1...1) > 0.9)
        // A quiet gap's shading follows no bar.
        let shading: [UInt8] = (0..<60).map { UInt8(200 + $0 / 2) }
        #expect(LinearScanner.profileCorrelation(bars, shading, shifts: -1...1) < 0.5)
        #expect(LinearScanner.profileCorrelation(bars, [UInt8](repeating: 230, count: 60), shifts: -1...1) == 0)
    }

    /// A reading by line family `family` of `text` from `x` to 180 over the pixel rows `rows`.
    func found(_ text: String, family: Int, support: Int, rows: ClosedRange<Double> = 10...30, from x: Double = 20)
        -> LinearScanner.Found
    {
        let corners = [
            Point(x, rows.lowerBound), Point(180, rows.lowerBound), Point(180, rows.upperBound),
            Point(x, rows.upperBound),
        ]
        let barcode = Barcode(
            format: .itf, rawValue: text, rawBytes: Array(text.utf8), cornerPoints: corners, symbologyIdentifier: "]I0")
        return LinearScanner.Found(
            decoder: 0, barcode: barcode, main: Substring(text), support: support, family: family)
    }

    @Test func familiesThatSettleOnOtherValuesAtOnePlaceNeedAClearWinner() {
        // The rows settle on one value, a slanted family on another: both accepted by their own lines.
        let rows = found("12345678", family: 0, support: 10)
        let slanted = found("12345670", family: 1, support: 3, rows: 12...28)
        #expect(LinearScanner.resolveConflicts([rows, slanted]).map(\.barcode.rawValue) == ["12345678"])
        let close = found("12345670", family: 1, support: 6, rows: 12...28)
        #expect(LinearScanner.resolveConflicts([rows, close]).isEmpty)
        // The same value from two families, and a reading elsewhere, are no rivals.
        let again = found("12345678", family: 1, support: 20, rows: 12...28)
        let elsewhere = found("55555555", family: 1, support: 2, rows: 60...80)
        #expect(LinearScanner.resolveConflicts([rows, again, elsewhere]).count == 3)
    }

    @Test func aWinnerOverRivalsNeedsTheConsensusAlongItsBars() {
        // 10 lines against 3 win only when the consensus along the bars read the value too.
        var rows = found("12345678", family: 0, support: 10)
        let slanted = found("12345670", family: 1, support: 3, rows: 12...28)
        rows.agreesAlongBars = false
        #expect(LinearScanner.resolveConflicts([rows, slanted]).isEmpty)
        // Without rivals, a silent consensus takes nothing away.
        let elsewhere = found("55555555", family: 1, support: 2, rows: 60...80)
        #expect(LinearScanner.resolveConflicts([rows, elsewhere]).map(\.barcode.rawValue) == ["12345678", "55555555"])
        // Within a family, a cluster that outvoted rivals is marked disputed; one alone is not.
        let lines = LinearScanner.LineSet(.rows, width: 200, height: 100)
        let truth = cluster("1234", 20..<120, rows: stride(from: 10, to: 40, by: 2))
        let misread = cluster("1284", 20..<120, rows: stride(from: 20, to: 34, by: 2))
        let beside = cluster("5678", 140..<200, rows: stride(from: 10, to: 40, by: 2))
        let r = LinearScanner.resolveConflicts([truth, misread, beside], lines: lines, image: nil)
        #expect(texts(r.kept) == ["1234", "5678"])
        #expect(r.disputed == [true, false])
    }

    @Test func aPieceOfAnotherFamilysLongerReadIsDropped() {
        // Glare cuts the ITF short on most rows; a slanted family reads it whole on a few lines.
        let piece = found("69687322", family: 0, support: 20, from: 90)
        let whole = found("64849369687322", family: 1, support: 3)
        #expect(LinearScanner.resolveConflicts([piece, whole]).map(\.barcode.rawValue) == ["64849369687322"])
    }

    /// A reading of `format` and `text` by line family `family` along the segment from `a` to `b` (the
    /// outline of a slanted line's read: two corners at each end).
    func found(_ format: BarcodeFormat, _ text: String, family: Int, support: Int, from a: Point, to b: Point)
        -> LinearScanner.Found
    {
        let barcode = Barcode(
            format: format, rawValue: text, rawBytes: Array(text.utf8), cornerPoints: [a, b, b, a],
            symbologyIdentifier: "]E0")
        return LinearScanner.Found(
            decoder: 0, barcode: barcode, main: Substring(text), support: support, family: family)
    }

    @Test func aPieceOfAnotherFormatInsideAnotherFamilysReadIsDropped() {
        // The rows read an EAN-13 from x 18 to 166; a slanted line that leaves its bars through their top
        // edge after the centre guard reads the left half as a UPC-E (number system 1, check digit right).
        let ean = found(.ean13, "3204773349268", family: 0, support: 6, from: Point(18, 20), to: Point(166, 20))
        let half = found(.upce, "12047733", family: 1, support: 3, from: Point(19, 12), to: Point(97, 40))
        #expect(LinearScanner.resolveConflicts([ean, half]).map(\.barcode.rawValue) == ["3204773349268"])
        // A short reading that reaches past the long one's end is no piece of it; nor are readings about
        // as long (rivals: the long one needs twice their lines).
        let across = found(.upce, "12047733", family: 1, support: 3, from: Point(120, 10), to: Point(200, 30))
        #expect(
            LinearScanner.resolveConflicts([ean, across]).map(\.barcode.rawValue) == ["3204773349268", "12047733"])
        // A longer reading is no piece of a shorter one, even across it, its corners projecting between
        // the shorter one's ends.
        let across90 = found(.code128, "ABCDEFGH", family: 2, support: 3, from: Point(85, -49), to: Point(31, 101))
        #expect(LinearScanner.isPiece(half, of: ean))
        #expect(!LinearScanner.isPiece(across90, of: half))
        let rival = found(.code128, "ABC", family: 1, support: 4, from: Point(24, 15), to: Point(160, 25))
        #expect(LinearScanner.resolveConflicts([ean, rival]).isEmpty)
    }

    @Test func aPieceSpeaksAgainstOtherValuesThere() {
        // 20 row lines read a piece of the ITF a slanted family reads whole; a third family's other value
        // as long as the piece is outvoted by the piece's lines, though the piece is not reported.
        let piece = found("69687322", family: 0, support: 20, from: 90)
        let whole = found("64849369687322", family: 1, support: 3)
        let other = found("11111111", family: 2, support: 8, rows: 12...28, from: 90)
        let kept = LinearScanner.resolveConflicts([piece, whole, other]).map(\.barcode.rawValue)
        #expect(kept == ["64849369687322"])
    }

    @Test func outlinesIntersect() {
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        // A read on one line (degenerate outline) across the square, and two segments that cross.
        #expect(Quadrilateral.intersects(square, [Point(-5, 5), Point(15, 5), Point(15, 5), Point(-5, 5)]))
        let rising = [Point(0, 20), Point(20, 14), Point(20, 14), Point(0, 20)]
        let level = [Point(0, 17), Point(20, 17), Point(20, 17), Point(0, 17)]
        #expect(Quadrilateral.intersects(rising, level))
        #expect(!Quadrilateral.intersects(square, level))
    }
}
