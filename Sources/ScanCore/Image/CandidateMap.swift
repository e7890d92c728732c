import Foundation

/// The cheap "is there anything code-like here, and where" stage: per 16×16-pixel block of a frame, how
/// much edge there is and in which direction, and whether the block looks like part of a linear (1D) or a
/// matrix (2D) symbol. Computed once per frame by ``FrameContext/candidates`` and offered to every plugin.
///
/// ```swift
/// let map = FrameContext(image: image).candidates
/// map.isEmpty                  // true: no plugin needs to look any further (and no retries are made)
/// map.linearBlocks.first?.angle // 30: scan across the bars at 30° clockwise from the x axis
/// ```
///
/// How: the image is halved (2×2 mean, which also removes pixel noise), then for every half-resolution
/// pixel the central-difference gradient (gx, gy) is taken (units: grey levels per 2 half pixels). Per block
/// of 8×8 half pixels (= ``blockSize``² frame pixels) the structure tensor J = Σ [gx² gx·gy; gx·gy gy²] and
/// the number of edge pixels (|gx| + |gy| ≥ ``edgeMagnitude``) are summed. From them:
/// - *orientation*: the dominant gradient direction ½·atan2(2Jxy, Jxx − Jyy), degrees clockwise from the
///   x axis in [0, 180): the direction across the bars, i.e. the direction to scan a linear symbol;
/// - *coherence*: √((Jxx − Jyy)² + 4Jxy²) / (Jxx + Jyy) in [0, 1]: 1 for edges all parallel, 0 for edges
///   in every direction;
/// - *edge density*: edge pixels / 64.
///
/// A block is a **linear candidate** when coherence ≥ ``linearCoherence`` and edge density ≥
/// ``linearDensity`` (many parallel edges), and both blocks next to it along its gradient direction are
/// such blocks too, with orientations within ``neighbourTolerance`` degrees. The neighbour rule is what
/// tells a barcode (parallel edges repeated *across* the bars) from a lone line or the edge of a shape
/// (whose coherent blocks line up *along* the edge). A block is a **matrix candidate** when coherence <
/// ``matrixCoherence`` and edge density ≥ ``matrixDensity`` (edges in two directions) and at least three of
/// its eight neighbours are such blocks too. Text also passes the matrix rule; that is a safe error. A
/// block up to ``skewedGridCoherence`` counts as edges in two directions too when its *fourth-harmonic
/// coherence* |Σ |g|² (cos 4θ, sin 4θ)| / Σ |g|² (θ the gradient direction) is below ``skewedGridRatio``
/// times its coherence: a grid seen at a slant, whose two edge families are 30° to 60° apart.
///
/// The thresholds were set on the shared corpora: every EAN/UPC, Code 128 and ITF image of the real and
/// synthetic corpora (all tiers: blur, noise, low contrast, small, rotated, perspective, JPEG, scenes) has a
/// linear candidate block inside its symbol, and every QR, Data Matrix, Aztec and PDF417 image but one
/// tiny one a matrix candidate, while a textured 1280×720 frame with lines, discs and text and no code
/// gives 34 linear blocks of 3600. Images too small for a 3×3 block grid are marked ``isExhaustive``:
/// every place is a candidate there.
///
/// Cost: one pass over the image and one over the half image; about 1 ms for 1280×720.
public struct CandidateMap: Sendable, Equatable {
    /// Side of a block in frame pixels.
    public static let blockSize = 16
    /// Smallest |gx| + |gy| (half-resolution central differences) that counts a pixel as an edge.
    public static let edgeMagnitude = 12
    /// Smallest coherence of a linear candidate block.
    public static let linearCoherence: Float = 0.55
    /// Smallest edge density of a linear candidate block.
    public static let linearDensity: Float = 0.25
    /// Largest coherence of a matrix candidate block.
    public static let matrixCoherence: Float = 0.5
    /// Smallest edge density of a matrix candidate block.
    public static let matrixDensity: Float = 0.15
    /// Largest orientation difference (degrees) between a linear block and the neighbours that support it.
    public static let neighbourTolerance: Float = 15
    /// Largest coherence of a block that may still be a matrix candidate as a slanted grid (see
    /// ``skewedGridRatio``): two edge families 30° apart give |cos 30°| = 0.87.
    public static let skewedGridCoherence: Float = 0.87
    /// A block of coherence from ``matrixCoherence`` up to ``skewedGridCoherence`` is a matrix candidate
    /// when its fourth-harmonic coherence is below this fraction of its coherence. Two families of edges
    /// φ apart give a coherence of |cos φ| and a fourth-harmonic one of |cos 2φ| (0.6 of it or less for φ
    /// from 30° to 60°: a grid seen at a slant), while one family of edges with clutter around gives
    /// the same value for both (text lines, wood grain, the edge of a shape).
    public static let skewedGridRatio: Float = 0.6
    /// How many of its eight neighbours a slanted-grid block needs as matrix blocks: more than the three
    /// of the matrix rule, since where two lines cross, or bars end at a slant, a few blocks show two
    /// edge directions too, while a symbol's inner blocks are surrounded by such blocks.
    public static let skewedGridSupport = 6

    /// Number of block columns and rows. Block (bx, by) covers frame pixels
    /// [bx·16, bx·16 + 16) × [by·16, by·16 + 16); pixels right of or below the last full block are not
    /// covered.
    public let blocksWide: Int
    public let blocksHigh: Int
    /// True when the image was too small to judge: callers should treat every place as a candidate.
    public let isExhaustive: Bool
    /// Per block (row-major, `blocksWide × blocksHigh`): dominant gradient direction in degrees [0, 180).
    public let orientation: [Float]
    /// Per block: coherence in [0, 1].
    public let coherence: [Float]
    /// Per block: fraction of edge pixels in [0, 1].
    public let edgeDensity: [Float]
    /// Per block: linear candidate.
    public let linear: [Bool]
    /// Per block: matrix candidate.
    public let matrix: [Bool]

    /// Number of linear and matrix candidate blocks.
    public var linearCount: Int { linear.reduce(0) { $0 + ($1 ? 1 : 0) } }
    public var matrixCount: Int { matrix.reduce(0) { $0 + ($1 ? 1 : 0) } }
    /// True when the frame has no candidate of either kind (and is not too small to judge).
    public var isEmpty: Bool { !isExhaustive && !linear.contains(true) && !matrix.contains(true) }

    /// A linear candidate block: its column, row and scan direction (degrees, [0, 180)).
    public struct LinearBlock: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var angle: Double
    }

    /// All linear candidate blocks, row by row.
    public var linearBlocks: [LinearBlock] {
        var out: [LinearBlock] = []
        for by in 0..<blocksHigh {
            for bx in 0..<blocksWide where linear[by * blocksWide + bx] {
                out.append(LinearBlock(x: bx, y: by, angle: Double(orientation[by * blocksWide + bx])))
            }
        }
        return out
    }

    /// The smallest difference between two undirected angles (degrees, modulo 180).
    public static func angleDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 180)
        return min(d, 180 - d)
    }

    /// A map of an image too small to judge (see ``isExhaustive``).
    static func exhaustive() -> CandidateMap {
        CandidateMap(
            blocksWide: 0, blocksHigh: 0, isExhaustive: true, orientation: [], coherence: [],
            edgeDensity: [], linear: [], matrix: [])
    }

    /// Computes the map of `image`.
    public static func compute(_ image: LuminanceImage) -> CandidateMap {
        compute(image, half: image.width >= 2 && image.height >= 2 ? image.downscaled(by: 2) : nil)
    }

    /// Computes the map of `image` from `half`, its ``LuminanceImage/downscaled(by:)`` by 2 (nil when
    /// `image` is smaller than 2 × 2), which ``FrameContext`` keeps for its downscaled pass.
    static func compute(_ image: LuminanceImage, half halfImage: LuminanceImage?) -> CandidateMap {
        let hw = image.width / 2, hh = image.height / 2
        let sub = blockSize / 2  // block side in half pixels
        let bw = hw / sub, bh = hh / sub
        guard bw >= 3, bh >= 3, let halfImage else { return exhaustive() }
        // 1. Half image (2×2 mean), packed row by row.
        let half = halfImage.packedPixels
        // 2. Structure tensor and edge count per block.
        let n = bw * bh
        var jxx = [Int](repeating: 0, count: n), jyy = [Int](repeating: 0, count: n)
        var jxy = [Int](repeating: 0, count: n), edges = [Int](repeating: 0, count: n)
        let xEnd = min(hw - 1, bw * sub), yEnd = min(hh - 1, bh * sub)
        half.withUnsafeBufferPointer { hb in
            guard let hp = hb.baseAddress else { return }
            for y in 1..<yEnd {
                let row = hp + y * hw, up = row - hw, down = row + hw
                let brow = (y / sub) * bw
                var bx = 0
                while bx < bw {
                    let x0 = max(1, bx * sub), x1 = min(xEnd, bx * sub + sub)
                    var sxx = 0, syy = 0, sxy = 0, e = 0
                    if x1 - x0 == 8 {
                        // A whole block row: the same sums, eight lanes at once (x1 ≤ hw − 1, so x0 + 8 is
                        // still in the row).
                        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> SIMD8<Int32> {
                            SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
                        }
                        let gx = load(row + x0 + 1) &- load(row + x0 - 1)
                        let gy = load(down + x0) &- load(up + x0)
                        sxx = Int((gx &* gx).wrappedSum())
                        syy = Int((gy &* gy).wrappedSum())
                        sxy = Int((gx &* gy).wrappedSum())
                        // |g| as (g ^ s) − s with s = g >> 31 (all ones when negative); a lane below the edge
                        // magnitude makes (|gx| + |gy| − edgeMagnitude) >> 31 all ones, so 8 plus their sum
                        // counts the edge pixels (mask selects cost far more here).
                        let sx = gx &>> 31, sy = gy &>> 31
                        let magnitude = ((gx ^ sx) &- sx) &+ ((gy ^ sy) &- sy)
                        e = 8 + Int(((magnitude &- Int32(edgeMagnitude)) &>> 31).wrappedSum())
                    } else {
                        for x in x0..<x1 {
                            let gx = Int(row[x + 1]) - Int(row[x - 1])
                            let gy = Int(down[x]) - Int(up[x])
                            sxx &+= gx * gx
                            syy &+= gy * gy
                            sxy &+= gx * gy
                            e &+= (abs(gx) + abs(gy) >= edgeMagnitude) ? 1 : 0
                        }
                    }
                    jxx[brow + bx] &+= sxx
                    jyy[brow + bx] &+= syy
                    jxy[brow + bx] &+= sxy
                    edges[brow + bx] &+= e
                    bx += 1
                }
            }
        }
        // 3. Per-block measures and raw classes.
        var orientation = [Float](repeating: 0, count: n), coherence = [Float](repeating: 0, count: n)
        var density = [Float](repeating: 0, count: n)
        var rawLinear = [Bool](repeating: false, count: n), rawMatrix = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let a = Double(jxx[i]), b = Double(jyy[i]), c = Double(jxy[i])
            let trace = a + b
            let coh = trace > 0 ? ((a - b) * (a - b) + 4 * c * c).squareRoot() / trace : 0
            var angle = 0.5 * atan2(2 * c, a - b) * 180 / Double.pi
            if angle < 0 { angle += 180 }
            if angle >= 180 { angle -= 180 }
            orientation[i] = Float(angle)
            coherence[i] = Float(coh)
            density[i] = Float(edges[i]) / Float(sub * sub)
            rawLinear[i] = coherence[i] >= linearCoherence && density[i] >= linearDensity
            rawMatrix[i] = coherence[i] < matrixCoherence && density[i] >= matrixDensity
        }
        var skewed = [Bool](repeating: false, count: n)
        // 3b. Grids seen at a slant: a matrix symbol under shear or strong perspective has its two families
        // of module edges 30° to 60° apart instead of 90°, which the coherence alone takes for one direction.
        half.withUnsafeBufferPointer { hb in
            guard let hp = hb.baseAddress else { return }
            for i in 0..<n where !rawMatrix[i] && density[i] >= matrixDensity && coherence[i] < skewedGridCoherence {
                let trace = Double(jxx[i] + jyy[i])
                let bx = i % bw, by = i / bw
                let fourth = fourthHarmonic(
                    hp, rowLength: hw, x: max(1, bx * sub)..<min(xEnd, bx * sub + sub),
                    y: max(1, by * sub)..<min(yEnd, by * sub + sub))
                skewed[i] = Float(fourth / trace) < skewedGridRatio * coherence[i]
                rawMatrix[i] = skewed[i]
            }
        }
        // 4. Neighbour support.
        var linear = [Bool](repeating: false, count: n), matrix = [Bool](repeating: false, count: n)
        for by in 0..<bh {
            for bx in 0..<bw {
                let i = by * bw + bx
                if rawLinear[i] {
                    let r = Double(orientation[i]) * Double.pi / 180
                    let dx = cos(r), dy = sin(r)
                    var support = 0
                    for s in [-1.0, 1.0] {
                        let x = Int((Double(bx) + s * dx).rounded()), y = Int((Double(by) + s * dy).rounded())
                        guard x >= 0, x < bw, y >= 0, y < bh else { continue }
                        let j = y * bw + x
                        if rawLinear[j]
                            && Float(angleDistance(Double(orientation[j]), Double(orientation[i])))
                                <= neighbourTolerance
                        {
                            support += 1
                        }
                    }
                    linear[i] = support == 2
                }
                if rawMatrix[i] {
                    var count = 0
                    for y in max(0, by - 1)...min(bh - 1, by + 1) {
                        for x in max(0, bx - 1)...min(bw - 1, bx + 1) where (x != bx || y != by) {
                            if rawMatrix[y * bw + x] { count += 1 }
                        }
                    }
                    matrix[i] = count >= (skewed[i] ? skewedGridSupport : 3)
                }
            }
        }
        return CandidateMap(
            blocksWide: bw, blocksHigh: bh, isExhaustive: false, orientation: orientation,
            coherence: coherence, edgeDensity: density, linear: linear, matrix: matrix)
    }

    /// The fourth-harmonic magnitude |Σ |g|² (cos 4θ, sin 4θ)| of the central-difference gradients g at
    /// direction θ over the half-resolution pixels `x` × `y` of `half` (rows of `rowLength`, at least one
    /// pixel from every border): with u = gx² − gy² and v = 2 gx gy, |g|² cos 4θ = (u² − v²) / |g|² and
    /// |g|² sin 4θ = 2uv / |g|². Units: as the structure tensor's trace (grey levels² per 2 half pixels).
    static func fourthHarmonic(
        _ half: UnsafePointer<UInt8>, rowLength: Int, x: Range<Int>, y: Range<Int>
    ) -> Double {
        var c = 0.0, s = 0.0
        for yy in y {
            let row = half + yy * rowLength
            for xx in x {
                let gx = Double(Int(row[xx + 1]) - Int(row[xx - 1]))
                let gy = Double(Int(row[xx + rowLength]) - Int(row[xx - rowLength]))
                let g2 = gx * gx + gy * gy
                guard g2 > 0 else { continue }
                let u = gx * gx - gy * gy, v = 2 * gx * gy
                c += (u * u - v * v) / g2
                s += 2 * u * v / g2
            }
        }
        return (c * c + s * s).squareRoot()
    }
}
