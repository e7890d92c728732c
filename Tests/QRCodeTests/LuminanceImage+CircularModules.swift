import ScanCore

extension LuminanceImage {
    /// A symbol rendered with square modules of `module` pixels after a `margin`, redrawn with round
    /// modules: each dark data module a dot of 0.6 modules' diameter, each finder pattern as concentric
    /// circles (ring, light ring, disc) of the same widths.
    func circularModules(module: Int, margin: Int) -> LuminanceImage {
        let n = (width - 2 * margin) / module
        let m = Double(module)
        var out = [UInt8](repeating: 255, count: width * height)
        func isDark(_ i: Int, _ j: Int) -> Bool {
            self[margin + i * module + module / 2, margin + j * module + module / 2] < 128
        }
        let finderCentres = [(3.5, 3.5), (Double(n) - 3.5, 3.5), (3.5, Double(n) - 3.5)]
        func inFinder(_ i: Int, _ j: Int) -> Bool { (i < 7 && j < 7) || (i >= n - 7 && j < 7) || (i < 7 && j >= n - 7) }
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5 - Double(margin)) / m, v = (Double(y) + 0.5 - Double(margin)) / m
                guard u >= 0, v >= 0, u < Double(n), v < Double(n) else { continue }
                let i = Int(u), j = Int(v)
                var dark = false
                if inFinder(i, j) {
                    for (cx, cy) in finderCentres {
                        let r = ((u - cx) * (u - cx) + (v - cy) * (v - cy)).squareRoot()
                        if r < 3.5 && (r >= 2.5 || r < 1.5) { dark = true }
                    }
                } else if isDark(i, j) {
                    let du = u - Double(i) - 0.5, dv = v - Double(j) - 0.5
                    dark = (du * du + dv * dv).squareRoot() < 0.3
                }
                if dark { out[y * width + x] = 0 }
            }
        }
        return LuminanceImage(width: width, height: height, pixels: out)
    }
}
