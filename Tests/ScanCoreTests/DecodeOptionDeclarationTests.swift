import Testing

@testable import ScanCore

/// `DecodeOptions.declarations`: every knob declared once, with the names, ranges and defaults users see.
@Suite struct DecodeOptionDeclarationTests {
    /// `tryHarder` → `try_harder`, `code39FullASCII` → `code39_full_ascii`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        var previousWasUpper = false
        for c in name {
            if c.isUppercase {
                if !previousWasUpper && !out.isEmpty { out += "_" }
                out += c.lowercased()
                previousWasUpper = true
            } else {
                previousWasUpper = false
                out.append(c)
            }
        }
        return out
    }

    @Test func everyStoredOptionButFormatsIsDeclaredOnceUnderItsOwnName() {
        let stored = Mirror(reflecting: DecodeOptions()).children.compactMap(\.label).filter { $0 != "formats" }
        let keys = DecodeOptions.declarations.map(\.key)
        #expect(Set(keys).count == keys.count, "a key declared twice")
        #expect(Set(stored.map(Self.snakeCase)) == Set(keys), "DecodeOptions' fields and the declarations differ")
    }

    @Test func defaultsAreTheStoredInitialValues() {
        let d = Dictionary(uniqueKeysWithValues: DecodeOptions.declarations.map { ($0.key, $0.defaultValue) })
        #expect(d["try_harder"] == .bool(true))
        #expect(d["pure"] == .bool(false))
        #expect(d["ean_add_on"] == .choice("read"))
        #expect(d["itf_min_length"] == .integer(6))
        #expect(d["min_line_agreement"] == .integer(2))
        #expect(d["binarizer"] == .choice("local"))
    }

    @Test func setWritesTheStoredPropertyAndChecksKindAndRange() throws {
        var options = DecodeOptions()
        for declaration in DecodeOptions.declarations {
            // A value other than the default, of the right kind.
            let value: DecodeOptionDeclaration.Value
            switch declaration.kind {
            case .bool:
                guard case .bool(let b) = declaration.defaultValue else { continue }
                value = .bool(!b)
            case .integer(let range): value = .integer(range.upperBound)
            case .choice(let names): value = .choice(names.first { .choice($0) != declaration.defaultValue } ?? "")
            }
            try declaration.set(value, in: &options)
            #expect(declaration.value(in: options) == value, "\(declaration.key)")
        }
        #expect(options.tryHarder == false && options.pure == true && options.itfMinLength == 1000)
        let itf = try #require(DecodeOptions.declarations.first { $0.key == "itf_min_length" })
        #expect(throws: DecodeOptionDeclaration.InvalidValue.self) { try itf.set(.integer(1), in: &options) }
        #expect(throws: DecodeOptionDeclaration.InvalidValue.self) { try itf.set(.bool(true), in: &options) }
        #expect(options.itfMinLength == 1000)
    }

    @Test func flagsArTheKeysWithDashes() throws {
        let byKey = Dictionary(uniqueKeysWithValues: DecodeOptions.declarations.map { ($0.key, $0) })
        let harder = try #require(byKey["try_harder"])
        #expect(harder.flag == "--try-harder" && harder.negatedFlag == "--no-try-harder")
        #expect(harder.aliases == [.init("--fast", .bool(false))])
        let addOn = try #require(byKey["ean_add_on"])
        #expect(addOn.flag == "--ean-add-on" && addOn.negatedFlag == nil)
        #expect(addOn.aliases == [.init("--ean-addon")])
        #expect(byKey["min_line_agreement"]?.flag == "--min-line-agreement")
    }

    @Test func parseReadsCommandLineValues() throws {
        let byKey = Dictionary(uniqueKeysWithValues: DecodeOptions.declarations.map { ($0.key, $0) })
        let agreement = try #require(byKey["min_line_agreement"])
        #expect(try agreement.parse("1") == .integer(1))
        #expect(throws: DecodeOptionDeclaration.InvalidValue(expected: "a whole number from 1 to 1000")) {
            try agreement.parse("0")
        }
        let check = try #require(byKey["code39_check_character"])
        #expect(try check.parse("verify_and_strip") == .choice("verify_and_strip"))
        #expect(check.expected == "ignore, verify or verify_and_strip")
        #expect(try byKey["pure"]?.parse("true") == .bool(true))
    }
}
