import BuiltinPlugins
import Foundation
import ScanCore
import ScanImageIO
import ScanValues

/// `scanctl generate --format FORMAT [options] [TEXT]`: make a symbol and write it as PNG, SVG or text.
enum GenerateCommand {
    static let help = """
        USAGE: scanctl generate --format FORMAT [options] [TEXT]

        Makes a symbol holding TEXT (or the bytes of --input FILE) and writes it as PNG, SVG or text for the
        terminal (Unicode half blocks, two module rows per line). Formats: \(formatList).

        OPTIONS:
          --format NAME          qrcode or code128 (required).
          --ec-level L|M|Q|H     QR Code error-correction level (default M).
          --version N            QR Code version 1-40 (default: the smallest that holds the data).
          --mask N               QR Code mask pattern 0-7 (default: chosen by the penalty rules).
          --eci MODE             auto (default: only when the text needs one), force or none.
          --gs1                  TEXT is GS1 data in HRI form, e.g. (01)09501101530003(10)AB12;
                                 encoded with FNC1 in first position and checked against the AI table.
          --structured-append N  Split the data over N QR Code symbols (2-16); FILE.png becomes
                                 FILE-1.png ... FILE-N.png.
          --input FILE           Encode the bytes of FILE ('-': standard input) instead of TEXT.
          --output FILE|-        FILE.png, FILE.svg or FILE.txt, or '-' for standard output (default '-').
          --type png|svg|text    Output type when the name does not say (default: text for '-').
          --scale N              Pixels (PNG) or SVG units per module (default 8).
          --quiet-zone N         Light modules on every side (default 4 for QR Code, 10 for Code 128).
          --bar-height N         Code 128 bar height in modules (default 15% of the width, at least 24).
          --bit-depth 1|8        PNG: 1-bit palette (default) or 8-bit grey/RGB.
          --foreground RRGGBB    Colour of dark modules (default 000000).
          --background RRGGBB    Colour of light modules (default ffffff).
          --ansi, --no-ansi      Text: wrap lines in black-on-white colour codes (default: when standard
                                 output is a terminal).
          -h, --help             Show this help.

        EXIT STATUS: 0 when written, 1 when the data cannot be encoded (too long for the symbol or the
        version asked for, invalid GS1 data, a character the symbology lacks), 2 for a usage error or an
        input or output that could not be read or written.
        """

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

    static func run(_ arguments: [String]) -> Int32 {
        let s: Settings
        do {
            guard let parsed = try parse(arguments) else {
                print(help)
                return ExitStatus.success
            }
            s = parsed
        } catch {
            Console.error("\(error)\nRun 'scanctl generate --help' for usage.")
            return ExitStatus.usage
        }
        return generate(s)
    }

    /// Parses the arguments; `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws -> Settings? {
        var p = OptionParser(arguments)
        var s = Settings()
        while let option = p.nextOption() {
            switch option {
            case "-h", "--help": return nil
            case "--format":
                let v = try p.value(for: option)
                let known = BuiltinPlugins.encoderRegistry().formats
                guard let f = BarcodeFormat(parsing: v), known.contains(f) else {
                    throw OptionParser.UsageError(description: "--format takes \(formatList), not '\(v)'")
                }
                s.format = f
            case "--ec-level":
                let v = try p.value(for: option)
                guard ["L", "M", "Q", "H"].contains(v.uppercased()) else {
                    throw OptionParser.UsageError(description: "--ec-level takes L, M, Q or H, not '\(v)'")
                }
                s.options.errorCorrectionLevel = v.uppercased()
            case "--version": s.options.version = try p.integer(for: option, in: 1...40)
            case "--mask": s.options.mask = try p.integer(for: option, in: 0...7)
            case "--eci": s.options.eci = try DecodeCommand.choice(try p.value(for: option), option: option)
            case "--gs1":
                try p.flag(option)
                s.options.gs1 = true
            case "--structured-append": s.options.structuredAppend = try p.integer(for: option, in: 1...16)
            case "--input": s.input = try p.value(for: option)
            case "--output", "-o": s.output = try p.value(for: option)
            case "--type": s.type = try DecodeCommand.choice(try p.value(for: option), option: option)
            case "--scale": s.style.scale = try p.integer(for: option, in: 1...1000)
            case "--quiet-zone": s.style.quietZone = try p.integer(for: option, in: 0...1000)
            case "--bar-height": s.style.barHeight = try p.integer(for: option, in: 1...10000)
            case "--bit-depth":
                let v = try p.integer(for: option, in: 1...8)
                guard let depth = SymbolRenderer.PNGDepth(rawValue: v) else {
                    throw OptionParser.UsageError(description: "--bit-depth takes 1 or 8, not '\(v)'")
                }
                s.bitDepth = depth
            case "--foreground", "--background":
                let v = try p.value(for: option)
                guard let c = RGBColor(hex: v) else {
                    throw OptionParser.UsageError(description: "\(option) takes a colour as RRGGBB, not '\(v)'")
                }
                if option == "--foreground" { s.style.foreground = c } else { s.style.background = c }
            case "--ansi":
                try p.flag(option)
                s.ansi = true
            case "--no-ansi":
                try p.flag(option)
                s.ansi = false
            default: throw OptionParser.UsageError(description: "unknown option '\(option)'")
            }
        }
        guard s.format != nil else {
            throw OptionParser.UsageError(description: "--format is required (\(formatList))")
        }
        switch (p.operands.count, s.input) {
        case (0, nil): throw OptionParser.UsageError(description: "no data given: TEXT or --input FILE")
        case (0, _): break
        case (1, nil): s.text = p.operands[0]
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
        return s
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
                let data =
                    input == "-"
                    ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: input))
                payload =
                    s.options.gs1
                    ? .text(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines))
                    : .bytes([UInt8](data))
            } catch {
                Console.error("\(input): cannot read: \(error.localizedDescription)")
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
                    FileHandle.standardOutput.write(Data(bytes))
                } else {
                    let path = symbols.count > 1 ? numbered(s.output, k + 1) : s.output
                    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
                }
            } catch {
                Console.error("\(s.output): cannot write: \(error)")
                return ExitStatus.usage
            }
        }
        return ExitStatus.success
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
        do {
            _ = try GS1ElementString.elements(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw EncodeError(.invalidGS1, "invalid GS1 data: \(error.description)")
        }
    }
}
