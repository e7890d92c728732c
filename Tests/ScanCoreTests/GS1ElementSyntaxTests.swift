import Testing

@testable import ScanCore

struct GS1ElementSyntaxTests {
    @Test func hriToElementString() throws {
        let bytes = try GS1ElementSyntax.elementString(fromHRI: "(01)05000456112253(10)COV0109(17)220901(21)X")
        // GS only after AI 10 (no predefined length) and not after the last field.
        #expect(
            bytes == Array("0105000456112253".utf8) + Array("10COV0109".utf8) + [0x1D] + Array("17220901".utf8)
                + Array("21X".utf8))
        #expect(
            try GS1ElementSyntax.elements(fromHRI: "(3103)000189(10)A(B)") == [
                .init(ai: "3103", data: "000189"), .init(ai: "10", data: "A(B)"),
            ])
    }

    @Test func malformedHRI() {
        for bad in ["01)0500", "(1)23", "(01)", "(01)123", "(10)AB\u{E9}", "(12345)1", "(17)2209011"] {
            #expect(throws: EncodeError.self, "\(bad)") { try GS1ElementSyntax.elementString(fromHRI: bad) }
        }
    }

    @Test func elementStringPayloadAsItIs() throws {
        #expect(try GS1ElementSyntax.payload(.text("10AB\u{1D}21C")) == Array("10AB".utf8) + [0x1D] + Array("21C".utf8))
        #expect(try GS1ElementSyntax.payload(.bytes([0x1D] + Array("01".utf8))) == Array("01".utf8))
        #expect(throws: EncodeError.self) { try GS1ElementSyntax.payload(.text("AB")) }
    }
}

struct EncoderRegistryTests {
    struct Fake: SymbologyEncoder {
        let name = "fake"
        let formats: Set<BarcodeFormat> = ["fake"]
        func encode(_ payload: EncodePayload, format: BarcodeFormat, options: EncodeOptions) throws(EncodeError)
            -> [GeneratedSymbol]
        {
            [
                GeneratedSymbol(
                    format: format, modules: BitMatrix(width: 1, height: 1, bits: [1]), isLinear: false, quietZone: 0)
            ]
        }
    }

    @Test func findsEncodersByFormat() throws {
        let registry = EncoderRegistry([Fake()])
        #expect(registry.formats == ["fake"])
        #expect(try registry.encode(.text("x"), format: "fake", options: EncodeOptions()).count == 1)
        #expect(throws: EncodeError(.unsupportedFormat, "no encoder for 'qrcode'; encoders exist for: fake")) {
            try registry.encode(.text("x"), format: .qrcode, options: EncodeOptions())
        }
    }
}
