import ScanCore
import ScanImageIO
import Testing

@testable import Code128

/// The generator: exact symbol values for fixed inputs, the fewest characters, and round trips through
/// our decoder.
struct Code128EncoderTests {
    typealias E = Code128TestEncoder

    func values(_ payload: EncodePayload, gs1: Bool = false) throws -> [Int] {
        var options = EncodeOptions()
        options.gs1 = gs1
        let symbol = try #require(try Code128Encoder().encode(payload, format: .code128, options: options).first)
        return (symbol.metadata["values"] ?? "").split(separator: " ").compactMap { Int($0) }
    }

    /// Values without the check and stop characters.
    func data(_ text: String, gs1: Bool = false) throws -> [Int] {
        Array(try values(.text(text), gs1: gs1).dropLast(2))
    }

    @Test func digitRunGoesToCodeSetC() throws {
        // Start B, A B C, Code C, 12 34 56.
        #expect(try data("ABC123456") == [104] + E.b("ABC") + [E.codeC] + E.c("123456"))
    }

    @Test func exactSequences() throws {
        #expect(try data("1234") == [105] + E.c("1234"))
        // Odd digit count: the lone digit first in B is as short as C then B; B then C is chosen.
        #expect(try data("12345") == [104, 17, E.codeC] + E.c("2345"))
        #expect(try data("Code 128") == [104] + E.b("Code 128"))
        // A control character among lower-case letters: SHIFT rather than two code-set changes.
        #expect(try data("ab\tcd") == [104] + E.b("ab") + [E.shift, 73] + E.b("cd"))
        // Controls only: start A.
        #expect(try data("\r\n") == [103, 77, 74])
        // Latin-1 above 127: FNC4 before each such character.
        #expect(try data("Grüße") == [104] + E.b("Gr") + [E.fnc4B] + E.b("|") + [E.fnc4B] + E.b("_") + E.b("e"))
        // Digits between letters: four cost 4 in B or 4 through C and back (a tie: B stays); six go to C.
        #expect(try data("A1234B") == [104] + E.b("A1234B"))
        #expect(try data("A123456B") == [104, 33, E.codeC] + E.c("123456") + [E.codeB, 34])
        #expect(try data("A12B") == [104] + E.b("A12B"))
    }

    /// GS1-128: FNC1 after the start, FNC1 as a separator after the variable-length AI 10 only.
    @Test func gs1HRI() throws {
        let v = try data("(01)05000456112253(10)COV0109(17)220901", gs1: true)
        #expect(
            v == [105, E.fnc1] + E.c("0105000456112253") + E.c("10") + [E.codeB] + E.b("COV")
                + [E.codeC] + E.c("0109") + [E.fnc1] + E.c("17220901"))
        // AI 17 (predefined length) then AI 10 needs no separator; 10 last needs none.
        #expect(
            try data("(17)220901(10)AB", gs1: true) == [105, E.fnc1] + E.c("17220901") + E.c("10") + [E.codeB]
                + E.b("AB"))
    }

    @Test func checkCharacterAndModules() throws {
        // Start B, "PJJ123C": 104 + 1·48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35 = 879 = 8 · 103 + 55.
        let vals = [104] + E.b("PJJ123C")
        #expect(vals == [104, 48, 42, 42, 17, 18, 19, 35])
        #expect(Code128Encoder.checkCharacter(vals) == 55)
        let symbol = try #require(
            try Code128Encoder().encode(.text("PJJ123C"), format: .code128, options: EncodeOptions()).first)
        // Width: 11 modules per character (start, 7 data, check) and 13 for the stop.
        #expect(symbol.modules.width == 11 * 9 + 13)
        #expect(symbol.modules.height == 1 && symbol.isLinear && symbol.quietZone == 10)
        let widths = symbol.modules.rowRuns(0).dropFirst()  // runs start with light
        #expect(Array(widths) == E.modules([104] + E.b("PJJ123C")))
    }

    func decode(_ symbol: GeneratedSymbol) -> [Barcode] {
        var style = SymbolStyle()
        style.scale = 2
        style.barHeight = 20
        let image = SymbolRenderer.luminance(symbol, style: style)
        return Code128Decoder().decode(FrameContext(image: image), options: DecodeOptions())
    }

    @Test(arguments: ["ABC123456", "Code 128", "ab\tcd", "Grüße", "0123456789012", "x", "\u{1D}\u{7F}~ÿ"])
    func roundTrip(text: String) throws {
        let symbol = try #require(
            try Code128Encoder().encode(.text(text), format: .code128, options: EncodeOptions()).first)
        let found = decode(symbol)
        #expect(found.map(\.rawValue) == [text])
        #expect(found.first?.rawBytes == text.unicodeScalars.map { UInt8($0.value) })
    }

    @Test func gs1RoundTrip() throws {
        var options = EncodeOptions()
        options.gs1 = true
        let symbol = try #require(
            try Code128Encoder().encode(
                .text("(01)05000456112253(10)COV0109(17)220901"), format: .code128, options: options
            ).first)
        let b = try #require(decode(symbol).first)
        #expect(b.rawBytes == Array("010500045611225310COV0109".utf8) + [0x1D] + Array("17220901".utf8))
        #expect(b.symbologyIdentifier == "]C1")
    }

    /// Random messages: the planner's length equals the shortest found by trying every set at every
    /// position exhaustively is too slow, so check against two simple encoders it must never lose to
    /// (all B with shifts, and C for every even digit run of 4 or more), and decode every symbol.
    @Test func randomMessagesAreShortAndDecode() throws {
        var rng = SplitMix64(seed: 128)
        let pools: [[UInt8]] = [Array(0x30...0x39), Array(0x20...0x7E), Array(0x00...0x1F), Array(0xA0...0xFF)]
        for _ in 0..<60 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let pool = pools.randomElement(using: &rng) ?? pools[0]
                bytes += (0..<Int.random(in: 1...9, using: &rng)).map { _ in pool.randomElement(using: &rng) ?? 0x30 }
            }
            let v = try values(.bytes(bytes))
            #expect(v.count - 3 <= allBWithShifts(bytes), "\(bytes)")
            let symbol = try #require(
                try Code128Encoder().encode(.bytes(bytes), format: .code128, options: EncodeOptions()).first)
            #expect(decode(symbol).first?.rawBytes == bytes, "\(bytes)")
        }
    }

    /// Characters after the start of a naive encoding: set B, SHIFT for controls, FNC4 above 127.
    func allBWithShifts(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + (($1 & 0x7F) < 32 ? 2 : 1) + ($1 >= 128 ? 1 : 0) }
    }

    @Test func errors() {
        func kind(_ payload: EncodePayload, _ configure: (inout EncodeOptions) -> Void = { _ in }) -> EncodeError.Kind?
        {
            var o = EncodeOptions()
            configure(&o)
            do {
                _ = try Code128Encoder().encode(payload, format: .code128, options: o)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind(.text("日本")) == .invalidPayload)
        #expect(kind(.text("")) == .invalidPayload)
        #expect(kind(.text("(01)123")) { $0.gs1 = true } == .invalidGS1)
        #expect(kind(.text("(1)123")) { $0.gs1 = true } == .invalidGS1)
        #expect(kind(.text("(10)")) { $0.gs1 = true } == .invalidGS1)
        #expect(kind(.text("ABC")) { $0.version = 2 } == .invalidOption)
        #expect(kind(.text("ABC")) { $0.structuredAppend = 2 } == .invalidOption)
    }
}
