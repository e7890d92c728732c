import ScanCore

/// Parses the data bit stream (ISO/IEC 24778:2008 character encodation tables): the five character
/// modes — Upper, Lower, Mixed and Punctuation in 5-bit codes, Digit in 4-bit codes — with their
/// latches (stay in the new mode) and shifts (one character only), Binary Shift (a byte count in 5 bits,
/// or 0 and 11 bits for 32 or more, then the bytes) and FLG(n) in Punctuation code 0 (n = 0: FNC1; 1–6:
/// an ECI designator of n digits, each a Digit-mode code). Decoding starts in Upper mode.
///
/// The content's `bytes`: characters of the text modes as ASCII, binary-shift bytes as they are, FNC1
/// after the first position as GS (0x1D); ECI designators and the structured-append header add none.
/// FNC1 before any data is GS1; after one letter or two digits, those are the application indicator.
/// Structured append: position from 0, count, and the optional message id (empty when absent).
///
/// A shift sequence ends in the mode it was invoked from, and that holds when the mode it was invoked
/// from is itself a shift: after U/S (from Lower or Digit) followed by P/S or B/S, the punctuation
/// character or the binary bytes return to Upper, and Upper stays latched (D/L … U/S B/S bytes A is
/// "…bytes A", not a digit). A shift's single character returns to the latched mode as usual.
///
/// Padding (ISO/IEC 24778:2008, bit stuffing and padding): the encoder fills the last data codeword with
/// 1 bits, so after the last character fewer bits than one codeword remain and all of them are 1 (they
/// may read as a shift, a latch or the start of a binary shift). With `codewordSize` given, a stream
/// whose tail breaks this rule (0 bits after the last character, a binary shift or ECI cut short, a
/// tail of a codeword or more) is not a message an encoder wrote and gives `nil`; without it trailing
/// bits too few for a character are ignored.
///
/// Text rule: the bytes before the first ECI are decoded with ``ECI/guessCharacterSet(_:)`` (the
/// standard's default is ISO/IEC 8859-1; valid UTF-8 is read as UTF-8, as common readers do); bytes after
/// an ECI in its character set.
public enum AztecDecodedBitStreamParser {
    enum Mode { case upper, lower, mixed, punct, digit }

    enum Code {
        case text([UInt8])
        case latch(Mode)
        case shift(Mode)
        case binaryShift
        case flag
    }

    /// Upper mode: 0 P/S, 1 space, 2–27 A–Z, 28 L/L, 29 M/L, 30 D/L, 31 B/S.
    static func upper(_ c: Int) -> Code {
        switch c {
        case 0: return .shift(.punct)
        case 1: return .text([0x20])
        case 2...27: return .text([UInt8(0x41 + c - 2)])
        case 28: return .latch(.lower)
        case 29: return .latch(.mixed)
        case 30: return .latch(.digit)
        default: return .binaryShift
        }
    }

    /// Lower mode: as Upper with a–z, and 28 U/S.
    static func lower(_ c: Int) -> Code {
        switch c {
        case 0: return .shift(.punct)
        case 1: return .text([0x20])
        case 2...27: return .text([UInt8(0x61 + c - 2)])
        case 28: return .shift(.upper)
        case 29: return .latch(.mixed)
        case 30: return .latch(.digit)
        default: return .binaryShift
        }
    }

    /// Mixed mode: control characters 1–13 and 27–31, @ \ ^ _ ` | ~ DEL; 28 L/L, 29 U/L, 30 P/L, 31 B/S.
    static let mixedCharacters: [UInt8] = [
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D,
        0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x40, 0x5C, 0x5E, 0x5F, 0x60, 0x7C, 0x7E, 0x7F,
    ]
    static func mixed(_ c: Int) -> Code {
        switch c {
        case 0: return .shift(.punct)
        case 1: return .text([0x20])
        case 2...27: return .text([mixedCharacters[c - 2]])
        case 28: return .latch(.lower)
        case 29: return .latch(.upper)
        case 30: return .latch(.punct)
        default: return .binaryShift
        }
    }

    /// Punctuation mode: 0 FLG(n), 1 CR, 2–5 the pairs CR LF, ". ", ", ", ": ", then ! " # $ % & ' ( ) * +
    /// , - . / : ; < = > ? [ ] { }, 31 U/L.
    static let punctuation: [[UInt8]] =
        [
            [0x0D], [0x0D, 0x0A], [0x2E, 0x20], [0x2C, 0x20], [0x3A, 0x20],
        ] + Array("!\"#$%&'()*+,-./:;<=>?[]{}".utf8).map { [$0] }
    static func punct(_ c: Int) -> Code {
        switch c {
        case 0: return .flag
        case 31: return .latch(.upper)
        default: return .text(punctuation[c - 1])
        }
    }

    /// Digit mode (4 bits): 0 P/S, 1 space, 2–11 0–9, 12 ",", 13 ".", 14 U/L, 15 U/S.
    static func digit(_ c: Int) -> Code {
        switch c {
        case 0: return .shift(.punct)
        case 1: return .text([0x20])
        case 2...11: return .text([UInt8(0x30 + c - 2)])
        case 12: return .text([0x2C])
        case 13: return .text([0x2E])
        case 14: return .latch(.upper)
        default: return .shift(.upper)
        }
    }

    static func code(_ c: Int, in mode: Mode) -> Code {
        switch mode {
        case .upper: return upper(c)
        case .lower: return lower(c)
        case .mixed: return mixed(c)
        case .punct: return punct(c)
        case .digit: return digit(c)
        }
    }

    /// Parses `bits` (0/1 each). Returns `nil` for streams no encoder writes (FLG(7), a malformed ECI and,
    /// with `codewordSize` (bits per data codeword) given, a stream whose padding is not as the standard
    /// writes it).
    public static func parse(_ bits: [UInt8], codewordSize: Int? = nil) -> DecodedContent? {
        var content = DecodedContent()
        var position = 0
        // Where the last character (text, binary bytes, FLG) ended: what follows must be padding.
        var committed = 0
        func read(_ n: Int) -> Int? {
            guard position + n <= bits.count else { return nil }
            var v = 0
            for k in 0..<n { v = (v << 1) | Int(bits[position + k]) }
            position += n
            return v
        }
        var segments: [(charset: ECI.CharacterSet?, bytes: [UInt8])] = [(nil, [])]
        func append(_ b: [UInt8]) {
            content.bytes += b
            segments[segments.count - 1].bytes += b
        }

        // The mode codes are read in, and the mode of the next code only (a shift).
        var latched = Mode.upper
        var shifted: Mode?
        /// The next code, in the mode it was read in (and whether that was a shifted one); a latch or shift
        /// among them is applied to `latched` and `shifted`. Nil at the end of the stream.
        func next() -> (code: Code, mode: Mode, inShift: Bool)? {
            let mode = shifted ?? latched
            let inShift = shifted != nil
            shifted = nil
            guard let c = read(mode == .digit ? 4 : 5) else { return nil }
            let code = Self.code(c, in: mode)
            switch code {
            case .latch(let m):
                latched = m
            case .shift(let m):
                // A shift invoked from a shifted mode returns there (see the type's documentation).
                if inShift { latched = mode }
                shifted = m
            case .text, .binaryShift, .flag:
                break
            }
            return (code, mode, inShift)
        }

        // Structured append header: M/L U/L, then an optional " id ", the position and the count as letters
        // A–Z. The header is text like any other: an encoder latches or shifts to write it (an id with
        // digits is written in Digit mode, its closing space too, then U/L before the letters), and the
        // message goes on in the mode the header ended in.
        if bits.count >= 10, read(5) == 29, read(5) == 29 {
            // The header's next character; nil at the end of the stream or at a code that writes no
            // character in a header (B/S, FLG).
            func character() -> UInt8? {
                while let (code, _, _) = next() {
                    switch code {
                    case .text(let t): return t.count == 1 ? t[0] : nil
                    case .latch, .shift: continue
                    case .binaryShift, .flag: return nil
                    }
                }
                return nil
            }
            var id: [UInt8] = []
            guard var first = character() else { return nil }
            if first == UInt8(ascii: " ") {
                while true {
                    guard let c = character() else { return nil }
                    if c == UInt8(ascii: " ") { break }
                    id.append(c)
                }
                guard let after = character() else { return nil }
                first = after
            }
            let letters = UInt8(ascii: "A")...UInt8(ascii: "Z")
            guard let total = character(), letters.contains(first), letters.contains(total), first <= total,
                shifted == nil
            else {
                return nil
            }
            content.structuredAppend = StructuredAppend(
                index: Int(first - UInt8(ascii: "A")), count: Int(total - UInt8(ascii: "A")) + 1,
                id: String(decoding: id, as: UTF8.self))
        } else {
            position = 0
        }

        committed = position
        stream: while true {
            guard let (code, mode, inShift) = next() else { break stream }
            switch code {
            case .text(let t):
                append(t)
                committed = position
            case .latch, .shift:
                break
            case .binaryShift:
                if inShift { latched = mode }
                guard var count = read(5) else { break stream }
                if count == 0 {
                    guard let long = read(11) else { break stream }
                    count = long + 31
                }
                // A count running past the end is the all-ones padding after B/S, not data.
                var bytes: [UInt8] = []
                for _ in 0..<count {
                    guard let b = read(8) else { break stream }
                    bytes.append(UInt8(b))
                }
                append(bytes)
                committed = position
            case .flag:
                guard let n = read(3) else { break stream }
                if n == 0 {
                    let sofar = content.bytes
                    if sofar.isEmpty && content.fnc1 == .none {
                        content.fnc1 = .first
                    } else if content.fnc1 == .none && isApplicationIndicator(sofar) {
                        content.fnc1 = .second(applicationIndicator: String(decoding: sofar, as: UTF8.self))
                    } else {
                        append([0x1D])
                    }
                } else if n == 7 {
                    return nil
                } else {
                    var designator = 0
                    for _ in 0..<n {
                        guard let d = read(4), (2...11).contains(d) else { return nil }
                        designator = designator * 10 + d - 2
                    }
                    content.ecis.append(designator)
                    segments.append((ECI.characterSet(for: designator) ?? .iso8859_1, []))
                }
                committed = position
            }
        }
        if let codewordSize, !isPadding(bits[committed...], codewordSize: codewordSize) { return nil }
        content.text = text(segments)
        content.symbologyIdentifier = symbologyIdentifier(content)
        return content
    }

    /// The symbology identifier (ISO/IEC 24778 and ISO/IEC 15424): modifier 0 plain, 1 FNC1 first,
    /// 2 FNC1 second, 3–5 the same with ECI, 6–B the same six with structured append (runes are `]zC`).
    public static func symbologyIdentifier(_ content: DecodedContent) -> String {
        let m = content.fnc1.position + (content.ecis.isEmpty ? 0 : 3) + (content.structuredAppend == nil ? 0 : 6)
        return "]z" + String(m, radix: 16, uppercase: true)
    }

    /// True when `tail` is what an encoder leaves after the last character: fewer bits than one codeword,
    /// all 1.
    static func isPadding(_ tail: ArraySlice<UInt8>, codewordSize: Int) -> Bool {
        tail.count < codewordSize && tail.allSatisfy { $0 == 1 }
    }

    /// One uppercase or lowercase letter, or two digits: what may precede FNC1 in second position.
    static func isApplicationIndicator(_ b: [UInt8]) -> Bool {
        if b.count == 1 { return (0x41...0x5A).contains(b[0]) || (0x61...0x7A).contains(b[0]) }
        return b.count == 2 && b.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func text(_ segments: [(charset: ECI.CharacterSet?, bytes: [UInt8])]) -> String? {
        var out = ""
        for s in segments where !s.bytes.isEmpty {
            let cs = s.charset ?? ECI.guessCharacterSet(s.bytes)
            guard let t = cs.decode(s.bytes) else { return nil }
            out += t
        }
        return out
    }
}
