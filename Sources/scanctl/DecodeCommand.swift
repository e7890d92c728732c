import Dispatch
import Foundation
import ScanCore
import ScanImageIO
import ScanSession
import ScanValues
import Synchronization

/// `scanctl decode [options] IMAGE...`: decode image files and print what they hold.
enum DecodeCommand {
    struct Settings {
        var options = DecodeOptions()
        var json = false
        var raw = false
        var progress = true
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

    static let options: [CommandOption<Settings>] = [
        CommandOption(
            OptionSpec(
                names: ["--formats"], value: "LIST",
                summary:
                    "Comma-separated formats to look for ('ean13,upca'; 'EAN-13' works too; 'all' for every one; repeated, the lists add up). See 'scanctl plugins'.",
                defaultText: "all", completion: .decoderFormats)
        ) { s, _, value in s.formatList = [s.formatList, value].compactMap { $0 }.joined(separator: ",") },
        CommandRegistry.pluginOption(\Settings.plugins),
        CommandOption.flag(
            OptionSpec(
                names: ["--json"], summary: "One JSON object per symbol and line (snake_case keys; Docs/cli.md)."),
            sets: \.json),
        CommandOption.flag(
            OptionSpec(
                names: ["--raw"],
                summary: "The payload only, as it is, one symbol per line: no file name, format or escaping."),
            sets: \.raw),
        CommandOption.integer(
            OptionSpec(
                names: ["--max-pixels"], value: "N", summary: "Refuse images with more pixels than N.",
                defaultText: String(ImageLimits.default.maxPixels)),
            in: 1...Int(Int32.max) * 4, into: \.limits.maxPixels),
        CommandOption.flag(
            OptionSpec(
                names: ["--no-progress"], summary: "No progress bar on stderr (drawn for batches on a terminal)."),
            sets: \.progress, to: false),
        CommandOption(
            OptionSpec(
                names: ["--roi"], value: "X,Y,W,H",
                summary: "Decode only this region: four fractions of the image, origin top left (0.25,0.25,0.5,0.5).",
                defaultText: "whole image")
        ) { s, _, value in s.region = try parseRegion(value ?? "") },
        CommandOption(
            OptionSpec(
                names: ["--annotate"], value: "DIR",
                summary: "Also write each image to DIR as NAME.png with every symbol's outline, format and value "
                    + "drawn on it (and the --roi box); DIR is created, an input is never replaced.",
                completion: .directories)
        ) { s, _, value in
            guard let dir = value, !dir.isEmpty else {
                throw OptionParser.UsageError(description: "--annotate needs a directory")
            }
            s.annotateDirectory = dir
        },
    ]

    static let decodeOptions: [CommandOption<Settings>] = DecodeOptions.declarations.map {
        $0.commandOption(\Settings.options)
    }

    static let spec = CommandSpec(
        name: "decode", usage: ["decode [options] IMAGE..."],
        summary: "Decode images (or '-': standard input) and print the symbols found.",
        description: [
            "Decodes every symbol in each image and prints one line per symbol, in the order of the images: "
                + "'FORMAT: VALUE', with the file name first when several images are given, and the value type "
                + "when the payload is more than text ('qrcode (wifi): MyNet'). VALUE is the display value (a "
                + "contact's name, a URL, a network's name, a GS1 string in HRI form) with line breaks escaped as "
                + "\\n; --raw prints the payload as it is, --json every field (see Docs/value-types.md).",
            "Images are PNG, JPEG (also CMYK), WebP or PGM/PPM, recognised by their content; '-' reads one image "
                + "from standard input. They are decoded in parallel on all cores; on a terminal a progress bar "
                + "shows how far a batch is.",
            "Besides the built-in plugins, decoding uses the plugin libraries given with --plugin, then those of "
                + "the plugin folders (~/.local/lib/scanctl/plugins and /usr/lib/scanctl/plugins, or "
                + "SCANCTL_PLUGIN_PATH); --formats accepts their formats too (Docs/plugins.md).",
        ],
        groups: [
            OptionGroup(title: "OPTIONS", options: options.map(\.spec)),
            OptionGroup(
                title: "DECODE OPTIONS",
                note: "The same knobs as a session connection's 'options:', named in snake_case there "
                    + "(--itf-min-length is itf_min_length).",
                options: decodeOptions.map(\.spec)),
        ],
        operands: [.files(["png", "jpg", "jpeg", "webp", "pgm", "ppm", "pnm"])],
        exitStatus: "0 when at least one symbol was found, 1 when none, 2 for a usage error, a --plugin library "
            + "that does not load, an image that could not be read or an annotated copy that could not be written "
            + "(its error names the file; the other images are still decoded).")

    static func run(_ arguments: [String]) -> Int32 {
        var settings = Settings()
        if case .exit(let status) = spec.start(arguments, options + decodeOptions, into: &settings, operands: finish) {
            return status
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

    /// Takes the images from the operands and checks what the options alone cannot.
    static func finish(_ s: inout Settings, _ operands: [String]) throws {
        s.files = operands
        guard !s.files.isEmpty else { throw OptionParser.UsageError(description: "no image given") }
        guard s.files.filter({ $0 == "-" }).count <= 1 else {
            throw OptionParser.UsageError(description: "'-' (standard input) can be given once")
        }
        guard !(s.json && s.raw) else { throw OptionParser.UsageError(description: "give --json or --raw, not both") }
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

    /// Parses `ean13,upc-a,QR Code`; `all` stands for every known format; an unknown name is an error
    /// listing the known ones.
    static func parseFormats(_ list: String, known: Set<BarcodeFormat>) throws -> Set<BarcodeFormat> {
        var out: Set<BarcodeFormat> = []
        for item in list.split(separator: ",") {
            if item.trimmingCharacters(in: .whitespaces).lowercased() == "all" {
                out.formUnion(known)
                continue
            }
            guard let f = BarcodeFormat(parsing: String(item)), known.contains(f) else {
                let names = known.sorted().map(\.name).joined(separator: ", ")
                throw OptionParser.UsageError(description: "unknown format '\(item)'; known: \(names)")
            }
            out.insert(f)
        }
        guard !out.isEmpty else { throw OptionParser.UsageError(description: "--formats needs at least one format") }
        return out
    }

    /// Decodes the files in parallel on all cores and prints each file's results as soon as the files
    /// before it are printed (so the output follows the order given).
    static func decodeAll(_ s: Settings, registry: DecoderRegistry) -> Int32 {
        let files = s.files
        let annotations: [String?]
        switch annotationPaths(for: files, in: s.annotateDirectory) {
        case .success(let paths): annotations = paths
        case .failure(let error):
            Console.error(error.description)
            return ExitStatus.usage
        }
        // Read once, before the images are decoded in parallel; an error is that item's.
        let limits = s.limits
        let standardInput: Result<[UInt8], ImageError> =
            files.contains("-")
            ? Result { () throws(ImageError) in try ImageReader.readStandardInput(limits: limits) } : .success([])
        let progress = s.progress ? ProgressDisplay.shared.start(total: files.count) : nil
        let printer = SequencedRelease()
        let totals = Mutex((found: 0, unreadable: 0, unwritten: 0))
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let result = decodeOne(
                files[i], standardInput: standardInput, registry: registry, settings: s, annotation: annotations[i])
            progress?.advance()
            printer.release(i) {
                // Messages name the file: escaped as result lines escape it, so each stays one line.
                for warning in result.warnings { Console.warning(TextLine.escaped(warning)) }
                for line in result.lines { Console.output(bytes: line) }
                if let problem = result.problem { Console.error(TextLine.escaped(problem)) }
                if let problem = result.annotationProblem { Console.error(TextLine.escaped(problem)) }
                totals.withLock {
                    $0.found += result.lines.count
                    if result.problem != nil { $0.unreadable += 1 }
                    if result.annotationProblem != nil { $0.unwritten += 1 }
                }
            }
        }
        printer.releaseAll()
        progress?.finish()
        let (found, unreadable, unwritten) = totals.withLock { ($0.found, $0.unreadable, $0.unwritten) }
        let ms = (ContinuousClock.now - started).milliseconds
        let annotated = s.annotateDirectory == nil ? "" : ", \(unwritten) annotated copies not written"
        Console.detail(
            "\(files.count.counted("image")), \(found.counted("symbol")), \(unreadable) unreadable\(annotated), "
                + "\(ms) ms")
        let failed = unreadable + unwritten
        if failed > 0 { return ExitStatus.usage }
        return found > 0 ? ExitStatus.success : ExitStatus.nothingFound
    }

    /// What one image gave: its output lines, the error that stopped it, and the problem writing its
    /// annotated copy.
    struct ImageResult: Sendable {
        var warnings: [String] = []
        var lines: [[UInt8]] = []
        var problem: String?
        var annotationProblem: String?
    }

    /// Reads and decodes one image (only `--roi` of it, when given) and writes its annotated copy to
    /// `annotation`, when given.
    static func decodeOne(
        _ file: String, standardInput: Result<[UInt8], ImageError>, registry: DecoderRegistry, settings s: Settings,
        annotation: String?
    ) -> ImageResult {
        let clock = ContinuousClock.now
        // What the image decoder read past (damaged data decoded as far as it goes), said before the lines.
        var warnings: [String] = []
        let name = file == "-" ? "stdin" : file
        func warn(_ text: String) { warnings.append("\(name): \(text)") }
        do {
            // Colour only when an annotated copy is written.
            let grey = annotation == nil
            let frame =
                file == "-"
                ? try ImageReader.read(
                    data: standardInput.get(), name: "stdin", limits: s.limits, luminanceOnly: grey, warning: warn)
                : try ImageReader.read(contentsOf: file, limits: s.limits, luminanceOnly: grey, warning: warn)
            let found =
                s.region.map { $0.decode(frame.luminance(), registry: registry, options: s.options) }
                ?? registry.decode(frame, options: s.options)
            // Every result goes through the value parser: value_type, value and display_value.
            let codes = found.map { $0.withParsedValue() }
            let ms = (ContinuousClock.now - clock).milliseconds
            Console.detail(
                "\(file): \(frame.width)x\(frame.height) \(frame.format.rawValue), \(codes.count.counted("symbol")), \(ms) ms"
            )
            var result = ImageResult(lines: codes.map { output(for: $0, file: file, settings: s) })
            result.warnings = warnings
            if let annotation {
                result.annotationProblem = annotate(frame, codes: codes, region: s.region, to: annotation)
            }
            return result
        } catch {
            var result = ImageResult(problem: String(describing: error))
            result.warnings = warnings
            return result
        }
    }

    /// The output line for one symbol: JSON, the raw payload, or `[FILE: ]FORMAT[ (TYPE)]: VALUE`.
    static func output(for code: Barcode, file: String, settings s: Settings) -> [UInt8] {
        if s.json {
            var o = code.jsonObject
            o["file"] = .string(file)
            return Array(JSONValue.object(o).serialized.utf8)
        }
        if s.raw { return code.rawOutput }
        let text = code.textSummary
        return Array((s.files.count > 1 ? "\(TextLine.escaped(file)): \(text)" : text).utf8)
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
