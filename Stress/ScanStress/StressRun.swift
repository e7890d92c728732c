import Dispatch
import Foundation
import ScanCore
import ScanImageIO
import Synchronization

/// The misread stress run: random payloads for every family, rendered by our encoders and zint, drawn,
/// damaged, decoded in process with every format wanted, and every reported value checked against the
/// encoded one. Missing a damaged symbol is fine; a value that is not exactly the encoded one is wrong.
///
/// ```swift
/// var o = StressRun.Options()
/// o.count = 2000
/// let report = try StressRun.run(o, decoders: BuiltinPlugins.registry(), encoders: BuiltinPlugins.encoderRegistry())
/// report.wrong     // 0
/// ```
///
/// Symbol `i` of a run is family `families[i % families.count]`, made from ``StressRandom`` seeded by the
/// run's seed and `i`: a run is the same on every machine and a symbol can be made again alone
/// (``Options/only``).
public enum StressRun {
    public struct Options: Sendable {
        /// Symbols to make. Default: 2000.
        public var count = 2000
        /// The run's seed. Default: 1.
        public var seed: UInt64 = 1
        /// Families to make (``StressGenerator/families`` names). Default: all.
        public var families = StressGenerator.families
        /// Make only these symbol indices (to reproduce a failure). Default: all of `0..<count`.
        public var only: [Int]? = nil
        /// Folder for the image and description of every wrong value (created when needed); nil: none.
        public var failureFolder: String? = nil
        /// Symbols rendered per batch (zint processes per batch: one per symbology and argument set).
        public var batch = 1400
        /// The decoding options (every format is wanted).
        public var decode = DecodeOptions()

        public init() {}
    }

    /// One family's counts.
    public struct Row: Sendable, Equatable {
        public var symbols = 0
        /// Symbols read with their exact value.
        public var read = 0
        /// Symbols read only partially right (an EAN/UPC symbol without its add-on).
        public var partial = 0
        /// Wrong values reported (a symbol can give more than one).
        public var wrong = 0
        /// Symbols zint would not render (not counted in `symbols`).
        public var unrendered = 0
        /// Processor time spent drawing, damaging and decoding, seconds (this family's share of the run).
        public var seconds = 0.0
    }

    /// A wrong value, with what is needed to see it again.
    public struct WrongValue: Sendable {
        public var index: Int
        public var family: String
        public var format: BarcodeFormat
        public var bytes: [UInt8]
        public var accepted: [StressCase.Expected]
        public var damages: [StressDamage]
        /// The image written for it, if a failure folder was given.
        public var image: String?
    }

    public struct Report: Sendable {
        public var rows: [String: Row] = [:]
        public var wrongValues: [WrongValue] = []
        public var seed: UInt64 = 0
        public var wrong: Int { rows.values.reduce(0) { $0 + $1.wrong } }

        /// The per-family table and the totals, as printed by `make stress`.
        public func table(families: [String]) -> String {
            var lines = ["family        symbols      read   partial     wrong   ms/symbol"]
            var total = Row()
            for f in families {
                guard let r = rows[f] else { continue }
                lines.append(Self.line(f, r))
                total.symbols += r.symbols
                total.read += r.read
                total.partial += r.partial
                total.wrong += r.wrong
                total.unrendered += r.unrendered
                total.seconds += r.seconds
            }
            lines.append(Self.line("TOTAL", total))
            if total.unrendered > 0 { lines.append("(\(total.unrendered) payloads zint refused were skipped)") }
            return lines.joined(separator: "\n")
        }

        static func line(_ name: String, _ r: Row) -> String {
            func col(_ v: Int) -> String { String(v).rightAligned(to: 10) }
            let ms = r.symbols > 0 ? String(format: "%.1f", 1000 * r.seconds / Double(r.symbols)) : "-"
            return name.padding(toLength: 12, withPad: " ", startingAt: 0) + col(r.symbols) + col(r.read)
                + col(r.partial) + col(r.wrong) + ms.rightAligned(to: 12)
        }
    }

    /// What decoding one symbol gave.
    struct Outcome: Sendable {
        var family: String
        var rendered: Bool
        var verdict: StressCase.Verdict?
        var wrong: [Barcode]
        var image: LuminanceImage?
        var seconds = 0.0
    }

    /// Runs the stress test. `progress` is called after each batch with the symbols done so far.
    public static func run(
        _ o: Options, decoders: DecoderRegistry, encoders: EncoderRegistry, progress: (Int) -> Void = { _ in }
    ) throws -> Report {
        var report = Report()
        report.seed = o.seed
        let indices = o.only ?? Array(0..<o.count)
        var done = 0
        for start in stride(from: 0, to: indices.count, by: max(1, o.batch)) {
            let chunk = Array(indices[start..<min(indices.count, start + max(1, o.batch))])
            let cases = chunk.map { i in
                StressGenerator.makeCase(family: o.families[i % o.families.count], seed: o.seed, index: i)
            }
            let modules = try render(cases, encoders: encoders)
            let outcomes = Mutex([Outcome?](repeating: nil, count: cases.count))
            DispatchQueue.concurrentPerform(iterations: cases.count) { k in
                let started = threadSeconds()
                var outcome = decodeOne(cases[k], modules[k], index: chunk[k], seed: o.seed, decoders, o.decode)
                outcome.seconds = threadSeconds() - started
                outcomes.withLock { $0[k] = outcome }
            }
            let results = outcomes.withLock { $0 }
            for (k, outcome) in results.enumerated() {
                guard let outcome else { continue }
                var row = report.rows[outcome.family] ?? Row()
                defer { report.rows[outcome.family] = row }
                guard outcome.rendered else {
                    row.unrendered += 1
                    continue
                }
                row.symbols += 1
                row.seconds += outcome.seconds
                if outcome.verdict == .right { row.read += 1 } else if outcome.verdict == .partial { row.partial += 1 }
                row.wrong += outcome.wrong.count
                for b in outcome.wrong {
                    let c = cases[k]
                    var w = WrongValue(
                        index: chunk[k], family: c.family, format: b.format, bytes: b.rawBytes, accepted: c.accepted,
                        damages: c.scene.damages)
                    if let folder = o.failureFolder, let image = outcome.image {
                        w.image = try save(w, image: image, folder: folder, seed: o.seed)
                    }
                    report.wrongValues.append(w)
                }
            }
            done += chunk.count
            progress(done)
        }
        return report
    }

    /// Processor time of the calling thread, seconds.
    static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The modules of each case: our encoders in place, zint in one batch per symbology and arguments.
    static func render(_ cases: [StressCase], encoders: EncoderRegistry) throws -> [StressModules?] {
        var out = [StressModules?](repeating: nil, count: cases.count)
        var groups: [String: (symbology: String, arguments: [String], items: [(Int, String)])] = [:]
        for (k, c) in cases.enumerated() {
            switch c.source {
            case .encoder(let format, let payload, let options):
                guard let symbol = try? encoders.encode(payload, format: format, options: options).first else {
                    continue
                }
                out[k] = StressModules(modules: symbol.modules, kind: symbol.isLinear ? .linear : .matrix)
            case .zint(let symbology, let arguments, let data):
                let key = ([symbology] + arguments).joined(separator: " ")
                groups[key, default: (symbology, arguments, [])].items.append((k, data))
            }
        }
        for (_, g) in groups.sorted(by: { $0.key < $1.key }) {
            let kind = kind(of: cases[g.items[0].0])
            let rendered = try StressZint.render(
                symbology: g.symbology, arguments: g.arguments, lines: g.items.map(\.1), kind: kind)
            for (j, item) in g.items.enumerated() { out[item.0] = rendered[j] }
        }
        return out
    }

    static func kind(of c: StressCase) -> StressModules.Kind {
        switch c.family {
        case "qrcode", "datamatrix", "aztec": return .matrix
        case "pdf417": return .stacked
        default: return .linear
        }
    }

    /// Draws, damages and decodes one symbol and judges what was read.
    static func decodeOne(
        _ c: StressCase, _ modules: StressModules?, index: Int, seed: UInt64, _ decoders: DecoderRegistry,
        _ options: DecodeOptions
    ) -> Outcome {
        guard let modules else { return Outcome(family: c.family, rendered: false, verdict: nil, wrong: []) }
        let image = makeImage(c, modules, index: index, seed: seed)
        let found = decoders.decode(FrameContext(image: image), options: options)
        var verdict: StressCase.Verdict?
        var wrong: [Barcode] = []
        for b in found {
            switch c.judge(b) {
            case .right: verdict = .right
            case .partial: if verdict == nil { verdict = .partial }
            case .wrong: wrong.append(b)
            }
        }
        return Outcome(
            family: c.family, rendered: true, verdict: verdict, wrong: wrong, image: wrong.isEmpty ? nil : image)
    }

    /// The damaged image of a case (the noise has its own random stream, so it is the same every time).
    public static func makeImage(_ c: StressCase, _ modules: StressModules, index: Int, seed: UInt64)
        -> LuminanceImage
    {
        var image = StressImage.draw(modules, scene: c.scene)
        var noise = StressRandom(seed: seed, index: index, stream: 1)
        for d in c.scene.damages { image.apply(d, paper: c.scene.light, random: &noise) }
        return image.luminance
    }

    /// Writes a wrong value's image (PNG) and description (text) into `folder`; returns the image path.
    static func save(_ w: WrongValue, image: LuminanceImage, folder: String, seed: UInt64) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stem = "\(folder)/\(w.family)-seed\(seed)-\(w.index)"
        try PNGWriter.write(image, to: stem + ".png")
        func show(_ b: [UInt8]) -> String {
            let text = String(decoding: b, as: UTF8.self)
            let hex = b.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            return "\(text.debugDescription) [\(hex)]"
        }
        let lines =
            [
                "symbol \(w.index) of seed \(seed) (family \(w.family)): scanstress --seed \(seed) --only \(w.index)",
                "reported: \(w.format.name) \(show(w.bytes))",
            ] + w.accepted.map { "accepted: \($0.format.name) \(show($0.bytes))\($0.complete ? "" : " (partial)")" }
            + ["damage: " + (w.damages.isEmpty ? "none" : w.damages.map(\.description).joined(separator: ", "))]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: stem + ".txt"))
        return stem + ".png"
    }
}

extension String {
    /// Padded on the left with spaces to `n` characters.
    func rightAligned(to n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
