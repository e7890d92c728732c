import Testing
import ScanCore
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
        #expect(b.metadata["addon"] == addOn)
        #expect(b.symbologyIdentifier == "]E3")
        // The corner points cover the add-on.
        expectCorners(b, r.corners)
    }

    @Test func ignoreReportsTheMainSymbolOnly() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean13("036000291452"), addOn: EANTestRenderer.addOn("54495"))
        let b = try #require(decode(r.image) { $0.eanAddOn = .ignore }.first)
        #expect(b.rawValue == "036000291452")
        #expect(b.metadata["addon"] == nil)
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
        #expect(b.metadata["upca"] == "042100005264")
    }

    @Test func ean8KeepsItsIdentifierWithAnAddOn() throws {
        let r = EANTestRenderer.render(EANTestRenderer.ean8("96385074"), addOn: EANTestRenderer.addOn("12"))
        let b = try #require(decode(r.image).first)
        #expect(b.rawValue == "9638507412")
        #expect(b.symbologyIdentifier == "]E4")
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
