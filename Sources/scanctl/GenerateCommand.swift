import BuiltinPlugins
import Foundation
import ScanCore
import ScanImageIO
import ScanSession
import ScanValues

/// `scanctl generate --format FORMAT [options] [TEXT]`: make a symbol and write it as PNG, SVG or text.
enum GenerateCommand {
    static var formatList: String {
        BuiltinPlugins.encoderRegistry().formats.sorted().map(\.name).joined(separator: ", ")
    }

    /// Output types.
    enum OutputType: String, CaseIterable {
        case png, svg, text
    }

    struct Settings {
        var format: BarcodeFormat?
        var options = EncodeOptions()
        var style = SymbolStyle()
        var text: String?
        var input: String?
        var output = "-"
        var type: OutputType?
        var bitDepth = SymbolRenderer.PNGDepth.one
        var ansi: Bool?
    }

    static let options: [CommandOption<Settings>] = [
        CommandOption(
            OptionSpec(
                names: ["--format"], value: "NAME", summary: "The symbology: \(formatList) (required).",
                completion: .encoderFormats)
        ) { s, _, value in
            let v = value ?? ""
            let known = BuiltinPlugins.encoderRegistry().formats
            guard let f = BarcodeFormat(parsing: v), known.contains(f) else {
                throw OptionParser.UsageError(description: "--format takes \(formatList), not '\(v)'")
            }
            s.format = f
        },
        CommandOption(
            OptionSpec(
                names: ["--ec-level"], value: "L|M|Q|H", summary: "QR Code error-correction level.", defaultText: "M",
                completion: .choices(["L", "M", "Q", "H"]))
        ) { s, _, value in
            let v = value ?? ""
            guard ["L", "M", "Q", "H"].contains(v.uppercased()) else {
                throw OptionParser.UsageError(description: "--ec-level takes L, M, Q or H, not '\(v)'")
            }
            s.options.errorCorrectionLevel = v.uppercased()
        },
        CommandOption.integer(
            OptionSpec(
                names: ["--version"], value: "N", summary: "QR Code version 1-40; too little room is an error.",
                defaultText: "the smallest that holds the data"),
            in: 1...40, into: \.options.version),
        CommandOption.integer(
            OptionSpec(
                names: ["--mask"], value: "N", summary: "QR Code mask pattern 0-7.",
                defaultText: "the lowest penalty (ISO/IEC 18004 7.8.3)"),
            in: 0...7, into: \.options.mask),
        CommandOption(
            OptionSpec(
                names: ["--eci"], value: "MODE",
                summary: "auto: ECI only where the text needs one (UTF-8 with ECI 26 for text outside ISO/IEC 8859-1); "
                    + "force: always ECI 26; none: never.", defaultText: "auto",
                completion: .choices(ECIPolicy.allCases.map(\.rawValue)))
        ) { s, name, value in s.options.eci = try DecodeCommand.choice(value ?? "", option: name) },
        CommandOption.flag(
            OptionSpec(
                names: ["--gs1"],
                summary: "TEXT is GS1 data in HRI form, e.g. (01)09501101530003(10)AB12: encoded with FNC1 in first "
                    + "position and checked against the AI table."),
            sets: \.options.gs1),
        CommandOption.integer(
            OptionSpec(
                names: ["--structured-append"], value: "N",
                summary: "Split the data over N QR Code symbols (2-16); FILE.png becomes FILE-1.png ... FILE-N.png.",
                defaultText: "1"),
            in: 1...16, into: \.options.structuredAppend),
        CommandOption(
            OptionSpec(
                names: ["--input"], value: "FILE",
                summary: "Encode the bytes of FILE instead of TEXT: a file, a pipe or FIFO ('<(command)'), or '-' "
                    + "for standard input.", completion: .files([]))
        ) { s, _, value in s.input = value },
        CommandOption(
            OptionSpec(
                names: ["-o", "--output"], value: "FILE",
                summary: "FILE.png, FILE.svg or FILE.txt, or '-' for standard output.", defaultText: "-",
                completion: .files(["png", "svg", "txt"]))
        ) { s, _, value in s.output = value ?? "-" },
        CommandOption(
            OptionSpec(
                names: ["--type"], value: "png|svg|text", summary: "Output type when the name does not say.",
                defaultText: "by extension; text for '-'", completion: .choices(OutputType.allCases.map(\.rawValue)))
        ) { s, name, value in s.type = try DecodeCommand.choice(value ?? "", option: name) },
        CommandOption.integer(
            OptionSpec(
                names: ["--scale"], value: "N", summary: "Pixels (PNG) or SVG units per module.", defaultText: "8"),
            in: 1...1000, into: \.style.scale),
        CommandOption.integer(
            OptionSpec(
                names: ["--quiet-zone"], value: "N",
                summary: "Light modules on every side (a linear symbol: left and right; above and below at most 2).",
                defaultText: "4 for QR Code, 10 for Code 128"),
            in: 0...1000, into: \.style.quietZone),
        CommandOption.integer(
            OptionSpec(
                names: ["--bar-height"], value: "N", summary: "Code 128 bar height in modules.",
                defaultText: "15% of the width, at least 24"),
            in: 1...10000, into: \.style.barHeight),
        CommandOption(
            OptionSpec(
                names: ["--bit-depth"], value: "1|8", summary: "PNG: 1-bit palette or 8-bit grey/RGB.",
                defaultText: "1", completion: .choices(["1", "8"]))
        ) { s, name, value in
            let v = try OptionParser.integer(value, for: name, in: 1...8)
            guard let depth = SymbolRenderer.PNGDepth(rawValue: v) else {
                throw OptionParser.UsageError(description: "--bit-depth takes 1 or 8, not '\(v)'")
            }
            s.bitDepth = depth
        },
        CommandOption(
            OptionSpec(
                names: ["--foreground"], value: "RRGGBB", summary: "Colour of dark modules (PNG, SVG).",
                defaultText: "000000")
        ) { s, name, value in s.style.foreground = try colour(value, option: name) },
        CommandOption(
            OptionSpec(
                names: ["--background"], value: "RRGGBB", summary: "Colour of light modules (PNG, SVG).",
                defaultText: "ffffff")
        ) { s, name, value in s.style.background = try colour(value, option: name) },
        CommandOption(
            OptionSpec(
                names: ["--ansi", "--no-ansi"],
                summary:
                    "Text: wrap lines in black-on-white colour codes, so the symbol scans off a dark terminal too.",
                defaultText: "when standard output is a terminal")
        ) { s, name, _ in s.ansi = name == "--ansi" },
    ]

    static let spec = CommandSpec(
        name: "generate", usage: ["generate --format FORMAT [options] [TEXT]"],
        summary: "Make a QR Code or Code 128 symbol: PNG, SVG or text for the terminal.",
        description: [
            "Makes a symbol holding TEXT (or the bytes of --input FILE) and writes it as PNG, SVG or text for the "
                + "terminal (Unicode half blocks, two module rows per line). Formats: \(formatList)."
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))], operands: [.none],
        exitStatus: "0 when written, 1 when the data cannot be encoded (too long for the symbol or the version "
            + "asked for, invalid GS1 data, a character the symbology lacks), 2 for a usage error or an input or "
            + "output that could not be read or written.")

    static func colour(_ value: String?, option: String) throws -> RGBColor {
        guard let v = value, let c = RGBColor(hex: v) else {
            throw OptionParser.UsageError(description: "\(option) takes a colour as RRGGBB, not '\(value ?? "")'")
        }
        return c
    }

    static func run(_ arguments: [String]) -> Int32 {
        var settings = Settings()
        if case .exit(let status) = spec.start(arguments, options, into: &settings, operands: finish) {
            return status
        }
        return generate(settings)
    }

    /// Takes TEXT from the operands, works out the output type and checks what the options alone cannot.
    static func finish(_ s: inout Settings, _ operands: [String]) throws {
        guard s.format != nil else {
            throw OptionParser.UsageError(description: "--format is required (\(formatList))")
        }
        switch (operands.count, s.input) {
        case (0, nil): throw OptionParser.UsageError(description: "no data given: TEXT or --input FILE")
        case (0, _): break
        case (1, nil): s.text = operands[0]
        case (1, _): throw OptionParser.UsageError(description: "give TEXT or --input FILE, not both")
        default: throw OptionParser.UsageError(description: "one TEXT only (quote text with spaces)")
        }
        if s.type == nil { s.type = outputType(for: s.output) }
        guard s.type != nil else {
            throw OptionParser.UsageError(
                description: "--output '\(s.output)': name it .png, .svg or .txt, or give --type")
        }
        if s.options.structuredAppend > 1 && s.output == "-" && s.type != .text {
            throw OptionParser.UsageError(
                description:
                    "a structured-append set goes to files or as text, not as one \(s.type?.rawValue ?? "") stream")
        }
    }

    /// The type an output name implies: `-` text, else by extension; `nil` when the extension says nothing.
    static func outputType(for output: String) -> OutputType? {
        if output == "-" { return .text }
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "png": return .png
        case "svg": return .svg
        case "txt", "text": return .text
        default: return nil
        }
    }

    static func generate(_ s: Settings) -> Int32 {
        guard let format = s.format, let type = s.type else { return ExitStatus.usage }
        let payload: EncodePayload
        if let text = s.text {
            payload = .text(text)
        } else if let input = s.input {
            do {
                let data = input == "-" ? [UInt8](FileHandle.standardInput.readDataToEndOfFile()) : try readAll(input)
                payload =
                    s.options.gs1
                    ? .text(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines))
                    : .bytes(data)
            } catch {
                Console.error("\(input): cannot read: \(error)")
                return ExitStatus.usage
            }
        } else {
            return ExitStatus.usage
        }
        let symbols: [GeneratedSymbol]
        do {
            if s.options.gs1 { try checkGS1(payload) }
            symbols = try BuiltinPlugins.encoderRegistry().encode(payload, format: format, options: s.options)
        } catch let error as EncodeError {
            Console.error(error.description)
            return error.kind == .invalidOption || error.kind == .unsupportedFormat
                ? ExitStatus.usage : ExitStatus.runtimeFailure
        } catch {
            Console.error("\(error)")
            return ExitStatus.runtimeFailure
        }
        let ansi = s.ansi ?? (s.output == "-" && isatty(STDOUT_FILENO) != 0)
        // A drawing too large to write (or to read back: the decoder's default pixel limit) is refused
        // before any memory is taken for it: a long Code 128 grows in both directions (its default bar
        // height is 15 % of its width).
        let limit = ImageLimits.default.maxPixels
        for symbol in symbols {
            let size = SymbolRenderer.canvasSize(symbol, style: s.style)
            let drawn: Int?
            if type == .text {
                let (n, overflow) = size.width.multipliedReportingOverflow(by: size.height)
                drawn = overflow ? nil : n
            } else {
                drawn = SymbolRenderer.pixelCount(symbol, style: s.style)
            }
            if let drawn, drawn <= limit { continue }
            let scale: Int = type == .text ? 1 : max(1, s.style.scale)
            let unit: String = type == .text ? "characters" : "pixels"
            let atScale: String = scale > 1 ? " at \(scale) per module" : ""
            let name: String = format.name
            // Only the options that change this drawing: the scale (not for text), the bar height (linear).
            var knobs: [String] = type == .text ? [] : ["--scale"]
            if symbol.isLinear { knobs.append("--bar-height") }
            let use: String = knobs.isEmpty ? "" : "a smaller " + knobs.joined(separator: " or ") + ", or "
            Console.error(
                "the \(name) symbol would be \(size.width) × \(size.height) modules\(atScale), over the limit of "
                    + "\(limit) \(unit); use \(use)a shorter payload")
            return ExitStatus.runtimeFailure
        }
        for (k, symbol) in symbols.enumerated() {
            do {
                let bytes: [UInt8]
                switch type {
                case .png: bytes = try SymbolRenderer.png(symbol, style: s.style, bitDepth: s.bitDepth)
                case .svg: bytes = Array(SymbolRenderer.svg(symbol, style: s.style).utf8)
                case .text:
                    let separator = k > 0 && s.output == "-" ? "\n" : ""
                    bytes = Array((separator + SymbolRenderer.text(symbol, style: s.style, ansi: ansi)).utf8)
                }
                if s.output == "-" {
                    try FileHandle.standardOutput.write(contentsOf: Data(bytes))
                } else {
                    try write(bytes, to: symbols.count > 1 ? numbered(s.output, k + 1) : s.output)
                }
            } catch {
                let name = s.output == "-" ? "standard output" : s.output
                Console.error("\(name): cannot write: \(SystemErrorText.describe(error))")
                return ExitStatus.usage
            }
        }
        return ExitStatus.success
    }

    /// Writes `bytes` to the file at `path`: a new or regular file is replaced whole (written beside it
    /// and renamed over it, so a reader never sees half a drawing); a symbolic link is followed to the
    /// file it names; a FIFO or a device is written in place (a rename would replace it with a file).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        var info = stat()
        if stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.write(contentsOf: Data(bytes))
        } else {
            try Data(bytes).write(to: url, options: .atomic)
        }
    }

    /// A read that failed: the C library's message (`No such file or directory`, `Is a directory`).
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// All bytes of `path`, read to its end: a regular file, a pipe or FIFO (`<(command)`, `/dev/fd/N`), a
    /// character device.
    static func readAll(_ path: String) throws(ReadError) -> [UInt8] {
        func failure() -> ReadError { ReadError(description: String(cString: strerror(errno))) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            bytes += chunk[0..<count]
        }
    }

    /// `out/code.png` → `out/code-2.png`.
    static func numbered(_ path: String, _ n: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        return ext.isEmpty ? "\(stem)-\(n)" : "\(stem)-\(n).\(ext)"
    }

    /// Checks GS1 data against the AI table (known AIs, lengths, character sets, check digits, dates).
    static func checkGS1(_ payload: EncodePayload) throws {
        let bytes = try GS1ElementSyntax.payload(payload)
        // Written in HRI form, each bracketed AI must be one of the table as written: `(9876)` is none,
        // and the element string without brackets would read as (98) followed by `76…`.
        var hri = ""
        switch payload {
        case .text(let t): hri = t
        case .bytes(let b): hri = String(decoding: b, as: UTF8.self)
        }
        if hri.hasPrefix("(") {
            let unknown = try GS1ElementSyntax.elements(fromHRI: hri).first {
                GS1ApplicationIdentifiers.identifier($0.ai) == nil
            }
            if let e = unknown {
                throw EncodeError(.invalidGS1, "invalid GS1 data: (\(e.ai)) is not a GS1 Application Identifier")
            }
        }
        do {
            _ = try GS1ElementString.elements(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw EncodeError(.invalidGS1, "invalid GS1 data: \(error.description)")
        }
    }
}
