import ScanCore

/// Run widths and edge positions of one scan line as floating point, for the ITF row decoder.
struct ITFRuns {
    /// Run widths (even indices light, odd dark).
    let w: [Double]
    /// Position of each run's leading edge; `start[count]` is the line length.
    let start: [Int]
    var count: Int { w.count }

    init(_ line: ScanLine) {
        w = line.runs.map(Double.init)
        start = line.runStarts
    }
}
