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

    /// Nodes as given (row-major, as ``nodes``).
    init(size: DMSymbolSize, nodes: [Point]) {
        self.size = size
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
        let size = self.size
        let nc = nodeColumns
        let nr = size.verticalRegions + 1
        /// The finder and timing modules matched in the regions around node `k` when the nodes are at `nodes`.
        func localScore(_ nodes: [Point], _ k: Int) -> Int {
            let grid = DMRegionGrid(size: size, nodes: nodes)
            let i = k % nc
            let j = k / nc
            var s = 0
            for (di, dj) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
                let ri = i + di
                let rj = j + dj
                guard ri >= 0, rj >= 0, ri < nc - 1, rj < nr - 1 else { continue }
                s += grid.regionScore(m, ri, rj).0
            }
            return s
        }
        for _ in 0..<2 {
            for k in 0..<nodes.count {
                var best = Double(localScore(nodes, k))
                DMPointSearch.move(&nodes, k, module: module, best: &best) { moved, _ in Double(localScore(moved, k)) }
            }
        }
    }

    /// Hands each module's centre in the image to `body` with the module's row and column, region by region
    /// through the region's own transform. False as soon as a region's transform is degenerate, a centre lies
    /// more than 1.5 pixels outside a `width` × `height` image or `body` returns false.
    func forEachModuleCentre(
        width: Int, height: Int, _ body: (_ row: Int, _ column: Int, _ centre: Point) -> Bool
    ) -> Bool {
        let rh = size.regionRows + 2
        let rw = size.regionColumns + 2
        for j in 0..<size.verticalRegions {
            for i in 0..<size.horizontalRegions {
                let t = transform(i, j)
                guard t.isValid else { return false }
                for r in (j * rh)..<((j + 1) * rh) {
                    for c in (i * rw)..<((i + 1) * rw) {
                        let p = t.apply(Point(Double(c) + 0.5, Double(r) + 0.5))
                        guard p.x > -1.5, p.y > -1.5, p.x < Double(width) + 1.5, p.y < Double(height) + 1.5,
                            body(r, c, p)
                        else { return false }
                    }
                }
            }
        }
        return true
    }

    /// The modules (1 = dark), sampled at module centres through each region's own transform; `nil`
    /// when a module centre falls outside the image.
    public func sample(_ m: BitMatrix) -> BitMatrix? {
        var out = BitMatrix(width: size.columns, height: size.rows)
        let sampled = forEachModuleCentre(width: m.width, height: m.height) { r, c, p in
            let x = min(max(Int(p.x), 0), m.width - 1)
            let y = min(max(Int(p.y), 0), m.height - 1)
            out.bits[r * size.columns + c] = m.bits[y * m.width + x]
            return true
        }
        return sampled ? out : nil
    }
}

extension DMRegionGrid {
    /// The modules read from the grey levels: bilinear luminance at each module centre, thresholded
    /// half-way between the mean levels of the finder/timing modules that should be dark and those that
    /// should be light (one threshold per symbol; robust to blur that shifts a binarizer's edges).
    public func sampleLuminance(_ image: LuminanceImage) -> BitMatrix? {
        var levels = [Double](repeating: 0, count: size.rows * size.columns)
        guard image.width > 1, image.height > 1 else { return nil }
        let sampled = forEachModuleCentre(width: image.width, height: image.height) { r, c, p in
            guard let level = image.bilinear(at: p) else { return false }
            levels[r * size.columns + c] = level
            return true
        }
        guard sampled else { return nil }
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
