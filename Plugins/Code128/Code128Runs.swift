import ScanCore

/// Run widths and edge positions of one scan line as floating point, for the Code 128 row decoder.
struct Code128Runs {
    /// Run widths (even indices light, odd dark).
    let w: [Double]
    /// Position of each run's leading edge; `start[count]` is the line length.
    let start: [Int]
    var count: Int { w.count }

    init(_ line: ScanLine) {
        w = line.runs.map(Double.init)
        start = line.runStarts
    }

    /// Total width of `count` runs from `from`.
    @inline(__always)
    func span(_ from: Int, _ count: Int) -> Double { Double(start[from + count] - start[from]) }
}
