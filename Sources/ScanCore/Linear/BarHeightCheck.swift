/// Rejects linear reads whose bars do not run on across the read: a row of another symbol's modules.
///
/// The start and stop patterns and the characters of short linear symbologies occur in the rows of
/// two-dimensional symbols: a PDF417's start and stop patterns and codewords, read along one of its rows
/// (3 or 4 modules high, its module about a narrow width), can make a valid-looking ITF read one row
/// high (ITF has no check character), and even a UPC-E whose check digit happens to hold. A symbol's bars
/// run across the whole symbol, many narrow widths high (an ITF-14 about 30, ISO/IEC 16390:2007 Annex B
/// asks for at least 5 mm; an EAN/UPC symbol at nominal size about 70 % of its width). So the
/// read's elements are followed across its lines on parallel lines further and further out (one step of
/// ``stepFraction`` of its length at a time, each quarter of the read allowed to shift by a pixel along
/// the line against the last step, which follows bars that are not quite perpendicular to the lines:
/// perspective, shear), and the read stands when the same elements (``agreement`` of their centres dark
/// or light as on the read's line, each line thresholded at its own mid-grey) show over ``minHeight``
/// narrow widths in all, or when the lines reach the image border before that (a symbol cut by the
/// border). A row of another symbol gives way at the next row, where about half of its elements differ.
///
/// ```swift
/// let check = BarHeightCheck()
/// check.accepts(read, modules: 51, image: frame.image)  // a UPC-E: 51 modules long
/// ```
public struct BarHeightCheck: Sendable {
    /// Smallest height of the bars, in narrow widths (default 6: one and a half rows of 4 modules).
    public var minHeight: Double
    /// Distance between the lines followed, as a fraction of the read's length (at least a pixel).
    public var stepFraction = 0.01
    /// Smallest fraction of the read's elements that must show the same colour on a line.
    public var agreement = 0.8

    /// A check asking for bars at least `minHeight` narrow widths high; a PDF417 row gives way after
    /// about 2, so anything from 4 up tells one.
    public init(minHeight: Double = 6) { self.minHeight = minHeight }

    /// tan 50°: the steepest angle between a read's lines and the normal to its bars (the line families'
    /// reach, see `LinearScanner.SymbolEnds`).
    static let steepest = 1.2
    /// Parts of the read that follow their own shift.
    static let segments = 4

    /// True unless `b`, a read `modules` narrow widths long from its first corner point to its second, is
    /// followed over fewer than ``minHeight`` narrow widths in `image` (the pass's image, in which `b`'s
    /// corner points lie: the first two along its first agreeing line, the last two along its last).
    public func accepts(_ b: Barcode, modules: Double, image: LuminanceImage) -> Bool {
        let c = b.cornerPoints
        guard c.count == 4 else { return true }
        let length = c[0].distance(to: c[1])
        guard length >= 8 else { return true }
        let u = (c[1] - c[0]) * (1 / length)
        let n = Point(-u.y, u.x)
        // The read's lines: from c[0] → c[1] to c[3] → c[2]; their middle line and the band's half height.
        let across = (c[3] - c[0]).x * n.x + (c[3] - c[0]).y * n.y
        let half = abs(across) / 2
        guard modules > 0 else { return true }
        let needed = minHeight * length / modules
        if 2 * half >= needed { return true }
        let middle = (c[0] + c[3]) * 0.5
        let samples = Int(length)
        let reference = profile(image, from: middle, along: u, count: samples)
        guard let refOptional = Self.dark(reference), !refOptional.contains(nil) else { return true }
        let refBits = refOptional.map { $0 ?? false }
        // The centre of each element (run of one colour) of the read's line.
        var centres: [Int] = []
        var start = 0
        for i in 1...samples where i == samples || refBits[i] != refBits[start] {
            centres.append((start + i - 1) / 2)
            start = i
        }
        guard centres.count >= 8 else { return true }
        let step = max(1, stepFraction * length)
        // How far the bars move along the lines per pixel across them, from the read's two ends when its
        // lines are far enough apart to tell.
        var slope: Double? = nil
        if abs(across) >= 3 {
            let d0 = (c[3] - c[0]).x * u.x + (c[3] - c[0]).y * u.y
            let d1 = (c[2] - c[1]).x * u.x + (c[2] - c[1]).y * u.y
            slope = (d0 + d1) / 2 / across
        }
        var height = 2 * half
        // Each quarter of the read's elements follows its own shift: under perspective the bars of a
        // long symbol lean differently at its two ends.
        let quarters = (0..<Self.segments).map { k in
            centres[(k * centres.count / Self.segments)..<((k + 1) * centres.count / Self.segments)]
        }
        let margin = Int((Self.steepest * needed).rounded(.up)) + 2
        for side in [1.0, -1.0] {
            var shifts = [Double](repeating: (slope ?? 0) * side * half, count: Self.segments)
            var perStep = [Double?](repeating: slope.map { $0 * side * step }, count: Self.segments)
            var offset = half + step
            while height < needed {
                let origin = middle + n * (side * offset) - u * Double(margin)
                guard let bits = Self.dark(profile(image, from: origin, along: u, count: samples + 2 * margin))
                else { return true }  // the bars run to the image border
                var same = 0, total = 0
                var found = shifts
                for k in 0..<Self.segments {
                    // Known direction: a pixel either way of where the bars should be; unknown (a read one
                    // or two lines high): every shift up to the steepest the line families leave (50°).
                    let reach = perStep[k] == nil ? Int((Self.steepest * step).rounded(.up)) : 1
                    let expected = Int((shifts[k] + (perStep[k] ?? 0)).rounded())
                    var best = -1, bestTotal = 0
                    for s in (expected - reach)...(expected + reach) {
                        var agree = 0, seen = 0
                        for c in quarters[k] {
                            let i = c + s + margin
                            guard i >= 0, i < bits.count, let bit = bits[i] else { continue }
                            seen += 1
                            if bit == refBits[c] { agree += 1 }
                        }
                        if agree > best {
                            best = agree
                            bestTotal = seen
                            found[k] = Double(s)
                        }
                    }
                    same += max(0, best)
                    total += bestTotal
                }
                guard total * 2 >= centres.count else { return true }  // mostly beyond the border
                guard Double(same) >= agreement * Double(total) else { break }
                for k in 0..<Self.segments where perStep[k] == nil { perStep[k] = found[k] - shifts[k] }
                shifts = found
                height += step
                offset += step
            }
            if height >= needed { return true }
        }
        return false
    }

    /// Luminance at `count` points 1 pixel apart from `origin` along `u`; nil where a point lies outside
    /// the image.
    private func profile(_ image: LuminanceImage, from origin: Point, along u: Point, count: Int) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(count)
        let w = Double(image.width), h = Double(image.height)
        for i in 0..<count {
            let p = origin + u * Double(i)
            // `bilinear` repeats the border pixels outside the image: those are no bars of the symbol.
            out.append(p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h ? image.bilinear(at: p) : nil)
        }
        return out
    }

    /// Each sample dark (below the line's mid-grey: half-way between the 10th and 90th percentiles of its
    /// samples inside the image) or not; nil when fewer than 8 samples lie inside the image.
    private static func dark(_ line: [Double?]) -> [Bool?]? {
        let sorted = line.compactMap { $0 }.sorted()
        guard sorted.count >= 8 else { return nil }
        let level = (sorted[sorted.count / 10] + sorted[sorted.count * 9 / 10]) / 2
        return line.map { $0.map { $0 < level } }
    }
}
