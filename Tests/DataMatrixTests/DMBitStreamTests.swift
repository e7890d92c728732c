import ScanCore
import Testing

@testable import DataMatrix

/// The data codeword parser on hand-built codewords, values worked out from ISO/IEC 16022:2006 §5.2
/// and its tables.
struct DMBitStreamTests {
    func parse(_ c: [UInt8]) -> DecodedContent? { DMDecodedBitStreamParser.parse(c) }

    @Test func asciiDigitPairsPadAndUpperShift() throws {
        // "A" = 65 + 1, digit pair "12" = 130 + 12, pad 129 ends the data; the rest is padding.
        let c = try #require(parse([66, 142, 129, 200, 17]))
        #expect(c.text == "A12")
        #expect(c.bytes == Array("A12".utf8))
        // Upper Shift 235: next value + 128: 0x44 − 1 + 128 = 0xC3, "Ã" in ISO-8859-1 (no ECI).
        let u = try #require(parse([235, 0x44]))
        #expect(u.bytes == [0xC3])
        #expect(u.text == "Ã")
        #expect(u.symbologyIdentifier == "]d1")
    }

    @Test func c40AndText() throws {
        // C40 "AIM": 1600·14 + 40·22 + 26 + 1 = 23307 = 91·256 + 11 (§5.2.5.2).
        let c40 = try #require(parse([230, 91, 11, 91, 11, 254, 66]))
        #expect(c40.text == "AIMAIMA")
        #expect(c40.metadata["encodation"] == "c40")
        // The same values in Text are lower case.
        let text = try #require(parse([239, 91, 11]))
        #expect(text.text == "aim")
        // C40 Shift 2 (1) value 27 is FNC1 → GS, then "A" (14) : 1600·1 + 40·27 + 14 + 1 = 2695 = 10·256 + 135.
        let fnc1 = try #require(parse([66, 230, 10, 135]))
        #expect(fnc1.bytes == [65, 0x1D, 65])
        // Text Shift 3 (2) value 1 is "A": 1600·2 + 40·1 + 3 (space) + 1 = 3244 = 12·256 + 172.
        let shift3 = try #require(parse([239, 12, 172]))
        #expect(shift3.text == "A ")
        // A C40 value of 40 or more in the first place is invalid.
        #expect(parse([230, 255, 255]) == nil)
    }

    @Test func x12() throws {
        // "A*1": 1600·14 + 40·1 + 5 + 1 = 22446 = 87·256 + 174.
        let c = try #require(parse([238, 87, 174]))
        #expect(c.text == "A*1")
        #expect(c.metadata["encodation"] == "x12")
    }

    @Test func edifact() throws {
        // "ABC" then unlatch: 000001 000010 000011 011111 = 0x04 0x20 0xDF; ASCII "A" follows.
        let c = try #require(parse([240, 0x04, 0x20, 0xDF, 66]))
        #expect(c.text == "ABCA")
        #expect(c.metadata["encodation"] == "edifact")
    }

    @Test func base256WithRandomising() throws {
        // Length 2 at position 2: 2 + (149·2 mod 255 + 1) = 46; 0xAB at position 3: 0xAB + 193 − 256 = 108;
        // 0x00 at position 4: 0 + 87 = 87 (Annex B.2, 255-state algorithm).
        let c = try #require(parse([231, 46, 108, 87]))
        #expect(c.bytes == [0xAB, 0x00])
        #expect(c.metadata["encodation"] == "base256")
    }

    @Test func eciUTF8() throws {
        // ECI 241, designator 26 as one codeword 27; "é" as UTF-8 C3 A9 with Upper Shift.
        let c = try #require(parse([241, 27, 235, 0x44, 235, 0x2A]))
        #expect(c.ecis == [26])
        #expect(c.bytes == [0xC3, 0xA9])
        #expect(c.text == "é")
        #expect(c.symbologyIdentifier == "]d4")
        // A two-codeword designator: (c1 − 128)·254 + c2 − 1 + 127 = 899 for c1 = 131, c2 = 11.
        let binary = try #require(parse([241, 131, 11, 66]))
        #expect(binary.ecis == [899])
        #expect(binary.text == nil)
        #expect(binary.bytes == [65])
    }

    @Test func gs1AndMacro() throws {
        // FNC1 first: GS1; a later FNC1 is GS.
        let g = try #require(parse([232, 131, 142, 232, 142]))
        #expect(g.fnc1 == .first)
        #expect(g.text == "0112\u{1D}12")
        #expect(g.symbologyIdentifier == "]d2")
        // FNC1 second, after a letter: AIM application indicator.
        let aim = try #require(parse([66, 232, 142]))
        #expect(aim.fnc1 == .second(applicationIndicator: "A"))
        #expect(aim.text == "A12")
        #expect(aim.symbologyIdentifier == "]d3")
        // Macro 06 expands to its header and trailer.
        let m = try #require(parse([237, 66]))
        #expect(m.text == "[)>\u{1E}06\u{1D}A\u{1E}\u{04}")
        #expect(m.metadata["macro"] == "06")
        let m5 = try #require(parse([236, 66]))
        #expect(m5.text == "[)>\u{1E}05\u{1D}A\u{1E}\u{04}")
    }

    @Test func structuredAppendAndReaderProgramming() throws {
        // Position 2 of 3 (index 1): 0001 1110 = 30; file id 1, 2.
        let c = try #require(parse([233, 30, 1, 2, 232, 131]))
        #expect(c.structuredAppend?.index == 1)
        #expect(c.structuredAppend?.count == 3)
        #expect(c.structuredAppend?.id == "258")
        #expect(c.fnc1 == .first)  // FNC1 in the fifth position
        #expect(c.text == "01")
        let r = try #require(parse([234, 66]))
        #expect(r.readerInitialisation)
        #expect(r.text == "A")
        // Unused ASCII codewords are refused.
        #expect(parse([66, 250]) == nil)
    }
}

struct DMTableTests {
    @Test func placementCoversEverySize() {
        for size in DMSymbolSize.all {
            let places = DMBitMatrixParser.placement(rows: size.mappingRows, columns: size.mappingColumns)
            #expect(places.count == size.totalCodewords, "\(size)")
            let flat = places.flatMap { $0 }
            #expect(Set(flat).count == flat.count, "\(size): a module used twice")
            #expect(flat.allSatisfy { $0 >= 0 && $0 < size.mappingRows * size.mappingColumns })
            // At most the fixed 2×2 corner (4 modules) is left over.
            #expect(size.mappingRows * size.mappingColumns - flat.count <= 4, "\(size)")
        }
    }

    @Test func tableIsConsistent() {
        #expect(DMSymbolSize.all.count == 48)
        for s in DMSymbolSize.all {
            #expect(s.rows == s.verticalRegions * (s.regionRows + 2))
            #expect(s.columns == s.horizontalRegions * (s.regionColumns + 2))
            #expect(s.totalCodewords == s.mappingRows * s.mappingColumns / 8, "\(s)")
            #expect(s.errorCodewords % s.blocks == 0)
        }
    }
}
