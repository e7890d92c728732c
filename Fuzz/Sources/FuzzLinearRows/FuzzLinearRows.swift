import Codabar
import Code128
import Code39
import Code93
import EANUPC
import FuzzSupport
import ITF
import ScanCore

/// The linear symbologies' row decoders (EAN/UPC, Code 128, Code 39, Code 93, Codabar, ITF) on a scan
/// line of random run lengths, optionally with sub-pixel edge positions, read as given, reversed and
/// inverted, under random decode options.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinearRows(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let decoders: [any LinearRowDecoder] = [
        EANRowDecoder(), Code128RowDecoder(), Code39RowDecoder(), Code93RowDecoder(), CodabarRowDecoder(),
        ITFRowDecoder(),
    ]
    let decoder = decoders[input.int(in: 0...(decoders.count - 1))]
    let flags = input.byte()
    var options = DecodeOptions()
    options.pure = flags & 1 != 0
    options.eanAddOn = [.ignore, .read, .require][Int(flags >> 1) % 3]
    options.code39FullASCII = [.auto, .on, .off][Int(flags >> 3) % 3]
    options.code39CheckCharacter = [.ignore, .verify, .verifyAndStrip][Int(flags >> 5) % 3]
    options.itfMinLength = input.int(in: 2...20)
    options.codabarMinLength = input.int(in: 1...20)
    let subpixel = input.bool()
    var runs: [Int] = []
    var fractions: [Double] = []
    while input.remaining > 0 && runs.count < 2000 {
        runs.append(Int(input.byte()) % 64 + (runs.isEmpty ? 0 : 1))
        if subpixel { fractions.append(Double(Int(input.byte()) - 128) / 320) }
    }
    var starts: [Double]?
    if subpixel {
        var position = 0
        var s = [0.0]
        for (i, run) in runs.enumerated() {
            position += run
            // Edges stay in order, as every line source measures them.
            let edge = Double(position) + (i + 1 < runs.count ? fractions[i] : 0)
            s.append(max(edge, s[s.count - 1]))
        }
        starts = s
    }
    let line = ScanLine(runs: runs, subpixelStarts: starts)
    // The engine also hands a row decoder the line without its one-pixel specks (ScanLine.withoutSpecks).
    for candidate in [line, line.reversed(), line.inverted()] + [line.withoutSpecks()].compactMap({ $0 }) {
        for match in decoder.decodeRow(candidate, options: options) {
            precondition(match.start <= match.end, "a match ends before it starts")
        }
    }
    return 0
}
