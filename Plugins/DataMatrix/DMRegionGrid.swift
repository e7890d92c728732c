import ScanCore

/// A symbol's module grid as one perspective transform per data region, for printed symbols whose
/// regions are not quite where one transform for the whole symbol puts them (uneven print, curved
/// labels).
public struct DMRegionGrid: Sendable {
    public let size: DMSymbolSize
    /// Image positions of the region corners: `(horizontalRegions + 1) × (verticalRegions + 1)` nodes,
    /// row-major; node (i, j) is grid point (i · (regionColumns + 2), j · (regionRows + 2)).
    public var nodes: [Point]

    var nodeColumns: Int { size.horizontalRegions + 1 }

    /// Nodes placed by one transform.
    public init(size: DMSymbolSize, transform t: PerspectiveTransform) {
        self.size = size
        var nodes: [Point] = []
        for j in 0...size.verticalRegions {
            for i in 0...size.horizontalRegions {
                nodes.append(t.apply(Point(Double(i * (size.regionColumns + 2)), Double(j * (size.regionRows + 2)))))
            }
        }
        self.nodes = nodes
    }

    /// The transform of region (i, j) from module-grid coordinates of the whole symbol.
    func transform(_ i: Int, _ j: Int) -> PerspectiveTransform {
        let w = Double(size.regionColumns + 2)
        let h = Double(size.regionRows + 2)
        let x0 = Double(i) * w
        let y0 = Double(j) * h
        let n = nodeColumns
        return PerspectiveTransform(
            from: (Point(x0, y0), Point(x0 + w, y0), Point(x0 + w, y0 + h), Point(x0, y0 + h)),
            to: (nodes[j * n + i], nodes[j * n + i + 1], nodes[(j + 1) * n + i + 1], nodes[(j + 1) * n + i]))
    }

    /// Matched and checked finder/timing modules of region (i, j).
    func regionScore(_ m: BitMatrix, _ i: Int, _ j: Int) -> (Int, Int) {
        let t = transform(i, j)
        guard t.isValid else { return (0, 1) }
        let rh = size.regionRows + 2
        let rw = size.regionColumns + 2
        var good = 0
        var total = 0
        for r in 0..<rh {
            for c in 0..<rw where r == 0 || r == rh - 1 || c == 0 || c == rw - 1 {
                guard let e = DMDetector.expected(size, row: r, col: c) else { continue }
                total += 1
                let p = t.apply(Point(Double(i * rw + c) + 0.5, Double(j * rh + r) + 0.5))
                if m.isDark(at: p) == e { good += 1 }
            }
        }
        return (good, total)
    }

    /// Moves each node, in turn, to where the regions around it best show their finder and timing
    /// modules (steps of ½ and ¼ module).
    public mutating func refine(_ m: BitMatrix, module: Double) {
        let nc = nodeColumns
        let nr = size.verticalRegions + 1
        func localScore(_ k: Int) -> Int {
            let i = k % nc
            let j = k / nc
            var s = 0
            for (di, dj) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
                let ri = i + di
                let rj = j + dj
                guard ri >= 0, rj >= 0, ri < nc - 1, rj < nr - 1 else { continue }
                s += regionScore(m, ri, rj).0
            }
            return s
        }
        for _ in 0..<2 {
            for k in 0..<nodes.count {
                var best = localScore(k)
                for step in [0.5, 0.25] {
                    var improved = true
                    var rounds = 0
                    while improved && rounds < 4 {
                        improved = false
                        rounds += 1
                        let start = nodes[k]
                        var bestP = start
                        for dy in -1...1 {
                            for dx in -1...1 where dx != 0 || dy != 0 {
                                nodes[k] = Point(
                                    start.x + Double(dx) * step * module, start.y + Double(dy) * step * module)
                                let s = localScore(k)
                                if s > best {
                                    best = s
                                    bestP = nodes[k]
                                    improved = true
                                }
                            }
                        }
                        nodes[k] = bestP
                    }
                }
            }
        }
    }

    /// The modules (1 = dark), sampled at module centres through each region's own transform; `nil`
    /// when a module centre falls outside the image.
    public func sample(_ m: BitMatrix) -> BitMatrix? {
        let rh = size.regionRows + 2
        let rw = size.regionColumns + 2
        var out = BitMatrix(width: size.columns, height: size.rows)
        for j in 0..<size.verticalRegions {
            for i in 0..<size.horizontalRegions {
                let t = transform(i, j)
                guard t.isValid else { return nil }
                for r in (j * rh)..<((j + 1) * rh) {
                    for c in (i * rw)..<((i + 1) * rw) {
                        let p = t.apply(Point(Double(c) + 0.5, Double(r) + 0.5))
                        guard p.x > -1.5, p.y > -1.5, p.x < Double(m.width) + 1.5, p.y < Double(m.height) + 1.5
                        else { return nil }
                        let x = min(max(Int(p.x), 0), m.width - 1)
                        let y = min(max(Int(p.y), 0), m.height - 1)
                        out.bits[r * size.columns + c] = m.bits[y * m.width + x]
                    }
                }
            }
        }
        return out
    }
}

extension DMRegionGrid {
    /// The modules read from the grey levels: bilinear luminance at each module centre, thresholded
    /// half-way between the mean levels of the finder/timing modules that should be dark and those that
    /// should be light (one threshold per symbol; robust to blur that shifts a binarizer's edges).
    public func sampleLuminance(_ image: LuminanceImage) -> BitMatrix? {
        let rh = size.regionRows + 2
        let rw = size.regionColumns + 2
        var levels = [Double](repeating: 0, count: size.rows * size.columns)
        let w = image.width
        let h = image.height
        guard w > 1, h > 1 else { return nil }
        for j in 0..<size.verticalRegions {
            for i in 0..<size.horizontalRegions {
                let t = transform(i, j)
                guard t.isValid else { return nil }
                for r in (j * rh)..<((j + 1) * rh) {
                    for c in (i * rw)..<((i + 1) * rw) {
                        let p = t.apply(Point(Double(c) + 0.5, Double(r) + 0.5))
                        guard p.x > -1.5, p.y > -1.5, p.x < Double(w) + 1.5, p.y < Double(h) + 1.5,
                            let level = image.bilinear(at: p)
                        else { return nil }
                        levels[r * size.columns + c] = level
                    }
                }
            }
        }
        var darkSum = 0.0
        var darkN = 0.0
        var lightSum = 0.0
        var lightN = 0.0
        for r in 0..<size.rows {
            for c in 0..<size.columns {
                guard let e = DMDetector.expected(size, row: r, col: c) else { continue }
                if e {
                    darkSum += levels[r * size.columns + c]
                    darkN += 1
                } else {
                    lightSum += levels[r * size.columns + c]
                    lightN += 1
                }
            }
        }
        guard darkN > 0, lightN > 0 else { return nil }
        let threshold = (darkSum / darkN + lightSum / lightN) / 2
        var out = BitMatrix(width: size.columns, height: size.rows)
        for k in 0..<levels.count { out.bits[k] = levels[k] < threshold ? 1 : 0 }
        return out
    }
}
