extension LinearScanner {
    /// Tells a read that spans a whole symbol from one that a scan line cut short by leaving (or entering)
    /// the bars through their top or bottom edge, using the parallel lines beside the read.
    ///
    /// A tilted symbol read along a line family at angle θ from its axis: where the line crosses one of the
    /// symbol's ends (the first or last bar's outer edge), the ends seen on the neighbouring lines move by
    /// tan θ pixels along the line per line across (both in the same sense: the two ends are parallel).
    /// Where the line leaves through the top or bottom edge instead, the place the bars stop moves by
    /// cot θ per line: on the lines on one side the bars run on past the read's end, on the other they stop
    /// short of it. Symbologies without a check character or a distinct start and stop per length (ITF above
    /// all) can read the bars before such an exit as a shorter, valid-looking symbol.
    ///
    /// So both ends of a read are measured on the lines ``spacing`` × the read's mean run width to either
    /// side: where the light beyond them begins (light at least half-way between the widest space inside
    /// the read and the quiet zone seen on the read's line, through noise specks; luminance lines are
    /// thresholded at one grey level taken from the read; a line that reaches its own end first gives no
    /// measurement). An end is crossed through a long edge when it moves by more than ``maxRate`` per line
    /// on both sides, outwards on one and inwards on the other (a line beside that does not cross half the
    /// read's bars counts as stopping short of both ends); such a read is cut. A whole read's ends move
    /// by tan θ, less than that; text or glare beside the bars moves an end on one side only, which is
    /// no evidence; and with no line measurable on one side the read stands.
    enum SymbolEnds {
        /// Largest rate (pixels along per line across) at which an end of a whole read moves: tan θ is at
        /// most 1.19 within the families' reach (50° for rows and columns); cot θ exceeds it below 38°.
        static let maxRate = 1.25
        /// Distance of the lines measured beside a read, in mean run widths of the read.
        static let spacing = 2.0
        /// Dark runs narrower than this × the read's mean run width are noise (about 0.6 of a narrow bar).
        static let speckFraction = 0.35
        /// How far (pixels) the read's end on its line may lie from the edge this measurement's fixed grey
        /// level finds there: the line source puts edges at the middle of the local envelope, which moves a
        /// blurred edge against a fixed level by up to about a pixel.
        static let edgeTolerance = 1.5

        /// True when the read `hit` on line `hit.line` of `lines` ends where the symbol ends, judged on lines
        /// of `source` (read whole, not cached).
        static func consistent(_ hit: Hit, lines: LineSet, source: LineSource) -> Bool {
            let index = hit.line
            let s = Double(hit.forwardStart), e = Double(hit.forwardEnd)
            // The lines' runs: from a luminance source, thresholded at one grey level taken from the read
            // (the hysteresis of the line source follows the noise in a quiet zone and sees bars in it).
            let read: (Int) -> Profile
            if case .profile(let image, _, _) = source {
                let smoothed = Profile.smoothed(lines.profile(image, index))
                guard let level = Profile.level(smoothed, s, e) else { return true }
                read = {
                    $0 == index
                        ? Profile(smoothed, level: level)
                        : Profile(Profile.smoothed(lines.profile(image, $0)), level: level)
                }
            } else {
                read = { Profile(lines.scanLine(source, $0)) }
            }
            let base = read(index)
            guard let inside = base.inside(s, e) else { return true }
            // A neighbour at distance d is at least 2 pixels away, so the rates are measured over 4 pixels.
            let d = max(2, Int((spacing * inside.meanRun).rounded()))
            // Light beyond an end counts as quiet zone from half-way between the widest space inside the read
            // and the light actually seen beyond that end on this line (at most twice the widest space).
            func threshold(_ quiet: Double?) -> Double? {
                guard let q = quiet, q > 1.2 * inside.widestSpace else { return nil }
                return max(2, min(2 * inside.widestSpace, (inside.widestSpace + q) / 2))
            }
            // Dark runs this much narrower than the read's runs are noise in the light, not bars.
            let speck = speckFraction * inside.meanRun
            guard let qStart = threshold(base.lightBefore(s, speck: speck)),
                let qEnd = threshold(base.lightAfter(e, speck: speck)),
                let s0 = base.quietBefore(s, minimum: qStart, speck: speck),
                let e0 = base.quietAfter(e, minimum: qEnd, speck: speck)
            else { return true }
            let o0 = lines.origin(index)
            // How far the quiet zones before and after the symbol move on the lines beside (in pixels along
            // the lines, positive in reading direction), per side; nil for a side whose line crosses fewer
            // than half the read's bars (it left the bars).
            var moves: [(start: Double, end: Double)?] = []
            for side in [-1, 1] {
                let other = index + side * d
                guard other >= 0, other < lines.count else { continue }
                let shift = lines.origin(other) - o0
                let p = read(other)
                guard let crossing = p.inside(s - shift, e - shift), 2 * crossing.bars >= inside.bars else {
                    moves.append(nil)
                    continue
                }
                guard let a = p.quietBefore(s - shift, minimum: qStart, speck: speck),
                    let b = p.quietAfter(e - shift, minimum: qEnd, speck: speck)
                else { continue }
                moves.append((a + shift - s0, b + shift - e0))
            }
            guard moves.count == 2 else { return true }
            let limit = maxRate * Double(d)
            // A side whose line left the bars stops short of both ends.
            let starts = moves.map { $0?.start ?? Double.infinity }, ends = moves.map { $0?.end ?? -Double.infinity }
            // An end crossed through a long edge: on one side the bars run on past it, on the other they
            // stop short, both by more than a whole end moves.
            let startCrossed = starts.min()! < -limit && starts.max()! > limit
            let endCrossed = ends.max()! > limit && ends.min()! < -limit
            return !startCrossed && !endCrossed
        }

        /// One line's runs with their edge positions, for the measurements above.
        struct Profile {
            /// Run start positions (`runs.count + 1` entries, sub-pixel when the source gives them).
            let starts: [Double]
            var count: Int { starts.count - 1 }

            init(_ line: ScanLine) {
                starts = line.subpixelStarts ?? line.runStarts.map(Double.init)
            }

            /// The runs of a smoothed luminance profile (see ``smoothed(_:)``) against a fixed `level`:
            /// below it is dark; edges where the profile crosses it, interpolated between samples.
            init(_ p: [Double], level: Double) {
                var st: [Double] = [0]
                guard let first = p.first else {
                    starts = [0, 0]
                    return
                }
                var dark = first < level
                if dark { st.append(0) }
                for i in 1..<max(1, p.count) where (p[i] < level) != dark {
                    let a = p[i - 1], b = p[i]
                    // Sample i sits at i + 0.5.
                    st.append(Double(i) - 0.5 + (level - a) / (b - a))
                    dark.toggle()
                }
                st.append(Double(p.count))
                starts = st
            }

            /// `profile` smoothed with the kernel [1 2 1] / 4.
            static func smoothed(_ profile: [UInt8]) -> [Double] {
                let n = profile.count
                return (0..<n).map { i in
                    (Double(profile[max(0, i - 1)]) + 2 * Double(profile[i]) + Double(profile[min(n - 1, i + 1)])) / 4
                }
            }

            /// The grey level half-way between the bars and the spaces of the stretch `s`…`e` of a smoothed
            /// profile (its 10th and 90th percentiles), nil when they differ by less than 16 levels.
            static func level(_ p: [Double], _ s: Double, _ e: Double) -> Double? {
                let a = max(0, Int(s)), b = min(p.count, Int(e.rounded(.up)))
                guard b - a >= 4 else { return nil }
                let sorted = p[a..<b].sorted()
                let dark = sorted[sorted.count / 10], light = sorted[sorted.count * 9 / 10]
                guard light - dark >= 16 else { return nil }
                return (dark + light) / 2
            }

            func width(_ k: Int) -> Double { starts[k + 1] - starts[k] }
            /// Runs alternate light and dark, light first.
            func isLight(_ k: Int) -> Bool { k % 2 == 0 }

            /// The run covering position `x` (the last run for positions past the end).
            func run(at x: Double) -> Int {
                var lo = 0, hi = count - 1
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if starts[mid] <= x { lo = mid } else { hi = mid - 1 }
                }
                return lo
            }

            /// What lies between positions `s` and `e`: dark runs, mean run width, widest light run.
            func inside(_ s: Double, _ e: Double) -> (bars: Int, meanRun: Double, widestSpace: Double)? {
                guard e > s, count > 0 else { return nil }
                var bars = 0, runs = 0
                var widest = 0.0
                for k in run(at: s)...run(at: e) {
                    // Runs whose middle lies between the ends.
                    let mid = (starts[k] + starts[k + 1]) / 2
                    guard mid > s, mid < e else { continue }
                    runs += 1
                    if isLight(k) { widest = max(widest, width(k)) } else { bars += 1 }
                }
                guard bars >= 2 else { return nil }
                return (bars, (e - s) / Double(runs), widest)
            }

            /// The light runs around light run `k` joined through the dark runs narrower than `speck` between
            /// them (noise in a quiet zone): the first and last run index.
            func stretch(_ k: Int, speck: Double) -> (first: Int, last: Int) {
                var a = k, b = k
                while a >= 2 && width(a - 1) < speck { a -= 2 }
                while b + 2 < count && width(b + 1) < speck { b += 2 }
                return (a, b)
            }

            /// The width of the light (through specks) just before position `x`, where a read's first bar
            /// starts.
            func lightBefore(_ x: Double, speck: Double) -> Double? {
                var k = run(at: x - 0.5)
                // This profile's fixed level and the line source's own edges may place the read's first
                // edge up to `edgeTolerance` apart.
                if !isLight(k), k > 0, x - starts[k] <= edgeTolerance { k -= 1 }
                guard isLight(k) else { return nil }
                let (a, b) = stretch(k, speck: speck)
                return starts[b + 1] - starts[a]
            }

            /// The width of the light (through specks) just after position `x`, where a read's last bar ends.
            func lightAfter(_ x: Double, speck: Double) -> Double? {
                var k = run(at: x + 0.5)
                if !isLight(k), k + 1 < count, starts[k + 1] - x <= edgeTolerance { k += 1 }
                guard isLight(k) else { return nil }
                let (a, b) = stretch(k, speck: speck)
                return starts[b + 1] - starts[a]
            }

            /// Where the first light stretch (through specks) of at least `minimum` at or after `x` begins;
            /// nil when the line ends first (the image's edge tells nothing about the symbol's).
            func quietAfter(_ x: Double, minimum: Double, speck: Double) -> Double? {
                guard count > 0 else { return nil }
                var k = run(at: x)
                if !isLight(k) { k += width(k) < speck ? -1 : 1 }
                while k < count {
                    let (a, b) = stretch(k, speck: speck)
                    if starts[b + 1] - starts[a] >= minimum { return starts[a] }
                    k = b + 2
                }
                return nil
            }

            /// Where the first light stretch (through specks) of at least `minimum` at or before `x` ends;
            /// nil when the line starts first.
            func quietBefore(_ x: Double, minimum: Double, speck: Double) -> Double? {
                guard count > 0 else { return nil }
                var k = run(at: x)
                if !isLight(k) { k += width(k) < speck && k + 1 < count ? 1 : -1 }
                while k >= 0 {
                    let (a, b) = stretch(k, speck: speck)
                    if starts[b + 1] - starts[a] >= minimum { return starts[b + 1] }
                    k = a - 2
                }
                return nil
            }
        }
    }
}
