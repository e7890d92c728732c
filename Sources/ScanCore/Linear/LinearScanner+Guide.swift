extension LinearScanner {
    /// Which lines of a family to read, and which stretch of each, from a frame's ``CandidateMap``.
    ///
    /// A line family reads the linear candidate blocks whose scan direction is compatible with it: within
    /// ``rowColumnReach`` degrees of the rows' 0° or the columns' 90° (so a block is read by at least one
    /// of them, by both near 45°), within ``slantedReach`` of a slanted family's angle (families are 15°
    /// apart, so every block has two or three: perspective and blur move a block's angle by up to ~13°).
    /// A line is read when it passes through a compatible block or the block width next to it (so the
    /// lines near the ends of the bars are read too, for the corner points), over the stretch that covers
    /// all the compatible blocks it passes through plus, on each side, ``margin`` pixels and three times
    /// that stretch's length: blur, small modules and glare leave only part of a symbol with candidate
    /// blocks (on the synthetic corpus as little as a quarter of its length), and the margin brings back
    /// the rest and the quiet zones.
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
            let blocks: [Block]
            var isEmpty: Bool { blocks.isEmpty }

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

            /// True when every block that line `index` meets lies within a block's side of one of the
            /// `reads` (spans of positions along the line, pixels): no candidate on the line is left that
            /// none of them explains.
            func explains(_ lines: LineSet, _ index: Int, reads: [ClosedRange<Int>]) -> Bool {
                let (c, t0, _) = placement(lines, index)
                let near = Double(CandidateMap.blockSize)
                return blocks.allSatisfy { b in
                    guard Self.meets(b, c) else { return true }
                    let lo = b.t - b.reach - t0, hi = b.t + b.reach - t0
                    return reads.contains { Double($0.lowerBound) - near <= lo && hi <= Double($0.upperBound) + near }
                }
            }

            /// The stretch of line `index` to read (positions along the line), nil when it meets no block.
            func segment(_ lines: LineSet, _ index: Int) -> Range<Int>? {
                let (c, t0, length) = placement(lines, index)
                guard length > 0 else { return nil }
                var lo = Double.infinity, hi = -Double.infinity
                for b in blocks where Self.meets(b, c) {
                    lo = min(lo, b.t - b.reach)
                    hi = max(hi, b.t + b.reach)
                }
                guard lo <= hi else { return nil }
                let m = Guide.margin + 3 * (hi - lo)
                let start = max(0, Int((lo - m - t0).rounded(.down)))
                let end = min(length, Int((hi + m - t0).rounded(.up)))
                return start < end ? start..<end : nil
            }
        }
    }
}
