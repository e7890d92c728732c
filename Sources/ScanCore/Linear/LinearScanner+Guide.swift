extension LinearScanner {
    /// Which lines of a family to read, and which stretch of each, from a frame's ``CandidateMap``.
    ///
    /// A line family reads the linear candidate blocks whose scan direction is compatible with it: within
    /// ``rowColumnReach`` degrees of the rows' 0° or the columns' 90° (so a block is read by at least one
    /// of them, by both near 45°), within ``slantedReach`` of a slanted family's angle (families are 15°
    /// apart, so every block has two or three: perspective and blur move a block's angle by up to ~13°).
    /// A line is read when it passes through a compatible block or the block width next to it (so the
    /// lines near the ends of the bars are read too, for the corner points), over the stretches that cover
    /// each run of compatible blocks it passes through plus, on each side, ``margin`` pixels and three
    /// times that run's length: blur, small modules and glare leave only part of a symbol with candidate
    /// blocks (on the synthetic corpus as little as a quarter of its length), and the margin brings back
    /// the rest and the quiet zones (``Family/segments(_:_:)``).
    struct Guide {
        static let rowColumnReach = 50.0
        static let slantedReach = 15.0
        static let margin = 64.0

        let blocks: [CandidateMap.LinearBlock]

        init(_ blocks: [CandidateMap.LinearBlock]) {
            self.blocks = blocks
        }

        /// True when block `b`'s centre lies inside the symbol outline `quad` (corner points in image
        /// pixels, either winding) grown by half a block on every side: the symbol read there explains the
        /// block.
        static func explains(_ quad: [Point], _ b: CandidateMap.LinearBlock) -> Bool {
            let half = Double(CandidateMap.blockSize) / 2
            let p = Point(Double(b.x * CandidateMap.blockSize) + half, Double(b.y * CandidateMap.blockSize) + half)
            return Quadrilateral.contains(quad, p, margin: half)
        }

        /// True when some candidate is within reach of a slanted family at `angle`.
        func wants(_ angle: Double) -> Bool {
            blocks.contains { CandidateMap.angleDistance($0.angle, angle) <= Guide.slantedReach }
        }

        /// The compatible blocks of one family, in the family's line coordinates.
        func family(_ lines: LineSet) -> Family {
            let half = Double(CandidateMap.blockSize) / 2
            var out: [Family.Block] = []
            for b in blocks {
                let cx = Double(b.x * CandidateMap.blockSize) + half
                let cy = Double(b.y * CandidateMap.blockSize) + half
                switch lines.axis {
                case .rows:
                    guard CandidateMap.angleDistance(b.angle, 0) <= Guide.rowColumnReach else { continue }
                    out.append(Family.Block(c: cy, t: cx, reach: half))
                case .columns:
                    guard CandidateMap.angleDistance(b.angle, 90) <= Guide.rowColumnReach else { continue }
                    out.append(Family.Block(c: cx, t: cy, reach: half))
                case .slanted(let angle):
                    guard CandidateMap.angleDistance(b.angle, angle) <= Guide.slantedReach else { continue }
                    // A square of side 2·half projects onto a unit direction (dx, dy) as ±half·(|dx| + |dy|).
                    let reach = half * (abs(lines.dx) + abs(lines.dy))
                    out.append(
                        Family.Block(
                            c: -lines.dy * cx + lines.dx * cy, t: lines.dx * cx + lines.dy * cy,
                            reach: reach))
                }
            }
            return Family(blocks: out)
        }

        /// A family's compatible blocks: centre offset `c` across the lines (the line coordinate), centre
        /// position `t` along them, and half extent `reach` both ways.
        struct Family {
            struct Block {
                var c: Double
                var t: Double
                var reach: Double
            }
            /// In order of `c`.
            let blocks: [Block]
            /// The largest `reach` of `blocks`.
            private let maxReach: Double
            var isEmpty: Bool { blocks.isEmpty }

            init(blocks: [Block]) {
                self.blocks = blocks.sorted { $0.c < $1.c }
                maxReach = blocks.map(\.reach).max() ?? 0
            }

            /// The blocks that line offset `c` across the family may meet (``meets(_:_:)`` decides): those
            /// whose `c` is within `maxReach` and a block's side of it, found by bisection.
            private func near(_ c: Double) -> ArraySlice<Block> {
                let lo = c - maxReach - Double(CandidateMap.blockSize)
                var a = 0, b = blocks.count
                while a < b {
                    let m = (a + b) / 2
                    if blocks[m].c < lo { a = m + 1 } else { b = m }
                }
                let hi = c + maxReach + Double(CandidateMap.blockSize)
                var end = a
                while end < blocks.count && blocks[end].c <= hi { end += 1 }
                return blocks[a..<end]
            }

            /// Line `index`'s offset across the family, where its position 0 lies along the family, and its
            /// length (pixels).
            private func placement(_ lines: LineSet, _ index: Int) -> (c: Double, t0: Double, length: Int) {
                switch lines.axis {
                case .rows: return (Double(index) + 0.5, 0, lines.width)
                case .columns: return (Double(index) + 0.5, 0, lines.height)
                case .slanted:
                    let clip = lines.clip(index)
                    return (clip.c, clip.t0, Int(clip.t1 - clip.t0))
                }
            }

            /// True when a block meets line `index` at offset `c` across the family (within a block of it).
            private static func meets(_ b: Block, _ c: Double) -> Bool {
                abs(c - b.c) <= b.reach + Double(CandidateMap.blockSize)
            }

            /// True when every block that line `index` meets inside `segment` (positions along the line)
            /// lies within a block's side of one of the `reads` (spans of positions along the line,
            /// pixels): no candidate on that stretch of the line is left that none of them explains.
            func explains(_ lines: LineSet, _ index: Int, reads: [ClosedRange<Int>], in segment: Range<Int>) -> Bool {
                let (c, t0, _) = placement(lines, index)
                let side = Double(CandidateMap.blockSize)
                return near(c).allSatisfy { b in
                    guard Self.meets(b, c) else { return true }
                    let lo = b.t - b.reach - t0, hi = b.t + b.reach - t0
                    guard hi > Double(segment.lowerBound), lo < Double(segment.upperBound) else { return true }
                    return reads.contains { Double($0.lowerBound) - side <= lo && hi <= Double($0.upperBound) + side }
                }
            }

            /// The stretches of line `index` to read (positions along the line, in order, disjoint), none
            /// when it meets no block. The blocks the line meets form runs along it: a block joins the run
            /// before it when it lies within that run's stretch. A run's stretch is its extent plus, on
            /// each side, ``Guide/margin`` pixels and three times its length; overlapping stretches are
            /// read as one. Blocks far apart on one line (text and a symbol across a sheet) are read as
            /// separate stretches, not as the whole line between them.
            func segments(_ lines: LineSet, _ index: Int) -> [Range<Int>] {
                let (c, t0, length) = placement(lines, index)
                guard length > 0 else { return [] }
                var spans: [(lo: Double, hi: Double)] = []
                for b in near(c) where Self.meets(b, c) { spans.append((b.t - b.reach, b.t + b.reach)) }
                guard !spans.isEmpty else { return [] }
                spans.sort { $0.lo < $1.lo }
                func stretch(_ lo: Double, _ hi: Double) -> (Double, Double) {
                    let m = Guide.margin + 3 * (hi - lo)
                    return (lo - m, hi + m)
                }
                var runs: [(lo: Double, hi: Double)] = []
                for span in spans {
                    if let last = runs.last, span.lo <= stretch(last.lo, last.hi).1 {
                        runs[runs.count - 1].hi = max(last.hi, span.hi)
                    } else {
                        runs.append(span)
                    }
                }
                var out: [Range<Int>] = []
                for run in runs {
                    let (lo, hi) = stretch(run.lo, run.hi)
                    let start = max(0, Int((lo - t0).rounded(.down)))
                    let end = min(length, Int((hi - t0).rounded(.up)))
                    guard start < end else { continue }
                    if let last = out.last, start <= last.upperBound {
                        out[out.count - 1] = last.lowerBound..<max(last.upperBound, end)
                    } else {
                        out.append(start..<end)
                    }
                }
                return out
            }
        }
    }
}
