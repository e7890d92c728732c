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

    /// The line with every one-pixel run inside it merged into its neighbours (a speck of noise in a bar
    /// or space), or nil when there is none or the line's runs are mostly that narrow (a small symbol).
    init?(mergingSpecksOf line: ScanLine) {
        let runs = line.runs
        guard runs.count > 2 else { return nil }
        var specks = 0
        for k in 1..<(runs.count - 1) where runs[k] == 1 { specks += 1 }
        guard specks > 0, specks * 8 < runs.count else { return nil }
        var merged: [Int] = [runs[0]]
        var k = 1
        while k < runs.count {
            if runs[k] == 1 && k + 1 < runs.count {
                // run k joins the previous run together with the one after it (both of the other colour)
                merged[merged.count - 1] += 1 + runs[k + 1]
                k += 2
            } else {
                merged.append(runs[k])
                k += 1
            }
        }
        guard merged.count >= 4 else { return nil }
        self.init(ScanLine(runs: merged))
    }
}
