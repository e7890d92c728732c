import Testing

@testable import ScanCore

struct GaloisFieldTests {
    static let fields: [GaloisField] = [
        .qrCode, .dataMatrix, .aztecParameters, .aztecData6, .aztecData8, .aztecData10, .aztecData12,
    ]

    @Test(arguments: fields) func multiplicationAndInverse(field f: GaloisField) {
        for a in 1..<min(f.size, 300) {
            #expect(f.multiply(a, f.inverse(a)) == 1)
            #expect(f.power(f.logarithm(a)) == a)
            #expect(f.multiply(a, 1) == a && f.multiply(a, 0) == 0)
        }
        // α generates the whole multiplicative group.
        #expect(Set((0..<(f.size - 1)).map { f.power($0) }).count == f.size - 1)
    }

    /// ISO/IEC 18004:2015 Annex A: the generator polynomial for 7 check codewords is
    /// x^7 + α^87 x^6 + α^229 x^5 + α^146 x^4 + α^149 x^3 + α^238 x^2 + α^102 x + α^21.
    @Test func qrGeneratorPolynomialOfDegree7() {
        let f = GaloisField.qrCode
        let g = f.generatorPolynomial(degree: 7)
        #expect(g == [21, 102, 238, 149, 146, 229, 87, 0].map { f.power($0) })
    }
}

struct ReedSolomonTests {
    struct Case: Sendable, CustomStringConvertible {
        let field: GaloisField
        let n: Int
        let ec: Int
        var description: String { "GF(\(field.size)) n=\(n) ec=\(ec)" }

        /// A codeword of `n` symbols: `n - ec` random data symbols, then their `ec` check symbols.
        func randomBlock(using rng: inout SplitMix64) -> [Int] {
            let data = (0..<(n - ec)).map { _ in Int.random(in: 0..<field.size, using: &rng) }
            return data + ReedSolomonEncoder(field: field).checkCodewords(for: data, ecCount: ec)
        }

        /// `block` with the symbol at each of `positions` changed to another (a random non-zero XOR).
        func corrupting(_ block: [Int], at positions: some Sequence<Int>, using rng: inout SplitMix64) -> [Int] {
            var received = block
            for p in positions { received[p] ^= Int.random(in: 1..<field.size, using: &rng) }
            return received
        }
    }
    static let cases: [Case] = [
        Case(field: .qrCode, n: 26, ec: 7), Case(field: .qrCode, n: 153, ec: 30),
        Case(field: .dataMatrix, n: 44, ec: 28),
        Case(field: .aztecParameters, n: 7, ec: 5), Case(field: .aztecData6, n: 40, ec: 12),
        Case(field: .aztecData10, n: 300, ec: 60), Case(field: .aztecData12, n: 1000, ec: 100),
    ]

    @Test(arguments: cases) func correctsUpToHalfTheCheckSymbols(_ c: Case) {
        var rng = SplitMix64(seed: UInt64(c.n * 31 + c.ec))
        let dec = ReedSolomonDecoder(field: c.field)
        for trial in 0..<20 {
            let block = c.randomBlock(using: &rng)
            var clean = block
            #expect(dec.decode(&clean, ecCount: c.ec) == 0)
            let errors = trial % (c.ec / 2 + 1)
            let positions = Array((0..<c.n).shuffled(using: &rng).prefix(errors))
            var received = c.corrupting(block, at: positions, using: &rng)
            #expect(dec.decode(&received, ecCount: c.ec) == errors)
            #expect(received == block)
        }
    }

    @Test(arguments: cases) func correctsErasuresAndErrorsTogether(_ c: Case) {
        var rng = SplitMix64(seed: UInt64(c.n * 7 + c.ec))
        let dec = ReedSolomonDecoder(field: c.field)
        for trial in 0..<10 {
            let block = c.randomBlock(using: &rng)
            let erasures = (trial * 3) % (c.ec + 1)
            let errors = (c.ec - erasures) / 2
            let positions = Array((0..<c.n).shuffled(using: &rng).prefix(erasures + errors))
            var received = c.corrupting(block, at: positions, using: &rng)
            #expect(dec.decode(&received, ecCount: c.ec, erasures: Array(positions.prefix(erasures))) != nil)
            #expect(received == block)
        }
    }

    @Test func tooManyErrorsNeverClaimsTheOriginal() {
        let c = Case(field: .qrCode, n: 26, ec: 10)
        var rng = SplitMix64(seed: 99)
        let dec = ReedSolomonDecoder(field: c.field)
        var failures = 0
        for _ in 0..<50 {
            let block = c.randomBlock(using: &rng)
            var received = c.corrupting(block, at: (0..<c.n).shuffled(using: &rng).prefix(6), using: &rng)
            let before = received
            if dec.decode(&received, ecCount: c.ec) == nil {
                failures += 1
                #expect(received == before)  // unchanged on failure
            } else {
                #expect(received != block)  // a different valid codeword, never the original
            }
        }
        #expect(failures > 40)
    }
}

struct PerspectiveTransformTests {
    @Test func mapsCornersAndInverts() {
        let src = (Point(0, 0), Point(21, 0), Point(21, 21), Point(0, 21))
        let dst = (Point(10, 12), Point(200, 30), Point(220, 260), Point(5, 240))
        let t = PerspectiveTransform(from: src, to: dst)
        for (s, d) in [(src.0, dst.0), (src.1, dst.1), (src.2, dst.2), (src.3, dst.3)] {
            #expect(t.apply(s).distance(to: d) < 1e-6)
        }
        let back = PerspectiveTransform(from: dst, to: src)
        let p = Point(7.25, 13.5)
        #expect(back.apply(t.apply(p)).distance(to: p) < 1e-6)
    }

    @Test func samplesAGrid() {
        // A 3×3 checkerboard drawn with 4-pixel modules, offset by 2 pixels.
        var m = BitMatrix(width: 16, height: 16)
        for y in 0..<12 { for x in 0..<12 where (x / 4 + y / 4) % 2 == 0 { m[x + 2, y + 2] = true } }
        let t = PerspectiveTransform(
            from: (Point(0, 0), Point(3, 0), Point(3, 3), Point(0, 3)),
            to: (Point(2, 2), Point(14, 2), Point(14, 14), Point(2, 14)))
        let g = GridSampler.sample(m, dimension: 3, transform: t)
        #expect(g?.bits == [1, 0, 1, 0, 1, 0, 1, 0, 1])
    }
}

struct ECITests {
    @Test func everyCharacterSetConverts() {
        for cs in ECI.CharacterSet.allCases where cs != .binary {
            #expect(
                cs.decode(Array("Az09".utf8)) != nil || cs.rawValue.hasPrefix("UTF-16")
                    || cs.rawValue.hasPrefix("UTF-32"),
                "\(cs.rawValue)")
        }
        #expect(ECI.characterSet(for: 20)?.decode([0x93, 0xFA, 0x96, 0x7B]) == "日本")
        #expect(ECI.characterSet(for: 26)?.decode([0xE6, 0x97, 0xA5]) == "日")
        #expect(ECI.characterSet(for: 32)?.decode([0xD6, 0xD0]) == "中")
        #expect(ECI.characterSet(for: 7)?.decode([0xB0]) == "А")
        #expect(ECI.characterSet(for: 25)?.decode([0x00, 0x41, 0x65, 0xE5]) == "A日")
        #expect(ECI.characterSet(for: 25)?.decode([0x00, 0x41, 0x65]) == nil)
        #expect(ECI.characterSet(for: 3)?.decode([0x41, 0xE9]) == "Aé")
        #expect(ECI.characterSet(for: 22)?.decode([0xE9]) == "й")
        #expect(ECI.characterSet(for: 17)?.decode([0xA4]) == "€")
        #expect(ECI.characterSet(for: 27)?.decode([0xE9]) == nil)
        #expect(ECI.characterSet(for: 899) == .binary)
        #expect(ECI.characterSet(for: 14) == nil)
    }

    @Test func windows1256IsArabic() {
        // ECI 24: 0xC7 alef, 0xDA ain, 0xA1 Arabic comma, 0x80 euro (CP1256.TXT).
        #expect(ECI.characterSet(for: 24)?.decode([0xC7, 0xDA, 0xA1, 0x80, 0x41]) == "اع،€A")
    }

    @Test func invalidSequencesAreReplaced() {
        #expect(ECI.CharacterSet.shiftJIS.decodeReplacingInvalid([0x83, 0x65, 0x41]) == "テA")
        #expect(ECI.CharacterSet.shiftJIS.decodeReplacingInvalid([0x83, 0x65, 0x83]) == "テ\u{FFFD}")
        #expect(ECI.CharacterSet.big5.decodeReplacingInvalid([0xF9, 0xD5, 0xF9]) == "龘\u{FFFD}")
        #expect(ECI.CharacterSet.utf8.decodeReplacingInvalid([0x41, 0xC3]) == "A\u{FFFD}")
        #expect(ECI.CharacterSet.utf16BE.decodeReplacingInvalid([0x65, 0xE5, 0x41]) == "日\u{FFFD}")
        #expect(ECI.CharacterSet.ascii.decodeReplacingInvalid([0x41, 0xE9]) == "A\u{FFFD}")
        #expect(ECI.CharacterSet.iso8859_7.decodeReplacingInvalid([0xE1]) == "α")
    }

    @Test func guessesUTF8ShiftJISAndLatin1() {
        #expect(ECI.guessCharacterSet(Array("Grüße".utf8)) == .utf8)
        #expect(ECI.guessCharacterSet([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]) == .shiftJIS)
        #expect(ECI.guessCharacterSet([0x47, 0x72, 0xFC, 0xDF, 0x65]) == .iso8859_1)
        // Adjacent accented letters are valid Shift_JIS pairs but Latin-1 text: "Informação", "AÇÃO", "àé".
        #expect(ECI.guessCharacterSet(Array("Informa".utf8) + [0xE7, 0xE3, 0x6F]) == .iso8859_1)
        #expect(ECI.guessCharacterSet([0x41, 0xC7, 0xC3, 0x4F]) == .iso8859_1)
        #expect(ECI.guessCharacterSet([0xE0, 0xE9]) == .iso8859_1)
        // Katakana and half-width katakana: テスト (83 65 83 58 83 67), ｶﾀｶﾅ (B6 C0 B6 C5).
        #expect(ECI.guessCharacterSet([0x83, 0x65, 0x83, 0x58, 0x83, 0x67]) == .shiftJIS)
        #expect(ECI.guessCharacterSet([0xB6, 0xC0, 0xB6, 0xC5]) == .shiftJIS)
    }
}
