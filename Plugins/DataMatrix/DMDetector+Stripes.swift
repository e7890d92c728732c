import ScanCore

extension DMDetector {
    /// The least fraction of neighbouring data modules, along the rows or along the columns, that must be
    /// alike for a sampled grid to count as stripes (``isStriped(_:size:)``).
    static let stripeAgreement = 0.9

    /// True when the data modules of `grid` (a module grid of `size` sampled from the image: `columns` ×
    /// `rows`, finder at the left and bottom) repeat along one axis, or are all alike: at least
    /// ``stripeAgreement`` of the pairs of data modules next to each other in a column, or in a row, are
    /// alike.
    ///
    /// A Data Matrix symbol is never so. Its codewords are placed in the data regions in the shapes of
    /// ISO/IEC 16022:2006 §5.8 and Annex F, eight modules over two or three rows and columns each. The data
    /// codewords may be nearly uniform (a run of one character), but the Reed–Solomon check codewords
    /// (§5.7) follow no pattern and are at least 27 % of the codewords in every size (496 of 1,800 in
    /// 132 × 132), the pad codewords are randomised (§5.2.3, Annex B.1): so even uniform data leaves
    /// about 0.73 + 0.27 × 0.5 ≈ 0.86 of the neighbours alike, below the bar, and ordinary data about half.
    /// A grid laid over the bars of a linear symbol, whose ends and guard bars can pass for a finder and a
    /// timing edge, is made of stripes across the bars: such a grid is no symbol, and neither its reads
    /// nor its near misses are worth the effort.
    static func isStriped(_ grid: BitMatrix, size: DMSymbolSize) -> Bool {
        guard grid.width == size.columns, grid.height == size.rows else { return false }
        var alongColumns = 0, pairsInColumns = 0, alongRows = 0, pairsInRows = 0
        for row in 0..<size.rows {
            for col in 0..<size.columns where expected(size, row: row, col: col) == nil {
                let v = grid[col, row]
                if col + 1 < size.columns, expected(size, row: row, col: col + 1) == nil {
                    pairsInRows += 1
                    if grid[col + 1, row] == v { alongRows += 1 }
                }
                if row + 1 < size.rows, expected(size, row: row + 1, col: col) == nil {
                    pairsInColumns += 1
                    if grid[col, row + 1] == v { alongColumns += 1 }
                }
            }
        }
        func striped(_ alike: Int, _ pairs: Int) -> Bool {
            pairs > 0 && Double(alike) >= stripeAgreement * Double(pairs)
        }
        return striped(alongColumns, pairsInColumns) || striped(alongRows, pairsInRows)
    }
}
