import ScanCore
import Testing

@testable import EANUPC

@Suite("EAN-2 / EAN-5 add-ons and the add-on policy")
struct EANAddOnTests {
    @Test(arguments: ["12", "97", "54495", "00000", "90000"])
    func readAppendsTheAddOn(addOn: String) throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), addOn: EANTestRenderer.addOn(addOn))
        let codes = decode(r.image) { $0.eanAddOn = .read }
        #expect(codes.count == 1)
        let b = try #require(codes.first)
        #expect(b.format == .ean13)
        #expect(b.rawValue == "4006381333931" + addOn)
        #expect(b.displayValue == "4006381333931 " + addOn)
        #expect(b.addOn == addOn)
        #expect(b.symbologyIdentifier == "]E3")
        // The corner points cover the add-on.
        expectCorners(b, r.corners)
    }

    @Test func ignoreReportsTheMainSymbolOnly() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("036000291452"), addOn: EANTestRenderer.addOn("54495"))
        let b = try #require(decode(r.image) { $0.eanAddOn = .ignore }.first)
        #expect(b.rawValue == "036000291452")
        #expect(b.addOn == nil)
        #expect(b.symbologyIdentifier == "]E0")
    }

    @Test func requireDropsSymbolsWithoutAddOn() throws {
        let plain = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"))
        #expect(decode(plain.image) { $0.eanAddOn = .require }.isEmpty)
        #expect(decode(plain.image) { $0.eanAddOn = .read }.first?.rawValue == "4006381333931")
        let with = EANTestRenderer.render(EANTestRenderer.upcE("04252614"), addOn: EANTestRenderer.addOn("07"))
        let b = try #require(decode(with.image) { $0.eanAddOn = .require }.first)
        #expect(b.format == .upce)
        #expect(b.rawValue == "0425261407")
        #expect(b.upcA == "042100005264")
    }

    @Test func ean8KeepsItsIdentifierWithAnAddOn() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean8("96385074"), addOn: EANTestRenderer.addOn("12"))
        let b = try #require(decode(r.image).first)
        #expect(b.rawValue == "9638507412")
        #expect(b.symbologyIdentifier == "]E4")
    }

    /// The top of the image from one symbol, the rest from another: lines across the symbol disagree.
    func stitched(_ top: LuminanceImage, _ bottom: LuminanceImage, at row: Int) -> LuminanceImage {
        var px = [UInt8](repeating: 0, count: top.width * top.height)
        for y in 0..<top.height {
            for x in 0..<top.width { px[y * top.width + x] = y < row ? top[x, y] : bottom[x, y] }
        }
        return LuminanceImage(width: top.width, height: top.height, pixels: px)
    }

    /// Lines across the add-on read two values (for EAN-2 with the same number sets: 12 and 16 are both
    /// A A, 12 mod 4 = 16 mod 4): neither is reported, the main symbol is.
    @Test(arguments: [("12", "16", 0.5), ("54495", "54459", 0.5), ("12", "16", 0.75)])
    func addOnsThatLinesDisagreeOnAreNotReported(first: String, second: String, share: Double) throws {
        let main = EANTestRenderer.ean13("4006381333931")
        let a = EANTestRenderer.render(main, addOn: EANTestRenderer.addOn(first))
        let b = EANTestRenderer.render(main, addOn: EANTestRenderer.addOn(second))
        let image = stitched(a.image, b.image, at: 12 + Int(60 * share))
        let codes = decode(image)
        #expect(codes.count == 1)
        let code = try #require(codes.first)
        #expect(code.rawValue == "4006381333931")
        #expect(code.addOn == nil)
        #expect(code.symbologyIdentifier == "]E0")
        #expect(decode(image) { $0.eanAddOn = .require }.isEmpty)
        // Each alone reads with its add-on.
        #expect(decode(a.image).first?.rawValue == "4006381333931" + first)
        #expect(decode(b.image).first?.rawValue == "4006381333931" + second)
    }

    /// A few lines misreading the add-on (a scratch over its lowest rows) do not outvote the many that
    /// read it.
    @Test func aFewDisagreeingLinesDoNotOutvoteTheRest() throws {
        let main = EANTestRenderer.ean13("4006381333931")
        let a = EANTestRenderer.render(main, addOn: EANTestRenderer.addOn("12"))
        let b = EANTestRenderer.render(main, addOn: EANTestRenderer.addOn("16"))
        let image = stitched(a.image, b.image, at: 12 + 57)
        #expect(decode(image).first?.rawValue == "400638133393112")
    }

    @Test func addOnWithBadParityIsNotRead() throws {
        // "12" must use sets A, A (12 mod 4 = 0); draw it A, B instead.
        let modules = "1011" + EANTestRenderer.setA[1] + "01" + EANTestRenderer.setB(2)
        let r = EANTestRenderer.render(EANTestRenderer.ean13("4006381333931"), addOn: modules)
        let b = try #require(decode(r.image).first)
        #expect(b.rawValue == "4006381333931")
        #expect(decode(r.image) { $0.eanAddOn = .require }.isEmpty)
    }
}
