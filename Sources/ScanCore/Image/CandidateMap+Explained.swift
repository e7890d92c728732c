extension CandidateMap {
    /// The map with every candidate block cleared whose centre lies inside one of `outlines` (symbol
    /// corner points in this map's image pixels) or within `margin` pixels of it (by default half a
    /// block): what remains is what no symbol read so far explains. An exhaustive map stays as it is.
    public func removingBlocks(explainedBy outlines: [[Point]], margin: Double? = nil) -> CandidateMap {
        guard !isExhaustive, !outlines.isEmpty else { return self }
        var linear = self.linear, matrix = self.matrix
        let size = Double(CandidateMap.blockSize), half = size / 2
        let reach = margin ?? half
        // Only the blocks inside an outline's bounding box need the point test.
        for quad in outlines where !quad.isEmpty {
            let xs = quad.map(\.x), ys = quad.map(\.y)
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { continue }
            let bx0 = max(0, Int(((x0 - reach) / size).rounded(.down)))
            let bx1 = min(blocksWide - 1, Int(((x1 + reach) / size).rounded(.down)))
            let by0 = max(0, Int(((y0 - reach) / size).rounded(.down)))
            let by1 = min(blocksHigh - 1, Int(((y1 + reach) / size).rounded(.down)))
            guard bx0 <= bx1, by0 <= by1 else { continue }
            for by in by0...by1 {
                for bx in bx0...bx1 {
                    let i = by * blocksWide + bx
                    guard linear[i] || matrix[i] else { continue }
                    let centre = Point(Double(bx) * size + half, Double(by) * size + half)
                    if Quadrilateral.contains(quad, centre, margin: reach) {
                        linear[i] = false
                        matrix[i] = false
                    }
                }
            }
        }
        return CandidateMap(
            blocksWide: blocksWide, blocksHigh: blocksHigh, isExhaustive: false,
            orientation: orientation, coherence: coherence, edgeDensity: edgeDensity,
            linear: linear, matrix: matrix)
    }

    /// True when the map has a candidate block of the kind `kind`'s symbols make (linear blocks for
    /// linear symbols, matrix blocks for matrix symbols, either for stacked ones), or is exhaustive.
    public func hasCandidates(for kind: SymbologyKind) -> Bool {
        if isExhaustive { return true }
        switch kind {
        case .linear: return linear.contains(true)
        case .matrix: return matrix.contains(true)
        case .stacked: return linear.contains(true) || matrix.contains(true)
        }
    }
}
