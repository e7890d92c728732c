import BuiltinPlugins
import ScanCore
import ScanStress
import Testing

/// The stress engine in process (`make test` runs 2,000 symbols with the release build, `make stress`
/// 100,000; see Docs/stress.md): a short run of the matrix families, whose every reported value must be
/// exactly the encoded one, and the engine's parts.
struct StressTests {
    static let seed: UInt64 = 20_240_917

    /// Runs `options` with the built-in plugins and records every wrong value as an issue.
    func runExpectingNoWrongValue(_ options: StressRun.Options) throws -> StressRun.Report {
        let report = try StressRun.run(
            options, decoders: BuiltinPlugins.registry(), encoders: BuiltinPlugins.encoderRegistry())
        for w in report.wrongValues {
            let got = String(decoding: w.bytes, as: UTF8.self).debugDescription
            Issue.record("symbol \(w.index) (\(w.family)) read as \(w.format.name) \(got)")
        }
        #expect(report.wrong == 0)
        return report
    }

    /// ``runExpectingNoWrongValue(_:)`` for symbols `only` of a run of `count` symbols of `seed` over
    /// `families` (by default a 14,000-symbol run of every family).
    func runExpectingNoWrongValue(
        _ only: [Int], ofSeed seed: UInt64, count: Int = 14000, families: [String] = StressGenerator.families
    ) throws -> StressRun.Report {
        var o = StressRun.Options()
        o.count = count
        o.seed = seed
        o.families = families
        o.only = only
        return try runExpectingNoWrongValue(o)
    }

    @Test(.enabled(if: StressZint.executable != nil)) func matrixSymbolsGiveNoWrongValue() throws {
        var o = StressRun.Options()
        o.count = 60
        o.seed = Self.seed
        o.families = ["qrcode", "datamatrix", "aztec"]
        let report = try runExpectingNoWrongValue(o)
        // Every symbol renders, and many are read despite the damage.
        for f in o.families {
            let row = try #require(report.rows[f], "\(f)")
            #expect(row.symbols == 20, "\(f): \(row.symbols) rendered")
            #expect(row.read >= 5, "\(f): \(row.read) of \(row.symbols) read")
        }
    }

    /// Symbols of a 7,000-symbol run (seed 3) that the linear engine read with a wrong value before rival
    /// values needed a clear majority (a band of lines with one character changed, ITF cut short by glare,
    /// a UPC-E inside a PDF417; see Docs/stress.md): every one of them must stay right or unread. (Symbol
    /// 1227, an ITF whose first two digits a glare band 11 modules wide along the bars hides on every
    /// line, reads short again since the envelope edges; it is in Docs/stress.md's list of what is left.)
    @Test(.enabled(if: StressZint.executable != nil)) func formerWrongValuesStayFixed() throws {
        let only = [
            370, 1783, 1856, 2893, 2949, 3257, 3270, 3368, 3592, 3690, 3715, 5422, 5818, 6166, 6168, 6179,
            6235, 6701, 6984,
        ]
        let report = try runExpectingNoWrongValue(only, ofSeed: 3, count: 7000)
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == 19)
    }

    /// Symbols of seed 5 that two line families read with other values, or one family as a piece of
    /// another's value, or as two bands the tilt of a few lines did not join, once the envelope edges read
    /// more of them (``LinearScanner/resolveConflicts(_:)``): right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func rivalFamiliesAndFarBandsGiveNoWrongValue() throws {
        let report = try runExpectingNoWrongValue([247, 1142, 1541, 2486, 3509, 4628], ofSeed: 5, count: 7000)
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == 6)
    }

    /// Symbols of seeds 11 and 12 (14,000 each) that a band of lines read with a character changed, or cut
    /// short, at a cut or glare band crossing the bars at an angle, or that two line families read with
    /// rival values on a few lines each: the consensus of the symbol's lines along its bars
    /// (``LinearScanner/Consensus``) reads the symbol's own value there. Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func consensusAlongTheBarsOutvotesDamagedBands() throws {
        for (seed, only) in [
            (UInt64(11), [2847, 3978, 5132, 6572, 6756, 7302, 7596, 8526, 8825, 9206, 10509, 11992, 12986, 13994]),
            (UInt64(12), [2524, 3783, 7750, 9389, 10593, 10754, 11232]),
        ] {
            let report = try runExpectingNoWrongValue(only, ofSeed: seed)
            #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == only.count)
        }
    }

    /// Code 39 and Code 32 symbols (runs of 8,000 over those two families) that glare along the bars or
    /// blur read with a character changed into `$`, `/`, `+` or `%`, whose wide elements are all spaces,
    /// which is what thinned bars make of any character: such a character's five bars must be alike
    /// (``Code39CharacterReader/maxAllNarrowBarSpread``). Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aCharacterOfNarrowBarsOnlyHasAlikeBars() throws {
        try expectRightOrUnread(
            count: 8000, families: ["code39", "code32"], [96: [889, 1129, 7111, 7938], 97: [1909, 2143, 3159]])
    }

    /// ``runExpectingNoWrongValue(_:)`` for symbols `only[seed]` of runs of `count` symbols of `families`,
    /// every one of them made.
    func expectRightOrUnread(count: Int, families: [String], _ only: [UInt64: [Int]]) throws {
        for (seed, symbols) in only.sorted(by: { $0.key < $1.key }) {
            let report = try runExpectingNoWrongValue(symbols, ofSeed: seed, count: count, families: families)
            #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == symbols.count)
        }
    }

    /// Codabar symbols (runs of 6,000 Codabar) cropped by the image border or cut near an end, read as a
    /// shorter or other value whose start or stop character is the piece of a character at the border:
    /// the border is a quiet zone on one side only when its light is wider than any space of the read, as
    /// for ITF and EAN/UPC (``ScanLine/hasUncutQuietZones(firstBar:lastBar:before:after:atOneBorder:)``).
    /// Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aCodabarCutByTheBorderGivesNoShorterValue() throws {
        try expectRightOrUnread(
            count: 6000, families: ["codabar"], [96: [1357, 2484, 2941, 3470], 97: [2188, 2888, 5383]])
    }

    /// Codabar symbols that a cut or a glare band along the bars gave a character of the other kind's
    /// pattern at its own kind's width (a `+` read as a `4` or a `2`, a `.` as a `7`; seed 109: a run of 14,000 of
    /// the ten linear families, seed 110: 4,000 Codabar), which Codabar's character table accepts and no
    /// check character catches (``CodabarRowDecoder/widthsFitTheirKinds(_:)``). Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aCodabarCharacterOfTheOtherKindsWidthIsRefused() throws {
        try expectRightOrUnread(
            count: 14000,
            families: ["ean13", "ean8", "upca", "upce", "code128", "code39", "code32", "code93", "codabar", "itf"],
            [109: [318, 8468, 8938, 9088, 12768]])
        try expectRightOrUnread(count: 4000, families: ["codabar"], [110: [618, 2233, 2517, 3447, 3924]])
    }

    /// ITF symbols that a bright band across the bars split (seed 103: a run of 4,000 ITF and Codabar;
    /// seed 105: 6,000 ITF), a piece of them read as a shorter ITF value, the band's light taken for a
    /// quiet zone and a digit pair's wide bar, narrow space and narrow bar for the stop pattern. The
    /// symbol's own digit pairs go on past the light (``ITFRowDecoder/pairsGoOnPast(_:quietZone:outward:narrow:)``).
    /// Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func anITFSplitByABrightBandGivesNoPiece() throws {
        try expectRightOrUnread(count: 4000, families: ["itf", "codabar"], [103: [1186]])
        try expectRightOrUnread(count: 6000, families: ["itf"], [105: [2875, 5782, 5868]])
    }

    /// Symbols of seeds 11 and 12 (14,000 each) that lines read with a wrong value (a character changed,
    /// cut short, another symbology): the mean of the lines along the bars (``LinearScanner/MeanProfile``)
    /// reads the right value and, counting as all its aligned lines, outvotes them (counted as one line,
    /// these were wrong). Each is read (an EAN-13 of seed 12 without its add-on).
    @Test(.enabled(if: StressZint.executable != nil)) func theMeanAlongTheBarsOutvotesWrongLineReads() throws {
        for (seed, only) in [(UInt64(11), [6113, 7848, 10617]), (UInt64(12), [3376, 3430])] {
            let report = try runExpectingNoWrongValue(only, ofSeed: seed)
            #expect(report.rows.values.reduce(0) { $0 + $1.read + $1.partial } == only.count)
        }
    }

    /// Symbol 11844 of seed 11: the rows read an EAN-13 whole while a slanted family, its lines leaving
    /// the bars through their top edge just after the centre guard, reads the left half as a UPC-E of
    /// number system 1 (``LinearScanner/isPiece(_:of:)``, any format inside another family's longer
    /// read). Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aHalfInsideAnotherFamilysReadGivesNoWrongValue() throws {
        let report = try runExpectingNoWrongValue([11844], ofSeed: 11)
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == 1)
    }

    /// Symbols of seeds 11 and 12 (14,000 each) read as a UPC-E of number system 1 that is not theirs:
    /// EAN-13s whose left half read as one (glare, a cut or a crop over the rest, or a line leaving the
    /// bars through their top edge), a UPC-A whose left half did with a character changed by damage (a
    /// UPC-A's left half is all number set A, no UPC-E parity), and a UPC-E with two digits changed. Such
    /// values must be read by the consensus along the bars too (``LinearMatch/mayBePartOfLongerSymbol``).
    /// Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func upcEOfNumberSystemOneNeedsTheConsensus() throws {
        for (seed, only) in [(UInt64(11), [3234, 5460, 6482, 13636]), (UInt64(12), [1638, 3503, 4970, 7590])] {
            let report = try runExpectingNoWrongValue(only, ofSeed: seed)
            #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == only.count)
        }
    }

    /// Symbols of a 24,000-symbol run of seed 42 over the EAN/UPC families, EAN-13s that a column read as
    /// a UPC-E of number system 1 out of their left half, leaving the bars through their bottom edge 40°
    /// from the columns (1820, undamaged; 11260, under a cut and an occlusion). The consensus along the
    /// bars read the UPC-E too: beyond the bars' tips about half its lines see light. The lines on the
    /// side of the bars cross them there, those on the other side do not (``LinearScanner/Consensus/TipExit``).
    /// Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aLineLeavingTheBarsThroughTheirTipsGivesNoWrongValue()
        throws
    {
        let report = try runExpectingNoWrongValue(
            [1820, 11260], ofSeed: 42, count: 24000, families: ["ean13", "ean8", "upca", "upce"])
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == 2)
    }

    /// Symbols of a 24,000-symbol run of seed 42 over the EAN/UPC families under a glare band across the
    /// bars (3345, 8153, 8306 and 14960: EAN-8 and UPC-A, 5–9 modules wide, +155 to +228 grey levels),
    /// which a band of lines read with two or three digits changed that the check digit passed: the glare
    /// thinned bars to lighter values. Along the bars, those lines saw light where most of the other lines
    /// saw a bar (``LinearScanner/Consensus/runs(of:lines:image:tilt:measuresTipExit:band:)``, `washed`),
    /// and the band spans less than half of the lines the bars cross. Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func aBandOfLinesThroughGlareGivesNoWrongValue() throws {
        let report = try runExpectingNoWrongValue(
            [3345, 8153, 8306, 14960], ofSeed: 42, count: 24000, families: ["ean13", "ean8", "upca", "upce"])
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == 4)
    }

    /// EAN-13 symbols of seed 53 (20,000) whose EAN-5 add-on was reported as an EAN-2: a cut or glare
    /// across its third character makes a quiet zone after the second, and the lines through the damage
    /// there read the first two characters, which pass the EAN-2's only check (value modulo 4), while the
    /// lines across the rest of the symbol read its main digits and no add-on. The main digits are read,
    /// with no add-on or the right one (``EANAddOn/isConfirmed(_:in:decoder:options:)``).
    @Test(.enabled(if: StressZint.executable != nil)) func anEAN2OutOfADamagedEAN5GivesNoWrongValue() throws {
        let report = try runExpectingNoWrongValue([11004, 14014, 18158], ofSeed: 53, count: 20000)
        let row = try #require(report.rows["ean13"])
        #expect(row.symbols == 3 && row.read + row.partial == 3)
    }

    /// Symbols of seed 11 (14,000) read as an ITF shorter than the symbol: the bars between a glare band
    /// or a light occlusion across the bars and the symbol's end, with the band's light as quiet zone. On
    /// most of the lines along those bars the symbol goes on where that quiet zone is, and the read's own
    /// line is light there (``LinearRowDecoder/startAndStopOccurInside``). Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func anITFBetweenBrightBandsGivesNoWrongValue() throws {
        let only = [1997, 4923, 6309]
        let report = try runExpectingNoWrongValue(only, ofSeed: 11)
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == only.count)
    }

    /// PDF417 symbols, blurred, under glare or cut, read along one of their rows as a linear symbol: the
    /// start or stop pattern and the codewords of one row pass for a six- or eight-digit ITF (seed 61, and
    /// seed 71 over ITF and PDF417), for a UPC-E whose check digit held (seed 93) or for a Codabar (seed 94
    /// over EAN/UPC and PDF417), and the rows above and below differ (``BarHeightCheck``, in the ITF,
    /// EAN/UPC and Codabar plugins). Unread or PDF417. `families` empty: every family.
    @Test(.enabled(if: StressZint.executable != nil), arguments: Self.pdf417Rows)
    func aRowOfAPDF417IsNoLinearSymbol(seed: UInt64, families: [String], only: [Int]) throws {
        var o = StressRun.Options()
        o.seed = seed
        if !families.isEmpty { o.families = families }
        o.only = only
        let report = try runExpectingNoWrongValue(o)
        #expect(report.rows["pdf417"]?.symbols == only.count)
    }

    /// Seed, families (empty: every family) and symbols of ``aRowOfAPDF417IsNoLinearSymbol(seed:families:only:)``.
    static let pdf417Rows: [(UInt64, [String], [Int])] = [
        (61, [], [13606, 15146]), (71, ["itf", "pdf417"], [3975]), (93, [], [5822, 19542]),
        (94, ["ean13", "ean8", "upca", "upce", "pdf417"], [559]),
    ]

    /// Linear reads of a piece of a symbol's bars beside the read of the whole: an ITF cut across its bars
    /// also read as the digits before the cut (seed 73 over ITF, PDF417, Data Matrix and QR Code), and a
    /// UPC-E read along a line slanted across a Code 93 (seed 61). The whole is read, the piece is not
    /// reported (``DecoderRegistry/isFragment(_:of:)``).
    @Test(.enabled(if: StressZint.executable != nil)) func aPieceOfALinearSymbolIsNotReportedBesideIt() throws {
        var o = StressRun.Options()
        o.seed = 73
        o.families = ["itf", "pdf417", "datamatrix", "qrcode"]
        o.only = [2076]
        let cut = try runExpectingNoWrongValue(o)
        #expect(cut.rows["itf"]?.read == 1)
        o.seed = 61
        o.families = StressRun.Options().families
        o.only = [105]
        let slanted = try runExpectingNoWrongValue(o)
        #expect(slanted.rows["code93"]?.read == 1)
    }

    /// Symbols of a 12,000-symbol run of seed 21 over six linear families whose values have no check
    /// character (ITF, Codabar, Code 39, and Code 32 read as Code 39) that a band of lines read with a
    /// character changed or cut short, where the consensus along the bars formed but read nothing. Such a
    /// value is kept only when its lines span half of the lines its bars cross, or the consensus's vote
    /// or median reads it (``LinearMatch/checkedByCheckCharacter``). Right or unread.
    @Test(.enabled(if: StressZint.executable != nil)) func uncheckedValuesOfABandOfLinesNeedTheConsensus() throws {
        let only = [
            62, 649, 703, 1537, 1627, 1748, 1785, 1824, 2005, 2042, 2287, 2316, 2325, 2394, 3051, 3079, 3860,
            3991, 4249, 4315, 4512, 4544, 4581, 5130, 5184, 5928, 6093, 6271, 6345, 6618, 6697, 6804, 7755, 7860,
            8076, 8430, 8749, 9326, 9558, 9709, 10113, 10520, 10995, 11106, 11245, 11564, 11631,
        ]
        let report = try runExpectingNoWrongValue(
            only, ofSeed: 21, count: 12000, families: ["codabar", "itf", "code39", "code32", "ean8", "code128"])
        #expect(report.rows.values.reduce(0) { $0 + $1.symbols } == only.count)
    }

    @Test func zintDumpRows() throws {
        // Two rows of 12 modules: "A5 F" is 1010 0101 1111, the second row ends light.
        let m = try #require(StressModules.parseZintDump("A5 F\n80 0\n", kind: .stacked))
        #expect(m.modules.width == 12)
        #expect(m.modules.height == 2)
        #expect(m.modules.bits[0..<12] == [1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1])
        #expect(m.modules.bits[12..<24] == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func expectationsOfOneCase() {
        // An EAN-13 with an add-on may be read with it (right) or without it (partial), nothing else.
        for i in 0..<200 {
            let c = StressGenerator.makeCase(family: "ean13", seed: 7, index: i)
            #expect(c.accepted.first?.format == .ean13)
            #expect(c.accepted.filter(\.complete).count == 1)
        }
    }
}
