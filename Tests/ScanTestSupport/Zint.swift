import Foundation
import ScanCore
import ScanImageIO

/// Renders test fixtures at test time with Debian's `zint` (`scripts/install-deps.sh` installs it) into a
/// fresh temporary folder and loads the PNG it writes through ScanImageIO.
///
/// ```swift
/// let image = try Zint.qrCode.render("Hello", ["--secure=2"], scale: 1)
/// let rune = try Zint("AZRUNE", quietZones: nil).render("25")
/// ```
///
/// A value names the zint symbology (`-b`) and whether quiet zones are drawn; `render` passes the data
/// through an input file (`-i`, so bytes and newlines arrive unchanged) followed by the caller's extra
/// arguments (`--vers=N`, `--secure=N`, `--gs1`, `--eci=N`, `--binary`, `--structapp=I,C,ID` …), which
/// come last and so override `--scale`. Tests that need zint are enabled on ``Zint/available``.
public struct Zint: Sendable {
    /// zint's executable, if installed.
    public static let path = ["/usr/bin/zint", "/usr/local/bin/zint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    /// Whether zint is installed.
    public static var available: Bool { path != nil }

    /// zint missing, or zint wrote no image (its messages in the description).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The zint symbology name given to `-b` (`QRCODE`, `DATAMATRIX`, `AZTEC`, `PDF417` …).
    public var symbology: String
    /// `true`: `--quietzones`; `false`: `--noquietzones`; `nil`: zint's default for the symbology.
    public var quietZones: Bool?

    public init(_ symbology: String, quietZones: Bool? = true) {
        self.symbology = symbology
        self.quietZones = quietZones
    }

    public static let qrCode = Zint("QRCODE")
    public static let dataMatrix = Zint("DATAMATRIX")
    /// Aztec Code without zint's quiet-zone option (ISO/IEC 24778 asks for none).
    public static let aztec = Zint("AZTEC", quietZones: nil)
    public static let pdf417 = Zint("PDF417")

    /// Renders `data` at `scale` (zint's `--scale`: 1 draws 2 pixels a module; fractions allowed) with
    /// `arguments` after the symbology's own, as luminance.
    public func render(_ data: [UInt8], _ arguments: [String] = [], scale: Double = 2) throws -> LuminanceImage {
        try Self.run { folder, output in
            let input = folder.appendingPathComponent("data.bin")
            try Data(data).write(to: input)
            return options(scale: scale) + ["-o", output.path, "-i", input.path] + arguments
        }
    }

    /// Renders the UTF-8 bytes of `text`.
    public func render(_ text: String, _ arguments: [String] = [], scale: Double = 2) throws -> LuminanceImage {
        try render(Array(text.utf8), arguments, scale: scale)
    }

    /// Renders text segments, each with its ECI (zint `--eci` and `--seg1` … `--seg9`; zint converts each
    /// segment's text to its ECI's character set). zint takes segments on the command line only.
    public func render(segments: [(eci: Int, text: String)], scale: Double = 2) throws -> LuminanceImage {
        guard let first = segments.first else { throw Failure(description: "no segment") }
        return try Self.run { _, output in
            options(scale: scale) + ["-o", output.path, "--eci=\(first.eci)", "-d", first.text]
                + segments.dropFirst().enumerated().map { "--seg\($0.offset + 1)=\($0.element.eci),\($0.element.text)" }
        }
    }

    /// The module grid of the symbol zint makes for `text` (rendered one pixel a module, no quiet zone):
    /// `grid[row][column]`, true for dark.
    public func modules(_ text: String, _ arguments: [String] = []) throws -> [[Bool]] {
        var bare = self
        bare.quietZones = false
        let image = try bare.render(text, arguments, scale: 0.5)
        return (0..<image.height).map { y in (0..<image.width).map { x in image[x, y] < 128 } }
    }

    /// `-b`, the quiet-zone option and `--scale` (whole scales written without a fraction).
    func options(scale: Double) -> [String] {
        let zones = quietZones.map { $0 ? ["--quietzones"] : ["--noquietzones"] } ?? []
        let written = scale == scale.rounded() ? String(Int(scale)) : String(scale)
        return ["-b", symbology] + zones + ["--scale=\(written)"]
    }

    /// Runs zint with the arguments `arguments(folder, output)` gives, in a fresh temporary folder removed
    /// afterwards, and loads the PNG it writes to `output`. Throws ``Failure`` when zint is missing or wrote
    /// no image (a zint warning with an image is not a failure).
    public static func run(_ arguments: (_ folder: URL, _ output: URL) throws -> [String]) throws -> LuminanceImage {
        guard let path else { throw Failure(description: "zint not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("symbol.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = try arguments(folder, output)
        let messages = Pipe()
        process.standardError = messages
        process.standardOutput = messages
        try process.run()
        let text = String(decoding: messages.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard FileManager.default.fileExists(atPath: output.path) else {
            throw Failure(description: "zint \(process.arguments?.joined(separator: " ") ?? "") failed: \(text)")
        }
        return try ImageReader.read(contentsOf: output.path).luminance()
    }
}
