import Foundation
import ScanCore

/// One Application Identifier and its data, checked against the AI table.
public struct GS1Element: Sendable, Equatable {
    public var ai: String
    public var value: String
    public var definition: GS1ApplicationIdentifier

    /// The element in HRI form: `(17)250600`.
    public var hri: String { "(\(ai))\(value)" }
}

/// `gs1` from a GS1 element string: AIs and their data, with GS (0x1D, FNC1) after variable-length
/// data that is not last (GS1 General Specifications §7.8).
///
/// ```swift
/// GS1ElementString.parse("0109501101530003172506001012AB\u{1D}21XYZ")
/// // (01)09501101530003 (17)250600 (10)12AB (21)XYZ — HRI "(01)09501101530003(17)250600(10)12AB(21)XYZ"
/// ```
///
/// Rules checked (a breach makes the payload `text` with the reason): every AI is in the table; fixed
/// lengths are met and variable ones stay within their maximum; numeric data is digits and other data is
/// in the AI's character set; GTIN/SSCC/GLN-style check digits (§7.9) are right; dates YYMMDD are real
/// (DD = 00 means "the month", given as `YYYY-MM`); an AI outside the predefined-length table is
/// followed by a GS unless it is last. A leading symbology identifier (`]C1` …) or FNC1/GS is skipped.
public enum GS1ElementString {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    static let gs: Character = "\u{1D}"

    /// Splits and validates an element string; throws ``Failure`` with the broken rule.
    public static func elements(_ raw: String) throws(Failure) -> [GS1Element] {
        var s = Substring(raw)
        if s.hasPrefix("]"), s.count >= 3 { s = s.dropFirst(3) }
        while s.first == gs { s = s.dropFirst() }
        guard !s.isEmpty else { throw Failure(description: "empty GS1 element string") }
        var out: [GS1Element] = []
        while !s.isEmpty {
            guard let def = GS1ApplicationIdentifiers.lookup(s.prefix(4)), s.prefix(def.ai.count).isASCIIDigitsSub
            else {
                throw Failure(description: "unknown Application Identifier at '\(s.prefix(4))'")
            }
            s = s.dropFirst(def.ai.count)
            let data: Substring
            if def.isFixedLength {
                data = s.prefix(def.maxLength)
                if data.count < def.maxLength || data.contains(gs) {
                    throw Failure(description: "AI (\(def.ai)) needs \(def.maxLength) characters")
                }
                s = s.dropFirst(def.maxLength)
            } else {
                let end = s.firstIndex(of: gs) ?? s.endIndex
                data = s[..<end]
                s = s[end...]
                if data.count > def.maxLength {
                    throw Failure(description: "AI (\(def.ai)) data longer than \(def.maxLength) characters")
                }
            }
            if let next = s.first {
                if next == gs {
                    s = s.dropFirst()
                } else if def.requiresFNC1 {
                    throw Failure(description: "AI (\(def.ai)) must be followed by a GS separator")
                }
            }
            let element = GS1Element(ai: def.ai, value: String(data), definition: def)
            try validate(element)
            // GS1 General Specifications, the rules for combining element strings: an AI may appear
            // again only with the same data (a label cannot carry two batches).
            if let earlier = out.first(where: { $0.ai == element.ai }), earlier.value != element.value {
                throw Failure(description: "AI (\(def.ai)) appears twice with different data")
            }
            out.append(element)
        }
        return out
    }

    /// Checks one element's data against its AI's format, check digit and date.
    public static func validate(_ e: GS1Element) throws(Failure) {
        let def = e.definition
        var rest = Substring(e.value)
        guard rest.count >= def.minLength, rest.count <= def.maxLength else {
            throw Failure(description: "AI (\(def.ai)) data length \(rest.count) is not \(lengthText(def))")
        }
        for (i, c) in def.components.enumerated() {
            let isLast = i == def.components.count - 1
            let take = isLast ? rest.count : c.maxLength
            let part = rest.prefix(take)
            if part.count < c.minLength || part.count > c.maxLength {
                throw Failure(description: "AI (\(def.ai)) data length is not \(lengthText(def))")
            }
            guard allowed(part, type: c.type) else {
                let kind =
                    c.type == "N"
                    ? "digits only" : "characters of GS1 set \(c.type == "X" ? "82" : c.type == "Y" ? "39" : "64")"
                throw Failure(description: "AI (\(def.ai)) must hold \(kind)")
            }
            if i == 0 && def.hasCheckDigit && !checkDigitValid(part) {
                throw Failure(description: "AI (\(def.ai)) check digit is wrong")
            }
            rest = rest.dropFirst(take)
        }
        if def.isDate, date(e.value.prefix(6)) == nil {
            throw Failure(description: "AI (\(def.ai)) is not a valid date YYMMDD")
        }
    }

    static func lengthText(_ def: GS1ApplicationIdentifier) -> String {
        def.isFixedLength ? "\(def.maxLength)" : "\(def.minLength)–\(def.maxLength)"
    }

    /// GS1 character sets: N digits; X set 82 (§7.11 Figure 7.11-1); Y set 39; Z set 64 (URL-safe base64).
    static func allowed(_ s: Substring, type: Character) -> Bool {
        s.unicodeScalars.allSatisfy { u in
            let v = u.value
            let digit = v >= 0x30 && v <= 0x39
            let upper = v >= 0x41 && v <= 0x5A
            let lower = v >= 0x61 && v <= 0x7A
            switch type {
            case "N": return digit
            case "Y": return digit || upper || u == "#" || u == "-" || u == "/"
            case "Z": return digit || upper || lower || u == "-" || u == "_" || u == "="
            default: return digit || upper || lower || "!\"%&'()*+,-./:;<=>?_".unicodeScalars.contains(u)
            }
        }
    }

    /// GS1 mod-10 check digit (§7.9.1): weights 3,1,3,… from the digit left of the check digit.
    public static func checkDigitValid<S: StringProtocol>(_ digits: S) -> Bool {
        let d = digits.utf8.map { Int($0) - 48 }
        guard d.count >= 2, d.allSatisfy({ (0...9).contains($0) }), let check = d.last else { return false }
        var sum = 0
        for (i, v) in d.dropLast().reversed().enumerated() { sum += v * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }

    /// YYMMDD as ISO `YYYY-MM-DD`, or `YYYY-MM` when DD is 00. The century follows §7.12: a year more
    /// than 50 years ahead of `referenceYear` is in the previous century, one 50 or more years behind it
    /// in the next.
    public static func date<S: StringProtocol>(_ s: S, referenceYear: Int? = nil) -> String? {
        let referenceYear = referenceYear ?? currentYear
        guard s.count == 6, let yy = digitsValue(s.prefix(2)), let mm = digitsValue(s.dropFirst(2).prefix(2)),
            let dd = digitsValue(s.suffix(2)), (1...12).contains(mm)
        else { return nil }
        let refYY = referenceYear % 100
        let century = referenceYear - refYY
        let diff = yy - refYY
        var year = century + yy
        if diff >= 51 { year -= 100 } else if diff <= -50 { year += 100 }
        if dd == 0 { return pad(year, 4) + "-" + pad(mm, 2) }
        return isoDate(year: year, month: mm, day: dd)
    }

    static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

    /// The HRI form `(01)…(17)…`.
    public static func hri(_ elements: [GS1Element]) -> String { elements.map(\.hri).joined() }

    /// The `gs1` parsed value of an element string, or `text` with the reason.
    static func parsedValue(_ raw: String) -> ParsedValue {
        do {
            let elements = try elements(raw)
            return value(elements, source: "element_string", extra: [:])
        } catch {
            return ParsedValue(
                valueType: .text, value: .object(["reason": .string(error.description)]), displayValue: raw)
        }
    }

    /// The `gs1` value: `elements` (each `ai`, `data_title`, `value`, `fixed_length`, and `date` /
    /// `decimal` where they apply), `hri`, `source`, and the `gtin` of AI (01) for convenience.
    static func value(_ elements: [GS1Element], source: String, extra: [String: JSONValue]) -> ParsedValue {
        var list: [JSONValue] = []
        var gtin: String?
        for e in elements {
            var o: [String: JSONValue] = [
                "ai": .string(e.ai), "data_title": .string(e.definition.dataTitle), "value": .string(e.value),
                "fixed_length": .bool(e.definition.isFixedLength),
            ]
            if e.definition.isDate, let d = date(e.value.prefix(6)) { o["date"] = .string(d) }
            if let n = e.definition.impliedDecimals {
                let digits = String(e.value.suffix(e.value.count - (e.definition.components.count > 1 ? 3 : 0)))
                o["decimal"] = .string(decimal(digits, places: n))
            }
            if e.ai == "01" { gtin = gtin ?? e.value }
            list.append(.object(o))
        }
        let hri = hri(elements)
        var o: [String: JSONValue] = [
            "elements": .array(list), "hri": .string(hri), "source": .string(source), "gtin": .text(gtin),
        ]
        for (k, v) in extra { o[k] = v }
        return ParsedValue(valueType: .gs1, value: .object(o), displayValue: hri)
    }

    /// `"001250", 2` → `"12.50"`.
    static func decimal(_ digits: String, places: Int) -> String {
        var d = digits
        while d.count <= places { d = "0" + d }
        let intPart = String(d.dropLast(places)).drop { $0 == "0" }
        let int = intPart.isEmpty ? "0" : String(intPart)
        return places == 0 ? int : int + "." + String(d.suffix(places))
    }
}
