import Dispatch
import Foundation
import ScanCore
import ScanImageIO
import ScanSession
import ScanValues
import Synchronization

/// `scanctl decode [options] IMAGE...`: decode image files and print what they hold.
enum DecodeCommand {
    static let help = """
        USAGE: scanctl decode [options] IMAGE...

        Decodes every symbol in each image (PNG, JPEG, PGM/PPM) and prints one line per symbol:
        'FORMAT: VALUE', with the file name first when several images are given. VALUE is the display
        value of the parsed value type (a contact's name, a URL, a network name, a GS1 string in HRI
        form); --json adds value_type and the parsed value (see Docs/value-types.md).

        OPTIONS:
          --formats LIST        Comma-separated formats to look for (default: all). See 'scanctl plugins'.
          --plugin PATH         Also decode with the plugin library PATH (repeatable; Docs/plugins.md).
          --json                One JSON object per symbol and line (snake_case keys; see Docs/cli.md).
          --fast                Try-harder off: fewer scan lines, one binarizer.
          --pure                The image is one symbol, axis-aligned, perhaps without a quiet zone.
          --no-rotate           Do not look for symbols turned by 90 degrees.
          --no-invert           Do not look for light-on-dark symbols.
          --no-downscale        Do not retry large images at a lower resolution.
          --binarizer NAME      local (default) or global_histogram.
          --ean-addon POLICY    EAN-2/EAN-5 add-ons: ignore, read (default) or require.
          --max-symbols N       Report at most N symbols per image (default 0: no limit).
          --search-whole-frame  Scan everywhere, not only where the candidate map sees code-like edges.
          --itf-min-length N    Shortest ITF accepted, in digits (default 6; 2 or more).
          --code39-full-ascii MODE        off, on or auto (default auto).
          --code39-check-character MODE   ignore (default), verify or verify_and_strip.
          --codabar-min-length N          Fewest Codabar data characters (default 3).
          --max-pixels N        Refuse images larger than N pixels (default 100000000).
          --roi X,Y,W,H         Decode only this region: four fractions of the image (0.25,0.25,0.5,0.5).
          --annotate DIR        Also write each image to DIR as NAME.png with every symbol's outline,
                                format and value drawn on it (and the --roi box). DIR is created.
          -h, --help            Show this help.

        EXIT STATUS: 0 when at least one symbol was found, 1 when none, 2 for a usage error, an image
        that could not be read or an annotated copy that could not be written (the other images are
        still decoded).
        """

    struct Settings {
        var options = DecodeOptions()
        var json = false
        var limits = ImageLimits.default
        var files: [String] = []
        /// `--plugin` libraries, in the order given.
        var plugins: [String] = []
        /// `--formats`, checked once the plugins are loaded.
        var formatList: String?
        /// `--roi`: decode only this part of each image.
        var region: RegionOfInterest?
        /// `--annotate`: where annotated copies go.
        var annotateDirectory: String?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let settings: Settings
        do {
            guard let parsed = try parse(arguments) else {
                print(help)
                return ExitStatus.success
            }
            settings = parsed
        } catch {
            Console.error("\(error)\nRun 'scanctl decode --help' for usage.")
            return ExitStatus.usage
        }
        guard let registry = CommandRegistry.make(plugins: settings.plugins) else { return ExitStatus.usage }
        var s = settings
        if let list = s.formatList {
            do {
                s.options.formats = try parseFormats(list, known: registry.formats)
            } catch {
                Console.error("\(error)\nRun 'scanctl decode --help' for usage.")
                return ExitStatus.usage
            }
        }
        return decodeAll(s, registry: registry)
    }

    /// Parses the arguments; `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws -> Settings? {
        var p = OptionParser(arguments)
        var s = Settings()
        while let option = p.nextOption() {
            switch option {
            case "-h", "--help": return nil
            case "--json": try p.flag(option); s.json = true
            case "--fast": try p.flag(option); s.options.tryHarder = false
            case "--pure": try p.flag(option); s.options.pure = true
            case "--no-rotate": try p.flag(option); s.options.tryRotate = false
            case "--no-invert": try p.flag(option); s.options.tryInvert = false
            case "--no-downscale": try p.flag(option); s.options.tryDownscale = false
            case "--formats": s.formatList = try p.value(for: option)
            case "--plugin": s.plugins.append(try p.value(for: option))
            case "--binarizer":
                let v = try p.value(for: option)
                guard let kind = BinarizerKind(rawValue: v) else {
                    throw OptionParser.UsageError(description: "--binarizer takes local or global_histogram, not '\(v)'")
                }
                s.options.binarizer = kind
            case "--ean-addon":
                let v = try p.value(for: option)
                guard let policy = EANAddOnPolicy(rawValue: v) else {
                    throw OptionParser.UsageError(description: "--ean-addon takes ignore, read or require, not '\(v)'")
                }
                s.options.eanAddOn = policy
            case "--max-symbols": s.options.maxSymbols = try p.integer(for: option, in: 0...1_000_000)
            case "--search-whole-frame": try p.flag(option); s.options.searchWholeFrame = true
            case "--itf-min-length": s.options.itfMinLength = try p.integer(for: option, in: 2...1000)
            case "--codabar-min-length": s.options.codabarMinLength = try p.integer(for: option, in: 1...1000)
            case "--code39-full-ascii":
                s.options.code39FullASCII = try choice(try p.value(for: option), option: option)
            case "--code39-check-character":
                s.options.code39CheckCharacter = try choice(try p.value(for: option), option: option)
            case "--max-pixels": s.limits.maxPixels = try p.integer(for: option, in: 1...Int(Int32.max) * 4)
            case "--roi": s.region = try parseRegion(try p.value(for: option))
            case "--annotate":
                let dir = try p.value(for: option)
                guard !dir.isEmpty else { throw OptionParser.UsageError(description: "--annotate needs a directory") }
                s.annotateDirectory = dir
            default: throw OptionParser.UsageError(description: "unknown option '\(option)'")
            }
        }
        s.files = p.operands
        guard !s.files.isEmpty else { throw OptionParser.UsageError(description: "no image given") }
        return s
    }

    /// One of an enum's raw values, or a usage error listing them.
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, option: String) throws -> T
    where T.RawValue == String {
        guard let v = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw OptionParser.UsageError(description: "\(option) takes \(names), not '\(text)'")
        }
        return v
    }

    /// Parses `ean13,upc-a,QR Code`; an unknown name is an error listing the known ones.
    static func parseFormats(_ list: String, known: Set<BarcodeFormat>) throws -> Set<BarcodeFormat> {
        var out: Set<BarcodeFormat> = []
        for item in list.split(separator: ",") {
            guard let f = BarcodeFormat(parsing: String(item)), known.contains(f) else {
                let names = known.sorted().map(\.name).joined(separator: ", ")
                throw OptionParser.UsageError(description: "unknown format '\(item)'; known: \(names)")
            }
            out.insert(f)
        }
        guard !out.isEmpty else { throw OptionParser.UsageError(description: "--formats needs at least one format") }
        return out
    }

    /// What one file gave: its symbols, or the error that stopped it.
    enum Outcome: Sendable {
        case decoded([Barcode])
        case failed(String)
    }

    /// Decodes the files in parallel on all cores and prints the results in the order given.
    static func decodeAll(_ s: Settings, registry: DecoderRegistry) -> Int32 {
        let outcomes = Mutex([Outcome?](repeating: nil, count: s.files.count))
        let files = s.files, options = s.options, limits = s.limits, region = s.region
        let annotations: [String?]
        switch annotationPaths(for: files, in: s.annotateDirectory) {
        case .success(let paths): annotations = paths
        case .failure(let error):
            Console.error(error.description)
            return ExitStatus.usage
        }
        let annotationFailures = Mutex([String?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let outcome: Outcome
            do {
                let frame = try ImageReader.read(contentsOf: files[i], limits: limits)
                let found =
                    region.map { $0.decode(frame.luminance(), registry: registry, options: options) }
                    ?? registry.decode(frame, options: options)
                // Every result goes through the value parser: value_type, value and display_value.
                let codes = found.map { $0.withParsedValue() }
                outcome = .decoded(codes)
                if let path = annotations[i], let failure = annotate(frame, codes: codes, region: region, to: path) {
                    annotationFailures.withLock { $0[i] = failure }
                }
            } catch {
                outcome = .failed(String(describing: error))
            }
            outcomes.withLock { $0[i] = outcome }
        }
        var found = 0, failed = 0
        let all = outcomes.withLock { $0 }
        for (file, outcome) in zip(files, all) {
            switch outcome {
            case .decoded(let codes)?:
                found += codes.count
                for code in codes { print(line(for: code, file: file, json: s.json, several: files.count > 1)) }
            case .failed(let message)?:
                failed += 1
                Console.error(message)
            case nil:
                failed += 1
                Console.error("\(file): not decoded")
            }
        }
        for failure in annotationFailures.withLock({ $0 }).compactMap({ $0 }) {
            failed += 1
            Console.error(failure)
        }
        if failed > 0 { return ExitStatus.usage }
        return found > 0 ? ExitStatus.success : ExitStatus.nothingFound
    }

    static func line(for code: Barcode, file: String, json: Bool, several: Bool) -> String {
        if json {
            var o = code.jsonObject
            o["file"] = .string(file)
            return JSONValue.object(o).serialized
        }
        let text = "\(code.format.name): \(code.displayValue)"
        return several ? "\(file): \(text)" : text
    }
}
