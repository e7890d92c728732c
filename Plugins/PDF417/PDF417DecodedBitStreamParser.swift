import ScanCore

/// The Macro PDF417 control block (ISO/IEC 15438:2015 §5.10 / Annex on Macro PDF417): mode 928.
public struct PDF417MacroControl: Sendable, Equatable {
    /// Position of this symbol in the file, from 0.
    public var segmentIndex: Int
    /// The file identifier: each codeword as three decimal digits (codeword values 0…899).
    public var fileID: String
    /// True when the last-segment terminator (922) is present.
    public var isLastSegment = false
    /// Optional fields (923 + designator): 0 file name, 3 sender, 4 addressee (text);
    /// 1 segment count, 2 time stamp, 5 file size, 6 checksum (numbers as decimal text).
    public var fileName: String?
    public var segmentCount: Int?
    public var timeStamp: String?
    public var sender: String?
    public var addressee: String?
    public var fileSize: String?
    public var checksum: String?

    /// The symbol's place in its file: this segment's index, the count (the segment count field, else
    /// index + 1 for the last segment, else 0: not stated) and the file id.
    public var structuredAppend: StructuredAppend {
        StructuredAppend(
            index: segmentIndex, count: segmentCount ?? (isLastSegment ? segmentIndex + 1 : 0), id: fileID)
    }

    /// The fields as result metadata: `macro_segment_index`, `macro_file_id`, `macro_last_segment`
    /// ("true"/"false"), and those present of `macro_segment_count`, `macro_file_name`, `macro_time_stamp`,
    /// `macro_sender`, `macro_addressee`, `macro_file_size`, `macro_checksum` (read by ``PDF417MacroSet``).
    public var metadata: [String: String] {
        var m = [
            "macro_segment_index": String(segmentIndex), "macro_file_id": fileID,
            "macro_last_segment": isLastSegment ? "true" : "false",
        ]
        if let n = segmentCount { m["macro_segment_count"] = String(n) }
        if let v = fileName { m["macro_file_name"] = v }
        if let v = timeStamp { m["macro_time_stamp"] = v }
        if let v = sender { m["macro_sender"] = v }
        if let v = addressee { m["macro_addressee"] = v }
        if let v = fileSize { m["macro_file_size"] = v }
        if let v = checksum { m["macro_checksum"] = v }
        return m
    }
}

/// Decodes the data codewords of a PDF417 symbol (ISO/IEC 15438:2015 §5.4): text compaction with its
/// four sub-modes (alpha, lower, mixed, punctuation) and their latches and shifts, byte compaction
/// (901: groups of 6 bytes in 5 codewords and single bytes; 924: groups of 6 only), byte shift 913,
/// numeric compaction 902 (groups of up to 15 codewords, base 900, leading 1 dropped), ECI 925–927,
/// reader initialisation 921 and the Macro PDF417 control block 928 (923 optional fields, 922 last segment).
///
/// ```swift
/// let content = try PDF417DecodedBitStreamParser.decode([1, 1])   // codewords after the length descriptor
/// content.text                                                   // "AB"
/// ```
public enum PDF417DecodedBitStreamParser {
    public struct Failure: Error, Equatable {
        public let reason: String
    }

    static let textLatch = 900, byteLatch = 901, numericLatch = 902, byteShift = 913
    static let byteLatch6 = 924, eciUser = 925, eciGeneral = 926, eciCharset = 927
    static let macroBlock = 928, macroOptional = 923, macroTerminator = 922, readerInit = 921

    /// Decodes `codewords` (the data codewords without the length descriptor, pads included).
    ///
    /// The content's `bytes`: text compaction characters as ASCII, byte compaction bytes as they are,
    /// numeric compaction digits as ASCII; ECI designators and the Macro PDF417 control block excluded.
    /// Its `text`: each part in the character set its ECI declares (an ECI that names no character set,
    /// user-defined or general purpose, keeps the one before it), ISO-8859-1 before any ECI (ECI 899
    /// "binary" parts are shown as ISO-8859-1 as well). Bytes that are not valid in their part's set show
    /// as U+FFFD: the other parts' text is still given (`bytes` hold the exact payload). A Macro PDF417
    /// control block gives `structuredAppend` and `metadata` (``PDF417MacroControl``). Symbology
    /// identifier `]L2`.
    public static func decode(_ codewords: [Int]) throws -> DecodedContent {
        var out = DecodedContent()
        out.symbologyIdentifier = "]L2"
        var segments: [(ECI.CharacterSet, [UInt8])] = [(.iso8859_1, [])]
        func emit(_ b: UInt8) {
            out.bytes.append(b)
            segments[segments.count - 1].1.append(b)
        }
        func setECI(_ designator: Int) throws {
            out.ecis.append(designator)
            // Designators naming no character set (user-defined, general purpose) keep the current set.
            if let cs = ECI.characterSet(for: designator) { segments.append((cs, [])) }
        }
        var i = 0
        var mode = textLatch
        var textState = TextState()
        while i < codewords.count {
            let c = codewords[i]
            if c < 900 {
                switch mode {
                case textLatch:
                    // One codeword, two text values.
                    textState.feed(c / 30, emit: emit)
                    textState.feed(c % 30, emit: emit)
                    i += 1
                case numericLatch:
                    var group: [Int] = []
                    while i < codewords.count && codewords[i] < 900 && group.count < 15 {
                        group.append(codewords[i]); i += 1
                    }
                    for d in try numericDigits(group) { emit(d) }
                default:  // byte compaction
                    var group: [Int] = []
                    while i < codewords.count && codewords[i] < 900 { group.append(codewords[i]); i += 1 }
                    for b in bytes(group, sixMultiple: mode == byteLatch6) { emit(b) }
                }
                continue
            }
            i += 1
            // A shift left pending at the end of a text run (the pad of an odd number of values) does not
            // carry over a byte shift, an ECI or a mode latch.
            textState.shifted = nil
            switch c {
            case textLatch:
                mode = textLatch
                textState = TextState()
            case byteLatch, byteLatch6, numericLatch:
                mode = c
            case byteShift:
                guard i < codewords.count, codewords[i] < 256 else { throw Failure(reason: "bad byte shift") }
                emit(UInt8(codewords[i]))
                i += 1
            case eciCharset:
                guard i < codewords.count, codewords[i] < 900 else { throw Failure(reason: "bad ECI") }
                try setECI(codewords[i]); i += 1
            case eciGeneral:
                guard i + 1 < codewords.count, codewords[i] < 900, codewords[i + 1] < 900 else {
                    throw Failure(reason: "bad ECI")
                }
                try setECI(900 * (codewords[i] + 1) + codewords[i + 1]); i += 2
            case eciUser:
                guard i < codewords.count, codewords[i] < 900 else { throw Failure(reason: "bad ECI") }
                try setECI(810_900 + codewords[i]); i += 1
            case readerInit:
                guard i == 1 else { throw Failure(reason: "reader initialisation not first") }
                out.readerInitialisation = true
            case macroBlock:
                let control = try macro(Array(codewords[i...]))
                out.structuredAppend = control.structuredAppend
                out.metadata.merge(control.metadata) { _, new in new }
                i = codewords.count
            case macroOptional, macroTerminator:
                // Only valid inside a Macro PDF417 control block.
                throw Failure(reason: "macro field outside a control block")
            default:
                throw Failure(reason: "reserved codeword \(c)")
            }
        }
        var text = ""
        for (cs, b) in segments where !b.isEmpty {
            let set = cs == .binary ? ECI.CharacterSet.iso8859_1 : cs
            text += set.decodeReplacingInvalid(b)
        }
        out.text = text
        return out
    }

    // MARK: Text compaction (§5.4.1)

    enum SubMode { case alpha, lower, mixed, punctuation }

    /// Mixed sub-mode characters 0…24 (25 latches to punctuation, 26 space, 27–29 latches/shift).
    static let mixedCharacters: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    /// Punctuation sub-mode characters 0…28 (29 latches to alpha).
    static let punctuationCharacters: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    struct TextState {
        var mode = SubMode.alpha
        var shifted: SubMode?

        mutating func feed(_ v: Int, emit: (UInt8) -> Void) {
            let current = shifted ?? mode
            let wasShift = shifted != nil
            shifted = nil
            switch current {
            case .alpha, .lower:
                if v < 26 {
                    emit(UInt8(v) + (current == .alpha ? 65 : 97))
                } else if v == 26 {
                    emit(32)
                } else if v == 27 {
                    if current == .alpha { if !wasShift { mode = .lower } } else { shifted = .alpha }
                } else if v == 28 {
                    if !wasShift { mode = .mixed }
                } else {
                    shifted = .punctuation
                }
            case .mixed:
                if v < 25 {
                    emit(PDF417DecodedBitStreamParser.mixedCharacters[v])
                } else if v == 25 {
                    if !wasShift { mode = .punctuation }
                } else if v == 26 {
                    emit(32)
                } else if v == 27 {
                    if !wasShift { mode = .lower }
                } else if v == 28 {
                    if !wasShift { mode = .alpha }
                } else {
                    shifted = .punctuation
                }
            case .punctuation:
                if v < 29 {
                    emit(PDF417DecodedBitStreamParser.punctuationCharacters[v])
                } else if !wasShift {
                    mode = .alpha
                }
            }
        }
    }

    /// Text compaction of a Macro PDF417 field (starts in alpha sub-mode).
    static func text(_ codewords: [Int]) -> String {
        var state = TextState()
        var b: [UInt8] = []
        for c in codewords where c < 900 {
            state.feed(c / 30) { b.append($0) }
            state.feed(c % 30) { b.append($0) }
        }
        return String(decoding: b, as: UTF8.self)
    }

    // MARK: Byte compaction (§5.4.2)

    /// Bytes of one byte-compaction run: groups of 5 codewords give 6 bytes (base 900 → base 256). In mode
    /// 901 the byte count is not a multiple of 6 and the last 1…5 codewords are single bytes; in mode 924
    /// every group is full.
    static func bytes(_ group: [Int], sixMultiple: Bool) -> [UInt8] {
        let full = sixMultiple ? group.count / 5 : max(0, (group.count - 1) / 5)
        var out: [UInt8] = []
        for g in 0..<full {
            var n: UInt64 = 0
            for c in group[(5 * g)..<(5 * g + 5)] { n = n * 900 + UInt64(c) }
            for k in stride(from: 5, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: n >> (8 * UInt64(k)))) }
        }
        for c in group[(5 * full)...] { out.append(UInt8(truncatingIfNeeded: c)) }
        return out
    }

    // MARK: Numeric compaction (§5.4.4)

    /// Decimal digits (ASCII) of up to 15 base-900 codewords, the leading 1 removed.
    static func numericDigits(_ group: [Int]) throws -> [UInt8] {
        // Little-endian limbs of 10^9.
        var limbs: [UInt64] = [0]
        for c in group {
            var carry = UInt64(c)
            for k in limbs.indices {
                let v = limbs[k] * 900 + carry
                limbs[k] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var s = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let t = String(limb)
            s += String(repeating: "0", count: 9 - t.count) + t
        }
        guard s.first == "1" else { throw Failure(reason: "numeric group without leading 1") }
        return Array(s.utf8.dropFirst())
    }

    // MARK: Macro PDF417 (§5.10)

    static func macro(_ cw: [Int]) throws -> PDF417MacroControl {
        guard cw.count >= 2, cw[0] < 900, cw[1] < 900 else { throw Failure(reason: "short macro block") }
        let indexDigits = try numericDigits([cw[0], cw[1]])
        guard let index = Int(String(decoding: indexDigits, as: UTF8.self)) else {
            throw Failure(reason: "bad segment index")
        }
        var i = 2
        var fileID = ""
        while i < cw.count && cw[i] < 900 {
            let t = String(cw[i])
            fileID += String(repeating: "0", count: 3 - t.count) + t
            i += 1
        }
        var m = PDF417MacroControl(segmentIndex: index, fileID: fileID)
        while i < cw.count {
            let c = cw[i]
            i += 1
            if c == macroTerminator {
                m.isLastSegment = true
                continue
            }
            guard c == macroOptional, i < cw.count else { throw Failure(reason: "bad macro field \(c)") }
            let designator = cw[i]
            i += 1
            var field: [Int] = []
            while i < cw.count && cw[i] < 900 { field.append(cw[i]); i += 1 }
            func number() throws -> String {
                var digits: [UInt8] = []
                var k = 0
                while k < field.count {
                    digits += try numericDigits(Array(field[k..<min(field.count, k + 15)]))
                    k += 15
                }
                return String(decoding: digits, as: UTF8.self)
            }
            switch designator {
            case 0: m.fileName = text(field)
            case 1: m.segmentCount = Int(try number())
            case 2: m.timeStamp = try number()
            case 3: m.sender = text(field)
            case 4: m.addressee = text(field)
            case 5: m.fileSize = try number()
            case 6: m.checksum = try number()
            default: throw Failure(reason: "unknown macro field \(designator)")
            }
        }
        return m
    }
}
