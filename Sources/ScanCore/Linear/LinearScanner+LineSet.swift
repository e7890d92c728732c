import Foundation

extension LinearScanner {
    /// A family of parallel scan lines one pixel apart, and the mapping between positions along a line
    /// and image pixels.
    ///
    /// Rows: line `y`, position `a` is the point (a, y + 0.5). Columns: line `x`, position `a` is
    /// (x + 0.5, a). Slanted by `angle` (degrees clockwise from the x axis, strictly between 0 and 180,
    /// not 90): with direction d = (cos, sin) and normal n = (−sin, cos), line k is the set of points
    /// c·n + t·d for c = cMin + k + 0.5, clipped to the image; position `a` is t = tMin(k) + a, and the line
    /// samples the pixel under each t = tMin + j + 0.5 (nearest pixel).
    struct LineSet {
        let axis: Axis
        let width: Int
        let height: Int
        /// Number of lines.
        let count: Int
        /// Reading direction of a forward line, degrees clockwise from the x axis.
        let angle: Double
        /// +1 when a growing line index moves towards a forward-read symbol's bottom, else −1.
        let downSign: Int
        let dx: Double, dy: Double
        let cMin: Double

        init(_ axis: Axis, width: Int, height: Int) {
            self.axis = axis
            self.width = width
            self.height = height
            switch axis {
            case .rows:
                count = height; angle = 0; downSign = 1; dx = 1; dy = 0; cMin = 0
            case .columns:
                count = width; angle = 90; downSign = -1; dx = 0; dy = 1; cMin = 0
            case .slanted(let degrees):
                angle = degrees
                downSign = 1
                let r = degrees * .pi / 180
                dx = cos(r); dy = sin(r)
                // Offsets c = p · n of the image corners, n = (−dy, dx).
                let w = Double(width), h = Double(height)
                let cs = [0.0, -dy * w, dx * h, -dy * w + dx * h]
                cMin = cs.min() ?? 0
                count = max(0, Int((cs.max() ?? 0) - cMin))
            }
        }

        /// The parameter range [tMin, tMax] of slanted line `index` inside the image.
        func clip(_ index: Int) -> (c: Double, t0: Double, t1: Double) {
            let c = cMin + Double(index) + 0.5
            // The line's point at t = 0 is (−dy · c, dx · c).
            let line = Line(point: Point(-dy * c, dx * c), direction: Point(dx, dy))
            guard let (t0, t1) = line.parameters(insideWidth: Double(width), height: Double(height)) else {
                return (c, 0, 0)
            }
            return (c, t0, max(t0, t1))
        }

        /// A number naming this family in a frame's line cache.
        var familyID: Int {
            switch axis {
            case .rows: return -1
            case .columns: return -2
            case .slanted(let d): return Int((d * 1000).rounded())
            }
        }

        /// The length of line `index` in pixels.
        func length(_ index: Int) -> Int {
            switch axis {
            case .rows: return width
            case .columns: return height
            case .slanted:
                let (_, t0, t1) = clip(index)
                return max(0, Int(t1 - t0))
            }
        }

        /// Calls `body` with a function giving the byte of `plane` (`w` × `h`, row stride `stride`, first
        /// pixel at `offset`) under positions `range` of line `index`, in order.
        @inline(__always)
        private func sample(
            _ plane: UnsafeBufferPointer<UInt8>, offset: Int, stride: Int, w: Int, h: Int, index: Int,
            range: Range<Int>, into out: UnsafeMutableBufferPointer<UInt8>
        ) {
            guard let base = plane.baseAddress, let dst = out.baseAddress else { return }
            switch axis {
            case .rows:
                let row = base + offset + index * stride
                for (k, j) in range.enumerated() { dst[k] = row[j] }
            case .columns:
                let col = base + offset + index
                for (k, j) in range.enumerated() { dst[k] = col[j * stride] }
            case .slanted:
                let (c, t0, _) = clip(index)
                let px = -dy * c, py = dx * c
                for (k, j) in range.enumerated() {
                    let t = t0 + Double(j) + 0.5
                    let x = min(w - 1, max(0, Int(px + t * dx)))
                    let y = min(h - 1, max(0, Int(py + t * dy)))
                    dst[k] = base[offset + y * stride + x]
                }
            }
        }

        /// Run lengths along line `index` in `matrix` (convention of ``BitMatrix/rowRuns(_:)``).
        func runs(_ matrix: BitMatrix, _ index: Int) -> [Int] {
            let n = length(index)
            guard n > 0 else { return [0] }
            return BitMatrix.runs(of: values(matrix, index, 0..<n))
        }

        /// `count` zero bytes, through a reserved array: `Array(repeating:count:)` looks up the storage's
        /// type metadata at run time on Swift 6.3 for Linux (see ``ScanLine``), which costs more than
        /// a line's samples.
        static func zeros(_ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            out.append(contentsOf: repeatElement(0, count: count))
            return out
        }

        /// The bits of `matrix` under positions `range` of line `index`.
        func values(_ matrix: BitMatrix, _ index: Int, _ range: Range<Int>) -> [UInt8] {
            var out = Self.zeros(range.count)
            matrix.bits.withUnsafeBufferPointer { buf in
                out.withUnsafeMutableBufferPointer { o in
                    sample(
                        buf, offset: 0, stride: matrix.width, w: matrix.width, h: matrix.height, index: index,
                        range: range, into: o)
                }
            }
            return out
        }

        /// Luminance along line `index` of `image` (nearest pixel for slanted lines).
        func profile(_ image: LuminanceImage, _ index: Int) -> [UInt8] {
            profile(image, index, 0..<length(index))
        }

        /// Luminance under positions `range` of line `index`.
        func profile(_ image: LuminanceImage, _ index: Int, _ range: Range<Int>) -> [UInt8] {
            var out = Self.zeros(range.count)
            image.storage.withUnsafeBufferPointer { buf in
                out.withUnsafeMutableBufferPointer { o in
                    sample(
                        buf, offset: image.offset, stride: image.stride, w: image.width, h: image.height,
                        index: index, range: range, into: o)
                }
            }
            return out
        }

        /// The scan line `index` from `source`; with a `segment`, only those positions are read and the
        /// rest of the line counts as dark (so no quiet zone is invented at a segment's end: a symbol
        /// cut by it is not read there).
        func scanLine(_ source: LineSource, _ index: Int, segment: Range<Int>? = nil) -> ScanLine {
            let n = length(index)
            guard n > 0 else { return ScanLine(runs: [0]) }
            let range = segment.map { $0.clamped(to: 0..<n) } ?? 0..<n
            guard !range.isEmpty else { return ScanLine(runs: [0, n]) }
            switch source {
            case .binarized(let frame, let kind):
                return scanLine(.matrix(frame.binarized(kind)), index, segment: segment)
            case .matrix(let m):
                let r = BitMatrix.runs(of: values(m, index, range))
                if range == 0..<n {
                    let ends = bordersAcross(index)
                    return ScanLine(runs: r, subpixelStarts: nil, startsAtBorder: ends.start, endsAtBorder: ends.end)
                }
                return padded(runs: r, starts: nil, range: range, index: index)
            case .profile(let image, let fraction, let smoothing):
                let p = profile(image, index, range)
                let h = LineProfileThreshold.hysteresis(p, fraction: fraction, minimum: fraction < 0.05 ? 4 : 8)
                let (r, starts) = LineProfileThreshold.runs(p, hysteresis: h, smoothing: smoothing)
                if range == 0..<n {
                    let ends = bordersAcross(index)
                    return ScanLine(runs: r, subpixelStarts: starts, startsAtBorder: ends.start, endsAtBorder: ends.end)
                }
                return padded(runs: r, starts: starts, range: range, index: index)
            }
        }

        /// Whether each end of line `index` meets the image border across the line: beyond a symbol's
        /// end there, as its quiet zone would be. A slanted line can also leave the image through the
        /// border it runs nearly along, which then cuts the bars lengthwise, somewhere inside a symbol:
        /// that end is no quiet zone (``ScanLine/startsAtBorder``). Rows and columns meet the border
        /// across at both ends; a slanted line, at the left and right border when it runs within 45° of
        /// the x axis, else at the top and bottom.
        func bordersAcross(_ index: Int) -> (start: Bool, end: Bool) {
            guard case .slanted = axis else { return (true, true) }
            let (c, t0, t1) = clip(index)
            let mostlyHorizontal = abs(dx) >= abs(dy)
            func across(_ t: Double) -> Bool {
                let x = -dy * c + t * dx, y = dx * c + t * dy
                let onSide = min(abs(x), abs(x - Double(width))) < 1e-6
                let onTopOrBottom = min(abs(y), abs(y - Double(height))) < 1e-6
                return mostlyHorizontal ? onSide : onTopOrBottom
            }
            return (across(t0), across(t1))
        }

        /// ``padded(runs:starts:range:length:bordersAcross:)`` for line `index`.
        func padded(runs r: [Int], starts: [Double]?, range: Range<Int>, index: Int) -> ScanLine {
            LineSet.padded(
                runs: r, starts: starts, range: range, length: length(index), bordersAcross: bordersAcross(index))
        }

        /// A full line of `length` from the runs read over `range` (light first, adding up to its length;
        /// `starts` their sub-pixel starts, or nil), dark outside `range`; an end that `range` leaves out
        /// is not on the image border, nor one that meets the border along the line (`bordersAcross`).
        static func padded(
            runs r: [Int], starts: [Double]?, range: Range<Int>, length: Int,
            bordersAcross: (start: Bool, end: Bool) = (true, true)
        ) -> ScanLine {
            let s0 = Double(range.lowerBound), s1 = Double(range.upperBound)
            // The segment's colour changes, in line positions.
            var st =
                starts
                ?? {
                    var a = [0.0]
                    var acc = 0
                    for x in r { acc += x; a.append(Double(acc)) }
                    return a
                }()
            if st.isEmpty { st = [0, Double(range.count)] }
            let segStartsDark = r.first == 0
            var edges: [Double] = []
            edges.reserveCapacity(st.count + 2)
            var startsDark = segStartsDark
            if range.lowerBound > 0 {
                startsDark = true
                if !segStartsDark { edges.append(s0) }
            }
            if st.count > 2 {
                for k in 1..<(st.count - 1) where !(k == 1 && segStartsDark) { edges.append(st[k] + s0) }
            }
            // Colour at the segment's end: dark when an odd number of changes follow a light start.
            let changes = max(0, st.count - 2 - (segStartsDark ? 1 : 0))
            let endsDark = segStartsDark != (changes % 2 == 1)
            if range.upperBound < length && !endsDark { edges.append(s1) }
            var all: [Double] = [0]
            if startsDark { all.append(0) }
            all += edges
            all.append(Double(length))
            var runs: [Int] = []
            runs.reserveCapacity(all.count - 1)
            for k in 1..<all.count { runs.append(Int(all[k].rounded()) - Int(all[k - 1].rounded())) }
            return ScanLine(
                runs: runs, subpixelStarts: starts == nil ? nil : all,
                startsAtBorder: range.lowerBound == 0 && bordersAcross.start,
                endsAtBorder: range.upperBound == length && bordersAcross.end)
        }

        /// Where position 0 of line `index` lies along the family's direction (the parameter t of the
        /// type's description; 0 for rows and columns): positions on different lines of a family compare
        /// after adding this.
        func origin(_ index: Int) -> Double {
            switch axis {
            case .rows, .columns: return 0
            case .slanted: return clip(index).t0
            }
        }

        /// The image point at position `a` along line `index` (forward coordinates).
        func point(along a: Double, line index: Int) -> Point {
            switch axis {
            case .rows: return Point(a, Double(index) + 0.5)
            case .columns: return Point(Double(index) + 0.5, a)
            case .slanted:
                let (c, t0, _) = clip(index)
                let t = t0 + a
                return Point(-dy * c + t * dx, dx * c + t * dy)
            }
        }
    }
}
