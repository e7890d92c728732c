import Foundation
import ScanCore

/// One GS1 Application Identifier (GS1 General Specifications §3.2).
///
/// ```swift
/// GS1ApplicationIdentifiers.lookup("0109501101530003")   // AI "01", GTIN, N14, check digit
/// ```
///
/// `components` is the format as the standard writes it (`N14`, `X..20`, `N3+N..15`): the data type
/// (`N` digits, `X` GS1 AI encodable character set 82, `Y` set 39, `Z` set 64) and a fixed length or a
/// maximum. `predefinedLength` is true for the AIs whose two-digit prefix is in the table of predefined
/// lengths (§7.8.5: 00–04, 11–20, 31–36, 41): only those may be followed by another AI without an FNC1
/// (GS) separator.
public struct GS1ApplicationIdentifier: Sendable, Equatable {
    public struct Component: Sendable, Equatable {
        /// `N`, `X`, `Y` or `Z`.
        public var type: Character
        public var minLength: Int
        public var maxLength: Int
    }

    public var ai: String
    public var dataTitle: String
    public var format: String
    public var components: [Component]
    /// The first numeric component ends in a GS1 check digit (§7.9): GTIN, SSCC, GLN, GDTI, GRAI …
    public var hasCheckDigit: Bool
    /// The data starts with a date YYMMDD (§7.12).
    public var isDate: Bool
    /// The last digit of a four-digit AI is the number of decimals (3100–3699, 3900–3959).
    public var impliedDecimals: Int?

    public var minLength: Int { components.reduce(0) { $0 + $1.minLength } }
    public var maxLength: Int { components.reduce(0) { $0 + $1.maxLength } }
    /// All components have a fixed length.
    public var isFixedLength: Bool { components.allSatisfy { $0.minLength == $0.maxLength } }
    /// Another AI may follow without a GS separator only for predefined-length prefixes.
    public var predefinedLength: Bool { GS1ApplicationIdentifiers.predefinedPrefixes.contains(String(ai.prefix(2))) }
    /// A GS (FNC1) must follow the data unless it ends the string.
    public var requiresFNC1: Bool { !predefinedLength }
}

/// The GS1 Application Identifier table (General Specifications §3.2, as of release 24).
public enum GS1ApplicationIdentifiers {
    /// Two-digit prefixes of predefined length (§7.8.5, Figure 7.8.5-2; the table is ScanCore's).
    static let predefinedPrefixes: Set<String> = Set(GS1ElementSyntax.predefinedLengths.keys)

    /// The AI at the start of `digits` (AIs are prefix-free: 2, 3 or 4 digits), or `nil`.
    public static func lookup<S: StringProtocol>(_ digits: S) -> GS1ApplicationIdentifier? {
        for n in 2...4 where digits.count >= n {
            if let ai = table[String(digits.prefix(n))] { return ai }
        }
        return nil
    }

    /// The AI with exactly this code, or `nil`.
    public static func identifier(_ code: String) -> GS1ApplicationIdentifier? { table[code] }

    /// Every AI by code.
    public static let table: [String: GS1ApplicationIdentifier] = {
        var t: [String: GS1ApplicationIdentifier] = [:]
        for line in rows.split(separator: "\n") {
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map {
                String($0).trimmingEdges()
            }
            guard f.count >= 3 else { continue }
            let flags = f.count > 3 ? f[3] : ""
            let codes: [(String, Int?)]
            if f[0].hasSuffix("n") {
                // 310n: n = 0...5 decimals (390n/391n/392n/393n: 0...9; 394n: 0...4).
                let stem = String(f[0].dropLast())
                let maxN = ["390", "391", "392", "393"].contains(stem) ? 9 : (stem == "394" ? 4 : 5)
                codes = (0...maxN).map { (stem + String($0), $0) }
            } else if f[0].contains("-") {
                // A range such as 7030-7039 or 91-99.
                let ends = f[0].split(separator: "-").compactMap { Int($0) }
                let width = f[0].split(separator: "-").first?.count ?? 2
                guard ends.count == 2 else { continue }
                codes = (ends[0]...ends[1]).map { (pad($0, width), nil) }
            } else {
                codes = [(f[0], nil)]
            }
            let components = f[1].split(separator: "+").compactMap(component)
            for (code, decimals) in codes {
                t[code] = GS1ApplicationIdentifier(
                    ai: code, dataTitle: f[2], format: f[1], components: components,
                    hasCheckDigit: flags.contains("c"), isDate: flags.contains("d"),
                    impliedDecimals: flags.contains("n") ? decimals : nil)
            }
        }
        return t
    }()

    /// `N14` → fixed 14 digits; `X..20` → 1 to 20 characters; `N6..12` → 6 to 12 digits.
    static func component(_ s: Substring) -> GS1ApplicationIdentifier.Component? {
        guard let type = s.first else { return nil }
        let rest = s.dropFirst()
        if rest.hasPrefix("..") {
            guard let max = Int(rest.dropFirst(2)) else { return nil }
            return .init(type: type, minLength: 1, maxLength: max)
        }
        let parts = rest.components(separatedBy: "..")
        if parts.count == 2, let lo = Int(parts[0]), let hi = Int(parts[1]) {
            return .init(type: type, minLength: lo, maxLength: hi)
        }
        guard let n = Int(rest) else { return nil }
        return .init(type: type, minLength: n, maxLength: n)
    }

    // AI | format | data title | flags (c: check digit on the first component, d: date YYMMDD,
    // n: implied decimals in the AI's last digit). `310n` expands to 3100–3105; `91-99` to each AI.
    static let rows = """
        00 | N18 | SSCC | c
        01 | N14 | GTIN | c
        02 | N14 | CONTENT | c
        03 | N14 | MTO GTIN | c
        10 | X..20 | BATCH/LOT
        11 | N6 | PROD DATE | d
        12 | N6 | DUE DATE | d
        13 | N6 | PACK DATE | d
        15 | N6 | BEST BEFORE or BEST BY | d
        16 | N6 | SELL BY | d
        17 | N6 | USE BY or EXPIRY | d
        20 | N2 | VARIANT
        21 | X..20 | SERIAL
        22 | X..20 | CPV
        235 | X..28 | TPX
        240 | X..30 | ADDITIONAL ID
        241 | X..30 | CUST. PART No.
        242 | N..6 | MTO VARIANT
        243 | X..20 | PCN
        250 | X..30 | SECONDARY SERIAL
        251 | X..30 | REF. TO SOURCE
        253 | N13+X..17 | GDTI | c
        254 | X..20 | GLN EXTENSION COMPONENT
        255 | N13+N..12 | GCN | c
        30 | N..8 | VAR. COUNT
        310n | N6 | NET WEIGHT (kg) | n
        311n | N6 | LENGTH (m) | n
        312n | N6 | WIDTH (m) | n
        313n | N6 | HEIGHT (m) | n
        314n | N6 | AREA (m²) | n
        315n | N6 | NET VOLUME (l) | n
        316n | N6 | NET VOLUME (m³) | n
        320n | N6 | NET WEIGHT (lb) | n
        321n | N6 | LENGTH (in) | n
        322n | N6 | LENGTH (ft) | n
        323n | N6 | LENGTH (yd) | n
        324n | N6 | WIDTH (in) | n
        325n | N6 | WIDTH (ft) | n
        326n | N6 | WIDTH (yd) | n
        327n | N6 | HEIGHT (in) | n
        328n | N6 | HEIGHT (ft) | n
        329n | N6 | HEIGHT (yd) | n
        330n | N6 | GROSS WEIGHT (kg) | n
        331n | N6 | LENGTH (m), log | n
        332n | N6 | WIDTH (m), log | n
        333n | N6 | HEIGHT (m), log | n
        334n | N6 | AREA (m²), log | n
        335n | N6 | VOLUME (l), log | n
        336n | N6 | VOLUME (m³), log | n
        337n | N6 | KG PER m² | n
        340n | N6 | GROSS WEIGHT (lb) | n
        341n | N6 | LENGTH (in), log | n
        342n | N6 | LENGTH (ft), log | n
        343n | N6 | LENGTH (yd), log | n
        344n | N6 | WIDTH (in), log | n
        345n | N6 | WIDTH (ft), log | n
        346n | N6 | WIDTH (yd), log | n
        347n | N6 | HEIGHT (in), log | n
        348n | N6 | HEIGHT (ft), log | n
        349n | N6 | HEIGHT (yd), log | n
        350n | N6 | AREA (in²) | n
        351n | N6 | AREA (ft²) | n
        352n | N6 | AREA (yd²) | n
        353n | N6 | AREA (in²), log | n
        354n | N6 | AREA (ft²), log | n
        355n | N6 | AREA (yd²), log | n
        356n | N6 | NET WEIGHT (troy oz) | n
        357n | N6 | NET VOLUME (oz) | n
        360n | N6 | NET VOLUME (qt) | n
        361n | N6 | NET VOLUME (gal.) | n
        362n | N6 | VOLUME (qt), log | n
        363n | N6 | VOLUME (gal.), log | n
        364n | N6 | VOLUME (in³) | n
        365n | N6 | VOLUME (ft³) | n
        366n | N6 | VOLUME (yd³) | n
        367n | N6 | VOLUME (in³), log | n
        368n | N6 | VOLUME (ft³), log | n
        369n | N6 | VOLUME (yd³), log | n
        37 | N..8 | COUNT
        390n | N..15 | AMOUNT | n
        391n | N3+N..15 | AMOUNT | n
        392n | N..15 | PRICE | n
        393n | N3+N..15 | PRICE | n
        394n | N4 | PRCNT OFF | n
        395n | N6 | PRICE/UoM | n
        400 | X..30 | ORDER NUMBER
        401 | X..30 | GINC
        402 | N17 | GSIN | c
        403 | X..30 | ROUTE
        410 | N13 | SHIP TO LOC | c
        411 | N13 | BILL TO | c
        412 | N13 | PURCHASE FROM | c
        413 | N13 | SHIP FOR LOC | c
        414 | N13 | LOC No. | c
        415 | N13 | PAY TO | c
        416 | N13 | PROD/SERV LOC | c
        417 | N13 | PARTY | c
        420 | X..20 | SHIP TO POST
        421 | N3+X..9 | SHIP TO POST
        422 | N3 | ORIGIN
        423 | N3+N..12 | COUNTRY - INITIAL PROCESS.
        424 | N3 | COUNTRY - PROCESS.
        425 | N3+N..12 | COUNTRY - DISASSEMBLY
        426 | N3 | COUNTRY - FULL PROCESS
        427 | X..3 | ORIGIN SUBDIVISION
        4300 | X..35 | SHIP TO COMP
        4301 | X..35 | SHIP TO NAME
        4302 | X..70 | SHIP TO ADD1
        4303 | X..70 | SHIP TO ADD2
        4304 | X..70 | SHIP TO SUB
        4305 | X..70 | SHIP TO LOC
        4306 | X..70 | SHIP TO REG
        4307 | X2 | SHIP TO COUNTRY
        4308 | X..30 | SHIP TO PHONE
        4309 | N20 | SHIP TO GEO
        4310 | X..35 | RTN TO COMP
        4311 | X..35 | RTN TO NAME
        4312 | X..70 | RTN TO ADD1
        4313 | X..70 | RTN TO ADD2
        4314 | X..70 | RTN TO SUB
        4315 | X..70 | RTN TO LOC
        4316 | X..70 | RTN TO REG
        4317 | X2 | RTN TO COUNTRY
        4318 | X..20 | RTN TO POST
        4319 | X..30 | RTN TO PHONE
        4320 | X..35 | SRV DESCRIPTION
        4321 | N1 | DANGEROUS GOODS
        4322 | N1 | AUTH LEAVE
        4323 | N1 | SIG REQUIRED
        4324 | N10 | NBEF DEL DT
        4325 | N10 | NAFT DEL DT
        4326 | N6 | REL DATE | d
        4330 | X..7 | MAX TEMP F
        4331 | X..7 | MAX TEMP C
        4332 | X..7 | MIN TEMP F
        4333 | X..7 | MIN TEMP C
        7001 | N13 | NSN
        7002 | X..30 | MEAT CUT
        7003 | N10 | EXPIRY TIME | d
        7004 | N..4 | ACTIVE POTENCY
        7005 | X..12 | CATCH AREA
        7006 | N6 | FIRST FREEZE DATE | d
        7007 | N6..12 | HARVEST DATE | d
        7008 | X..3 | AQUATIC SPECIES
        7009 | X..10 | FISHING GEAR TYPE
        7010 | X..2 | PROD METHOD
        7011 | N6+N..4 | TEST BY DATE | d
        7020 | X..20 | REFURB LOT
        7021 | X..20 | FUNC STAT
        7022 | X..20 | REV STAT
        7023 | X..30 | GIAI - ASSEMBLY
        7030-7039 | N3+X..27 | PROCESSOR # s
        7040 | N1+X3 | UIC+EXT
        7041 | X..4 | UFRGT UNIT TYPE
        710 | X..20 | NHRN PZN
        711 | X..20 | NHRN CIP
        712 | X..20 | NHRN CN
        713 | X..20 | NHRN DRN
        714 | X..20 | NHRN AIM
        715 | X..20 | NHRN NDC
        7230-7239 | X2+X..28 | CERT # s
        7240 | X..20 | PROTOCOL
        7241 | N2 | AIDC MEDIA TYPE
        7242 | X..25 | VCN
        7250 | N8 | DOB
        7251 | N12 | DOB TIME
        7252 | N1 | BIO SEX
        7253 | X..40 | FAMILY NAME
        7254 | X..40 | GIVEN NAME
        7255 | X..10 | SUFFIX
        7256 | X..90 | FULL NAME
        7257 | X..70 | PERSON ADDR
        7258 | X3 | BIRTH SEQUENCE
        7259 | X..40 | BABY
        8001 | N14 | DIMENSIONS
        8002 | X..20 | CMT No.
        8003 | N14+X..16 | GRAI | c
        8004 | X..30 | GIAI
        8005 | N6 | PRICE PER UNIT
        8006 | N14+N2+N2 | ITIP | c
        8007 | X..34 | IBAN
        8008 | N8+N..4 | PROD TIME
        8009 | X..50 | OPTSEN
        8010 | Y..30 | CPID
        8011 | N..12 | CPID SERIAL
        8012 | X..20 | VERSION
        8013 | X..25 | GMN
        8014 | X..25 | MUDI
        8017 | N18 | GSRN - PROVIDER | c
        8018 | N18 | GSRN - RECIPIENT | c
        8019 | N..10 | SRIN
        8020 | X..25 | REF No.
        8026 | N14+N2+N2 | ITIP CONTENT | c
        8030 | Z..90 | DIGSIG
        8110 | X..70 | -
        8111 | N4 | POINTS
        8112 | X..70 | -
        8200 | X..70 | PRODUCT URL
        90 | X..30 | INTERNAL
        91-99 | X..90 | INTERNAL
        """
}
