/// The light regions of one ``BitMatrix`` that ``BitMatrix/lightRegionIsEnclosed(x:y:centre:reach:maxArea:regions:)``
/// has filled whole, so that a later test seeded in one of them is answered without filling it again.
///
/// A finder pattern's light ring is tested once for every pixel row that crosses the pattern's centre
/// (three modules of rows, each a candidate of its own), and the ring is the same region each time. The
/// answer depends only on the region: it is enclosed when all its pixels lie strictly inside the test's
/// square and it has at most the test's largest area. A fill that ends early (the region reaches the
/// square's border or grows past the area) has not seen the whole region and is not kept. Use one value
/// per matrix: the regions are pixel sets of that matrix.
public final class EnclosedLightRegions {
    /// A region filled whole: its pixels as flags over the box the fill ran in (`x0`, `y0`, `width`
    /// columns, row-major), its bounding box in matrix pixels and its pixel count.
    struct Region {
        let x0: Int, y0: Int, width: Int, height: Int
        let pixels: [Bool]
        let minX: Int, maxX: Int, minY: Int, maxY: Int
        let area: Int

        func contains(_ x: Int, _ y: Int) -> Bool {
            x >= minX && x <= maxX && y >= minY && y <= maxY && pixels[(y - y0) * width + (x - x0)]
        }
    }

    var regions: [Region] = []

    /// An empty cache, for one matrix (see above).
    public init() {}

    /// The region that holds matrix pixel (`x`, `y`), the latest first; nil when none does.
    func region(containing x: Int, _ y: Int) -> Region? {
        regions.last { $0.contains(x, y) }
    }

    /// Keeps the region whose pixels are the set flags of `seen` (`width` × `height` flags over the box
    /// from matrix pixel (`x0`, `y0`)), `area` of them.
    func record(_ seen: UnsafeBufferPointer<Bool>, x0: Int, y0: Int, width: Int, height: Int, area: Int) {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for by in 0..<height {
            for bx in 0..<width where seen[by * width + bx] {
                minX = min(minX, bx)
                maxX = max(maxX, bx)
                minY = min(minY, by)
                maxY = max(maxY, by)
            }
        }
        guard minX <= maxX else { return }
        regions.append(
            Region(
                x0: x0, y0: y0, width: width, height: height, pixels: Array(seen),
                minX: x0 + minX, maxX: x0 + maxX, minY: y0 + minY, maxY: y0 + maxY, area: area))
    }
}
