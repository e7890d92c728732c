import ScanCore

extension DMDetector {
    /// The least fraction of neighbouring data modules, along the rows or along the columns, that must be
    /// alike for a grid to count as stripes (``isStriped(_:size:transform:)``).
    static let stripeAgreement = 0.9

    /// True when the data modules of the `size` grid that `transform` lays over `m` (module grid → image
    /// pixels, finder at the left and bottom, each module read at its centre as ``GridSampler`` reads it)
    /// repeat along one axis, or are all alike: at least ``stripeAgreement`` of the pairs of data modules
    /// next to each other in a column, or in a row, are alike. False when the transform is not valid or a
    /// module's centre lies outside the image (``GridSampler/module(_:column:row:transform:tolerance:)``
    /// gives none). Read row by row and given up as soon as neither axis can reach ``stripeAgreement``:
    /// a real symbol's grid is told in a few rows.
    ///
    /// A Data Matrix symbol is never so. Its codewords are placed in the data regions in the shapes of
    /// ISO/IEC 16022:2006 §5.8 and Annex F, eight modules over two or three rows and columns each. The data
    /// codewords may be nearly uniform (a run of one character), but the Reed–Solomon check codewords
    /// (§5.7) follow no pattern and are at least 27 % of the codewords in every size (496 of 1,800 in
    /// 132 × 132), the pad codewords are randomised (§5.2.3, Annex B.1): so even uniform data leaves
    /// about 0.73 + 0.27 × 0.5 ≈ 0.86 of the neighbours alike, below the bar, and ordinary data about half.
    /// A grid laid over the bars of a linear symbol, whose ends and guard bars can pass for a finder and a
    /// timing edge, is made of stripes across the bars: such a hypothesis is not worth refining.
    static func isStriped(_ m: BitMatrix, size: DMSymbolSize, transform t: PerspectiveTransform) -> Bool {
        guard t.isValid else { return false }
        let pairs = dataPairs(size)
        // Whether an axis with `unlike` pairs of unlike modules can still have ``stripeAgreement`` alike.
        func canBeStriped(_ unlike: Int, _ pairs: Int) -> Bool {
            pairs > 0 && Double(pairs - unlike) >= stripeAgreement * Double(pairs)
        }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, size.columns)) { above in
            var unlikeInRows = 0, unlikeInColumns = 0
            for row in 0..<size.rows {
                var left = false
                for col in 0..<size.columns {
                    guard let v = GridSampler.module(m, column: col, row: row, transform: t) else { return false }
                    if expected(size, row: row, col: col) == nil {
                        if col > 0, left != v, expected(size, row: row, col: col - 1) == nil { unlikeInRows += 1 }
                        if row > 0, above[col] != v, expected(size, row: row - 1, col: col) == nil {
                            unlikeInColumns += 1
                        }
                    }
                    left = v
                    above[col] = v
                }
                if !canBeStriped(unlikeInRows, pairs.inRows) && !canBeStriped(unlikeInColumns, pairs.inColumns) {
                    return false
                }
            }
            return true
        }
    }

    /// The pairs of neighbouring data modules of `size` in its rows and in its columns: each data region
    /// (`regionRows` × `regionColumns`) on its own, as the finder and timing modules separate them.
    static func dataPairs(_ size: DMSymbolSize) -> (inRows: Int, inColumns: Int) {
        let regions = size.verticalRegions * size.horizontalRegions
        return (
            regions * size.regionRows * (size.regionColumns - 1),
            regions * (size.regionRows - 1) * size.regionColumns
        )
    }
}
