import ScanCore
import ScanImageIO
import Testing

@testable import QRCode

/// Every generated symbol reads back as its exact payload with our decoder: random payloads of every
/// mode, at every error-correction level, over the three version ranges up to version 40 (seeded, so the
/// same payloads every run).
struct QREncoderRoundTripTests {
    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    enum Kind: String, CaseIterable {
        case numeric, alphanumeric, binary, kanji, mixed
    }

    /// `count` payload bytes of one kind.
    static func payload(_ kind: Kind, count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        switch kind {
        case .numeric: return (0..<count).map { _ in UInt8.random(in: 0x30...0x39, using: &rng) }
        case .alphanumeric: return (0..<count).map { _ in alphanumeric.randomElement(using: &rng) ?? 0x41 }
        case .binary: return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case .kanji:
            var out: [UInt8] = []
            while out.count + 1 < count {
                let first =
                    Bool.random(using: &rng)
                    ? UInt8.random(in: 0x81...0x9F, using: &rng) : UInt8.random(in: 0xE0...0xEA, using: &rng)
                var second = UInt8.random(in: 0x40...0xFC, using: &rng)
                if second == 0x7F { second = 0x80 }
                out += [first, second]
            }
            return out
        case .mixed:
            var out: [UInt8] = []
            while out.count < count {
                let k = [Kind.numeric, .alphanumeric, .binary, .kanji].randomElement(using: &rng) ?? .binary
                out += payload(k, count: min(count - out.count, Int.random(in: 2...40, using: &rng)), &rng)
            }
            return Array(out.prefix(count))
        }
    }

    func decode(_ symbol: GeneratedSymbol) -> QRSymbol? { QRGridReader.decode(symbol.modules) }

    /// Byte payloads of each kind and length drawn up to the capacity of a version in each range, at every
    /// level, with the version left to the encoder; the bytes come back exactly and the version is the
    /// smallest that holds the segments.
    @Test(arguments: Kind.allCases)
    func randomPayloadsOfEveryModeAndLevel(kind: Kind) throws {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(kind.rawValue.count))
        var versions = Set<Int>()
        for level in QRErrorCorrectionLevel.allCases {
            for maxLength in [12, 90, 400, 1200] {
                let bytes = Self.payload(kind, count: Int.random(in: 1...maxLength, using: &rng), &rng)
                var options = EncodeOptions()
                options.errorCorrectionLevel = level.description
                let symbols: [GeneratedSymbol]
                do {
                    symbols = try QRCodeEncoder().encode(.bytes(bytes), format: .qrcode, options: options)
                } catch {
                    #expect(error.kind == .tooLong, "\(kind) \(bytes.count) bytes at \(level): \(error)")
                    continue
                }
                let symbol = try #require(symbols.first)
                let decoded = try #require(decode(symbol), "\(kind) \(bytes.count) bytes at \(level)")
                #expect(decoded.content.bytes == bytes, "\(kind) \(bytes.count) bytes at \(level)")
                #expect(decoded.level == level)
                #expect(String(decoded.version) == symbol.metadata["version"])
                #expect(String(decoded.mask) == symbol.metadata["mask"])
                // The smallest version: one smaller does not hold the data.
                let v = decoded.version
                if v > 1 {
                    options.version = v - 1
                    #expect(throws: EncodeError.self) {
                        try QRCodeEncoder().encode(.bytes(bytes), format: .qrcode, options: options)
                    }
                }
                versions.insert(v)
            }
        }
        #expect(versions.count >= 4, "versions reached: \(versions.sorted())")
    }

    /// Fixed versions across all three count-indicator ranges, filled to near their capacity.
    @Test(arguments: [1, 2, 6, 7, 9, 10, 14, 20, 26, 27, 33, 40])
    func fixedVersionsFilledNearCapacity(version: Int) throws {
        var rng = SplitMix64(seed: UInt64(version) * 7919)
        let level = QRErrorCorrectionLevel.allCases[version % 4]
        let v = try #require(QRVersion.version(version))
        let capacityBits = 8 * v.blocks(level).dataCodewords
        let kind = Kind.allCases[version % Kind.allCases.count]
        // Bytes cost at most 8 bits each plus headers: aim for ~85 % of the capacity in byte terms.
        let count = max(1, (capacityBits - 40) * 85 / 100 / 8)
        let bytes = Self.payload(kind, count: count, &rng)
        var options = EncodeOptions()
        options.version = version
        options.errorCorrectionLevel = level.description
        let symbol = try #require(try QRCodeEncoder().encode(.bytes(bytes), format: .qrcode, options: options).first)
        #expect(symbol.modules.width == v.dimension)
        let decoded = try #require(decode(symbol), "version \(version)-\(level) \(kind)")
        #expect(decoded.content.bytes == bytes)
        #expect(decoded.version == version)
    }

    /// Text: ASCII without ECI, Latin-1 text without ECI (or ECI 3 where the bytes would pass for UTF-8),
    /// other text as UTF-8 with ECI 26; `force` and `none`.
    @Test func textAndECI() throws {
        let cases: [(String, ECIPolicy, Int?)] = [
            ("Hello, world", .auto, nil),
            ("Grüße aus Köln", .auto, nil),
            ("Ã©", .auto, 3),  // Latin-1 bytes C3 A9 are valid UTF-8 ("é")
            ("日本語のテキスト", .auto, 26),
            ("Ελληνικά and English", .auto, 26),
            ("emoji 🙂 text", .auto, 26),
            ("plain", .force, 26),
            ("日本語", .none, nil),
        ]
        for (text, policy, eci) in cases {
            var options = EncodeOptions()
            options.eci = policy
            let symbol = try #require(try QRCodeEncoder().encode(.text(text), format: .qrcode, options: options).first)
            #expect(symbol.metadata["eci"] == eci.map(String.init), "\(text)")
            let decoded = try #require(decode(symbol), "\(text)")
            #expect(decoded.content.text == text)
            #expect(decoded.content.ecis == (eci.map { [$0] } ?? []))
        }
        // Bytes with a forced ECI: 899, binary.
        var options = EncodeOptions()
        options.eci = .force
        let symbol = try #require(
            try QRCodeEncoder().encode(.bytes([0, 1, 0xFF]), format: .qrcode, options: options).first)
        #expect(decode(symbol)?.content.bytes == [0, 1, 0xFF])
        #expect(decode(symbol)?.content.ecis == [899])
    }

    /// Random Unicode text round-trips as text under the automatic ECI choice.
    @Test func randomUnicodeText() throws {
        var rng = SplitMix64(seed: 42)
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0xFF, 0x391...0x3C9, 0x4E00...0x4FFF, 0x1F600...0x1F64F,
        ]
        for _ in 0..<40 {
            var s = ""
            let pool = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pools.randomElement(using: &rng)! }
            for _ in 0..<Int.random(in: 1...60, using: &rng) {
                s.unicodeScalars.append(
                    Unicode.Scalar(UInt32.random(in: pool.randomElement(using: &rng)!, using: &rng))!)
            }
            let symbol = try #require(
                try QRCodeEncoder().encode(.text(s), format: .qrcode, options: EncodeOptions()).first)
            #expect(decode(symbol)?.content.text == s, "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// GS1: FNC1 in first position, the element string with GS after variable-length fields.
    @Test func gs1() throws {
        var options = EncodeOptions()
        options.gs1 = true
        let symbol = try #require(
            try QRCodeEncoder().encode(
                .text("(01)05000456112253(10)COV%0109(17)220901"), format: .qrcode, options: options
            ).first)
        let decoded = try #require(decode(symbol))
        #expect(decoded.content.fnc1 == .first)
        #expect(
            decoded.content.bytes == Array("0105000456112253".utf8) + Array("10COV%0109".utf8) + [0x1D]
                + Array("17220901".utf8))
        #expect(decoded.content.symbologyIdentifier == "]Q3")
        // A malformed HRI string is refused.
        #expect(throws: EncodeError.self) {
            try QRCodeEncoder().encode(.text("(01)123"), format: .qrcode, options: options)
        }
    }

    /// Structured append: N symbols with position, count and the parity of the whole payload, merged back
    /// into the payload by the decoder's merge.
    @Test(arguments: [2, 5, 16])
    func structuredAppend(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let text =
            String((0..<300).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))) })
            + " – ünïcödé 日本"
        var options = EncodeOptions()
        options.structuredAppend = count
        let symbols = try QRCodeEncoder().encode(.text(text), format: .qrcode, options: options)
        #expect(symbols.count == count)
        let bytes = Array(text.utf8)
        let parity = Int(bytes.reduce(0, ^))
        var parts: [Barcode] = []
        for (k, s) in symbols.enumerated() {
            let d = try #require(decode(s))
            #expect(d.content.structuredAppend?.index == k)
            #expect(d.content.structuredAppend?.count == count)
            #expect(d.content.structuredAppend?.id == String(parity))
            #expect(s.metadata["structured_append"] == "\(k + 1)/\(count)")
            parts.append(
                Barcode(
                    format: .qrcode, rawValue: d.content.text, rawBytes: d.content.bytes, cornerPoints: [],
                    symbologyIdentifier: "]Q2",
                    structuredAppend: StructuredAppend(index: k, count: count, id: String(parity))))
        }
        let merged = try #require(StructuredAppend.merge(parts.reversed()))
        #expect(merged.rawValue == text)
        #expect(merged.rawBytes == bytes)
        #expect(throws: EncodeError.self) {
            var o = EncodeOptions()
            o.structuredAppend = 17
            return try QRCodeEncoder().encode(.text(text), format: .qrcode, options: o)
        }
    }

    /// Rendered to pixels (scale 3, quiet zone 4) and read by the whole plugin from the image.
    @Test(arguments: [
        ("https://example.com/", "L"), ("SCANCTL 0123456789", "H"), (String(repeating: "ABCD1234abcd", count: 40), "Q"),
    ])
    func readFromRenderedImage(text: String, level: String) throws {
        var options = EncodeOptions()
        options.errorCorrectionLevel = level
        let symbol = try #require(try QRCodeEncoder().encode(.text(text), format: .qrcode, options: options).first)
        var style = SymbolStyle()
        style.scale = 3
        let image = SymbolRenderer.luminance(symbol, style: style)
        let found = QRCodeDecoder().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.map(\.rawValue) == [text])
        #expect(found.first?.errorCorrectionLevel == level)
    }

    /// Options out of range, and payloads too long, are refused with the right kind.
    @Test func errors() {
        func kind(_ payload: EncodePayload, _ configure: (inout EncodeOptions) -> Void) -> EncodeError.Kind? {
            var o = EncodeOptions()
            configure(&o)
            do {
                _ = try QRCodeEncoder().encode(payload, format: .qrcode, options: o)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind(.text("x")) { $0.errorCorrectionLevel = "X" } == .invalidOption)
        #expect(kind(.text("x")) { $0.version = 41 } == .invalidOption)
        #expect(kind(.text("x")) { $0.mask = 8 } == .invalidOption)
        #expect(kind(.text("")) { _ in } == .invalidPayload)
        #expect(kind(.text(String(repeating: "a", count: 30))) { $0.version = 1 } == .tooLong)
        #expect(kind(.bytes([UInt8](repeating: 7, count: 3000))) { _ in } == .tooLong)
        #expect(kind(.text("ab")) { $0.structuredAppend = 3 } == .invalidPayload)
        #expect(kind(.text("(01)1")) { $0.gs1 = true } == .invalidGS1)
    }
}
