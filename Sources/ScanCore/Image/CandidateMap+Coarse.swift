import Foundation

/// Where the registry's coarse-only passes look (``DecodePass/coarseOnly``): close-up matrix symbols that
/// only a downscaled copy's map marks.
extension CandidateMap {
    /// The matrix candidate blocks of this map, the map of a copy shrunk by `scale`, over which the map
    /// of the full-size image (`finer`) has no candidate block of either kind (block (x, y) here covers
    /// blocks [x·scale, x·scale + scale) × [y·scale, y·scale + scale) there); no linear blocks.
    ///
    /// Modules of a block or more leave the full-size blocks with one straight edge or none, which
    /// neither rule marks; in the copy the same modules are a block or less and make matrix blocks. Where
    /// the full-size map already has candidates (finer texture, text, bars, smaller symbols), the passes
    /// at full size looked. Of the blocks left, only those around which the full-size edges run along a
    /// grid are kept (``keepingGridLike(_:finer:scale:)``): defocused texture, lines and discs also make
    /// matrix blocks at the coarser scale. Empty when either map is exhaustive.
    public func matrixBlocks(unseenBy finer: CandidateMap, scale: Int) -> CandidateMap {
        var matrix = [Bool](repeating: false, count: blocksWide * blocksHigh)
        if !isExhaustive && !finer.isExhaustive {
            for by in 0..<blocksHigh {
                let fy0 = by * scale, fy1 = min(finer.blocksHigh, fy0 + scale)
                for bx in 0..<blocksWide where self.matrix[by * blocksWide + bx] {
                    let fx0 = bx * scale, fx1 = min(finer.blocksWide, fx0 + scale)
                    var seen = false
                    for fy in fy0..<max(fy0, fy1) where !seen {
                        for fx in fx0..<max(fx0, fx1) {
                            let j = fy * finer.blocksWide + fx
                            if finer.linear[j] || finer.matrix[j] {
                                seen = true
                                break
                            }
                        }
                    }
                    matrix[by * blocksWide + bx] = !seen
                }
            }
            matrix = keepingGridLike(matrix, finer: finer, scale: scale)
        }
        return CandidateMap(
            blocksWide: blocksWide, blocksHigh: blocksHigh, isExhaustive: false, orientation: orientation,
            coherence: coherence, edgeDensity: edgeDensity,
            linear: [Bool](repeating: false, count: blocksWide * blocksHigh), matrix: matrix)
    }

    /// Smallest agreement of the full-size blocks' edge directions with a grid of two perpendicular
    /// directions around a coarse block (see ``matrixBlocks(unseenBy:scale:)``), in [0, 1].
    public static let gridAgreement = 0.7

    /// `marked` (coarse blocks of this map) without the blocks around which the full-size blocks' edges
    /// do not run in two perpendicular directions. Per coarse block, over the full-size blocks under it
    /// and its 8 neighbours, each block's orientation θ is weighted by edge density × coherence (a block
    /// with one straight edge counts most) and the length of the weighted mean of the unit vectors at
    /// 4θ is taken: 1 when every edge runs along one of two perpendicular directions (a module grid: 4θ
    /// is the same for θ and θ + 90°), about 0.3–0.5 for the crossing lines, discs and blobs of
    /// defocused texture that also make matrix blocks at the coarser scale. A symbol in perspective has
    /// axes less than perpendicular: close-ups tilted 45° keep blocks above ``gridAgreement``.
    func keepingGridLike(_ marked: [Bool], finer: CandidateMap, scale: Int) -> [Bool] {
        guard marked.contains(true) else { return marked }
        // Per full-size block, on first use: its weighted unit vector at 4θ.
        let n = finer.blocksWide * finer.blocksHigh
        var wc = [Double](repeating: 0, count: n), ws = wc
        var done = [Bool](repeating: false, count: n)
        var keep = marked
        for by in 0..<blocksHigh {
            let fy0 = max(0, (by - 1) * scale), fy1 = min(finer.blocksHigh, (by + 2) * scale)
            for bx in 0..<blocksWide where marked[by * blocksWide + bx] {
                let fx0 = max(0, (bx - 1) * scale), fx1 = min(finer.blocksWide, (bx + 2) * scale)
                var c = 0.0, s = 0.0, total = 0.0
                for fy in fy0..<max(fy0, fy1) {
                    for j in (fy * finer.blocksWide + fx0)..<(fy * finer.blocksWide + max(fx0, fx1)) {
                        let weight = Double(finer.edgeDensity[j] * finer.coherence[j])
                        guard weight > 0 else { continue }
                        if !done[j] {
                            let a = finer.orientation[j] * (4 * Float.pi / 180)
                            wc[j] = weight * Double(cos(a))
                            ws[j] = weight * Double(sin(a))
                            done[j] = true
                        }
                        c += wc[j]
                        s += ws[j]
                        total += weight
                    }
                }
                keep[by * blocksWide + bx] = total > 0 && (c * c + s * s).squareRoot() >= Self.gridAgreement * total
            }
        }
        return keep
    }
}
