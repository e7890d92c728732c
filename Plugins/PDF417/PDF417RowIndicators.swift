/// Row indicators (ISO/IEC 15438:2015 §5.3.2): the first codeword of each row (left indicator) and the
/// last before the stop pattern (right indicator, absent in compact PDF417). For row i (from 0) with
/// cluster index k = i mod 3 and base 30·(i div 3):
///
/// | cluster | left | right |
/// |---|---|---|
/// | 0 | base + (rows − 1) div 3 | base + columns − 1 |
/// | 3 | base + 3·level + (rows − 1) mod 3 | base + (rows − 1) div 3 |
/// | 6 | base + columns − 1 | base + 3·level + (rows − 1) mod 3 |
///
/// so every indicator says its own row, and together they give rows, data columns and the
/// error-correction level.
struct PDF417RowIndicators {
    private var rowsHigh: [Int: Int] = [:]
    private var levelAndRowsLow: [Int: Int] = [:]
    private var columns: [Int: Int] = [:]

    /// The row an indicator of `value` in cluster index `cluster` belongs to.
    static func row(value: Int, cluster: Int) -> Int { 3 * (value / 30) + cluster }

    /// Counts one indicator read on the left (`right == false`) or right side.
    mutating func add(value: Int, cluster: Int, right: Bool) {
        let info = value % 30
        switch (cluster + (right ? 2 : 0)) % 3 {
        case 0: rowsHigh[info, default: 0] += 1
        case 1: levelAndRowsLow[info, default: 0] += 1
        default: columns[info, default: 0] += 1
        }
    }

    /// Rows, data columns and error-correction level by majority, or nil when a part was never read or
    /// the values are impossible.
    func dimensions() -> (rows: Int, columns: Int, level: Int)? {
        func best(_ d: [Int: Int]) -> Int? {
            d.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        }
        guard let high = best(rowsHigh), let low = best(levelAndRowsLow), let c = best(columns) else { return nil }
        let rows = 3 * high + low % 3 + 1
        let level = low / 3
        let cols = c + 1
        guard rows >= 3, rows <= 90, cols >= 1, cols <= 30, level <= 8,
            rows * cols > PDF417ErrorCorrection.checkCount(level: level)
        else { return nil }
        return (rows, cols, level)
    }
}
