extension DecoderRegistry {
    /// The passes of one ``DecoderRegistry/decode(_:options:)`` call: what they found so far, and which
    /// plugin runs in which pass (see ``DecoderRegistry`` for the rules).
    struct PassRun {
        let plugins: [any SymbologyDecoder]
        let frame: FrameContext
        let options: DecodeOptions
        /// Every symbol read so far, corner points in `frame` pixels, without duplicates.
        private(set) var found: [Barcode] = []
        /// The kind of the plugin that read each of `found`.
        private var foundKinds: [SymbologyKind] = []
        /// Per symbol of `found`: read by the scan-line engine (``LinearSymbologyDecoder``), whose outlines
        /// are the lines that read the symbol.
        private var foundByEngine: [Bool] = []
        /// Per plugin: how many symbols it read so far.
        private var read: [Int]
        /// Per plugin: the places its passes could not read (frame pixels), or nil when it does not say.
        private var unresolved: [[[Point]]?]
        /// Told the CPU time of each plugin's part of each pass, when set.
        let trace: (@Sendable (PassTiming) -> Void)?

        init(
            plugins: [any SymbologyDecoder], frame: FrameContext, options: DecodeOptions,
            trace: (@Sendable (PassTiming) -> Void)? = nil
        ) {
            self.plugins = plugins
            self.frame = frame
            self.options = options
            self.trace = trace
            read = Array(repeating: 0, count: plugins.count)
            unresolved = Array(repeating: [], count: plugins.count)
        }

        /// True when `maxSymbols` symbols were read.
        var isFull: Bool { options.maxSymbols > 0 && found.count >= options.maxSymbols }

        /// Runs `pass` for the plugins it may still help, and merges what they read.
        mutating func perform(_ pass: DecodePass) {
            var context = pass.scale > 1 ? frame.downscaled(by: pass.scale) : frame
            if pass.inverted { context = context.inverted }
            let later = pass.kind != nil
            if later && !options.searchWholeFrame {
                // Look only where nothing read so far explains the candidate blocks.
                let scale = 1 / Double(pass.scale)
                var map = context.candidates
                if pass.coarseOnly { map = map.matrixBlocks(unseenBy: frame.candidates, scale: pass.scale) }
                map = map.removingBlocks(explainedBy: found.map { $0.cornerPoints.map { $0 * scale } })
                if map.isEmpty { return }
                // A symbol this pass is for has modules of half a block of the copy or more (smaller
                // ones the finer passes see), so it covers 5 × 5 of the copy's blocks or more (the
                // smallest, a 10 × 10 Data Matrix): fewer than 3 × 3 left unseen is texture.
                if pass.coarseOnly && map.matrixCount < 9 { return }
                // The outlines handed on are the two-dimensional symbols' only: a linear read can be a
                // misread through a 2D symbol's modules (see `withoutLinearInside2D`), and must not hide it.
                let outlines2D = found.indices.filter { foundKinds[$0] != .linear }.map {
                    found[$0].cornerPoints.map { $0 * scale }
                }
                context = context.restricted(to: map, readOutlines: outlines2D)
            }
            let chosen = plugins.indices.filter { !later || runs($0, in: pass, context) }
            guard !chosen.isEmpty else { return }
            var passOptions = options
            passOptions.binarizer = pass.binarizer
            // Matrix symbols that are light on dark are marked or printed so on purpose (laser etching,
            // inverse labels) and read without the try-harder effort, which keeps the negative's pass on a
            // frame without a code cheap. Linear symbols keep it: light bars on a dark can or tin are as
            // worn as any, and the linear engine reuses the positive's scan lines.
            var otherOptions = passOptions
            if pass.inverted { otherOptions.tryHarder = false }
            var outcomes: [(Int, PassOutcome)] = []
            var linear: [(Int, any LinearSymbologyDecoder)] = []
            for k in chosen {
                if let l = plugins[k] as? any LinearSymbologyDecoder { linear.append((k, l)) }
            }
            // The plugins outside the scan-line engine first: the modules and rows of the two-dimensional
            // (matrix and stacked) symbols they read make linear candidate blocks, which the engine then
            // leaves out where their centres lie inside a symbol's outline (a linear read centred there
            // would not be reported: `withoutLinearInside2D`) or within half a block of it, as later
            // passes do (those blocks straddle the outline and hold the symbol's edge modules). Blocks
            // further out stay: a linear symbol may sit right under one, its bars' ends need no quiet
            // zone, and bars about 24 pixels high or more keep a whole row of blocks below that strip.
            // Each of these plugins likewise
            // looks only where the symbols read by the ones before it leave candidate blocks: two symbols
            // never share their area, and a symbol's modules are clutter to the other symbologies.
            var read2D: [[Point]] = []
            for k in chosen where !linear.contains(where: { $0.0 == k }) {
                let plugin = plugins[k]
                var pluginContext = context
                if !options.searchWholeFrame && !read2D.isEmpty {
                    pluginContext = context.restricted(
                        to: context.candidates.removingBlocks(explainedBy: read2D, margin: 0),
                        readOutlines: context.readOutlines + read2D)
                }
                let start = trace == nil ? 0 : PassTiming.threadCPUMilliseconds()
                let outcome = plugin.decodePass(
                    pluginContext, pass: pass, options: plugin.kind == .linear ? passOptions : otherOptions)
                trace?(
                    PassTiming(
                        pass: pass, plugin: plugin.name, milliseconds: PassTiming.threadCPUMilliseconds() - start))
                outcomes.append((k, outcome))
                read2D += outcome.symbols.filter { options.wants($0.format) }.map(\.cornerPoints)
            }
            // Every linear plugin in one pass of the scan-line engine.
            if !linear.isEmpty {
                let start = trace == nil ? 0 : PassTiming.threadCPUMilliseconds()
                defer {
                    trace?(
                        PassTiming(
                            pass: pass, plugin: PassTiming.linearEngine,
                            milliseconds: PassTiming.threadCPUMilliseconds() - start))
                }
                var rows: [any LinearRowDecoder] = []
                for (_, plugin) in linear { rows.append(Self.rowDecoder(of: plugin)) }
                var linearContext = context
                if !options.searchWholeFrame && !read2D.isEmpty {
                    linearContext = context.restricted(
                        to: context.candidates.removingBlocks(
                            explainedBy: read2D, margin: Double(CandidateMap.blockSize) / 2),
                        readOutlines: context.readOutlines + read2D)
                }
                let contested = pass.scale > 1 ? frame.shared.contested.withLock { $0 } : []
                let byDecoder = LinearScanner.scan(
                    linearContext, options: passOptions, decoders: rows, meanOnly: pass.scale > 1,
                    contested: contested.map { $0.map { $0 * (1 / Double(pass.scale)) } })
                for (j, (k, plugin)) in linear.enumerated() {
                    let symbols = plugin.refine(byDecoder[j], frame: linearContext, options: passOptions)
                    outcomes.append((k, PassOutcome(symbols: symbols, unresolved: [])))
                }
            }
            let scale = Double(pass.scale)
            for (k, outcome) in outcomes.sorted(by: { $0.0 < $1.0 }) {
                for var b in outcome.symbols where options.wants(b.format) {
                    if pass.scale > 1 { b = b.scaled(by: scale) }
                    if pass.inverted { b.isInverted = true }
                    guard !DecoderRegistry.isDuplicate(b, of: found) else { continue }
                    // A place holds one symbol, printed dark on light or light on dark: a read of the
                    // negative whose outline meets a symbol read dark on light is that symbol's bars and
                    // spaces swapped (its spaces read as bars), which a symbology's rules can take for
                    // another symbol or another value.
                    if pass.inverted
                        && found.contains(where: {
                            !$0.isInverted && Quadrilateral.intersects($0.cornerPoints, b.cornerPoints)
                        })
                    {
                        continue
                    }
                    let byEngine = plugins[k] is any LinearSymbologyDecoder
                    if byEngine {
                        // A piece of a longer read of the bars gives way to it, whichever came first. Only
                        // among the engine's reads: another plugin's outline is whatever it reports.
                        let engine = found.indices.filter { foundByEngine[$0] }
                        if engine.contains(where: { DecoderRegistry.isFragment(b, of: found[$0]) }) { continue }
                        for i in engine.reversed() where DecoderRegistry.isFragment(found[i], of: b) {
                            found.remove(at: i)
                            foundKinds.remove(at: i)
                            foundByEngine.remove(at: i)
                        }
                    }
                    found.append(b)
                    foundKinds.append(plugins[k].kind)
                    foundByEngine.append(byEngine)
                    read[k] += 1
                }
                if let places = outcome.unresolved {
                    unresolved[k]? += places.map { $0.map { $0 * scale } }
                } else {
                    unresolved[k] = nil
                }
            }
        }

        /// `found` without the linear symbols that lie inside a two-dimensional (stacked or matrix) one:
        /// every module of a 2D symbol's area belongs to it, and the bars and spaces of its rows or
        /// modules can make a short linear symbol (a UPC-E) read along a line through it. A linear
        /// symbol lies inside when its centre is inside the 2D symbol's corner points.
        var withoutLinearInside2D: [Barcode] {
            let outlines = found.indices.filter { foundKinds[$0] != .linear }.map { found[$0].cornerPoints }
            guard !outlines.isEmpty else { return found }
            return found.indices.filter { i in
                guard foundKinds[i] == .linear, let centre = Quadrilateral.centre(found[i].cornerPoints) else {
                    return true
                }
                return !outlines.contains { Quadrilateral.contains($0, centre) }
            }.map { found[$0] }
        }

        /// True when plugin `k` takes part in the later pass `pass` over `context` (the pass's frame, its
        /// candidate map cleared where symbols were read).
        func runs(_ k: Int, in pass: DecodePass, _ context: FrameContext) -> Bool {
            let plugin = plugins[k]
            guard let kind = pass.kind, plugin.helpfulPasses.contains(kind) else { return false }
            // Linear and stacked symbols are 50 modules wide or more (a compact PDF417 with one data
            // column: 52): at the 24 px modules and more that the frame's map misses, 1,250 px, about
            // the whole of the frames under the downscale threshold; and their bars are long edges
            // repeated, which make linear blocks at full size.
            if pass.coarseOnly && plugin.kind != .matrix { return false }
            if !options.searchWholeFrame && !context.candidates.hasCandidates(for: plugin.kind) { return false }
            guard kind == .secondBinarizer else { return true }
            // The other binarizer for what this plugin saw but could not read.
            guard let places = unresolved[k] else { return read[k] == 0 }
            let outlines = found.map(\.cornerPoints)
            return places.contains { place in
                guard let centre = Quadrilateral.centre(place) else { return false }
                return !outlines.contains { Quadrilateral.contains($0, centre) }
            }
        }

        /// A linear plugin's row decoder, type-erased for the engine.
        static func rowDecoder<D: LinearSymbologyDecoder>(of plugin: D) -> any LinearRowDecoder {
            plugin.rowDecoder
        }
    }
}
