/// Turns Code 128 symbol values into data bytes: code sets A, B and C, shift and code-set changes, and the
/// function characters FNC1–FNC4 (ISO/IEC 15417:2007 §4.3.4 and Table 1; GS1 General Specifications
/// §5.4.3 for GS1-128; ISO/IEC 15424 for the symbology identifier).
enum Code128CodeSets {
    enum CodeSet { case a, b, c }

    /// What the values of one symbol say.
    struct Message: Equatable {
        /// Data bytes: ISO/IEC 8859-1 (FNC4 adds 128 to a character), FNC1 after the first position as GS.
        var bytes: [UInt8]
        /// `]C0` standard, `]C1` FNC1 in first position (GS1-128), `]C2` FNC1 in second position.
        var symbologyIdentifier: String
        /// FNC2 (message append, §4.3.4.1): the reader should keep this data and send it before the next
        /// symbol's.
        var messageAppend: Bool
        /// FNC3 (§4.3.4.1): the symbol programs the reader; its data is not transmitted.
        var readerProgramming: Bool
    }

    static let fnc1: UInt8 = 0x1D  // transmitted as GS (ASCII 29), GS1 GenSpecs §5.4.3.7

    /// Interprets `values`: the start character, the data characters, without check and stop characters.
    /// Returns nil for a sequence no encoder can produce (a start character in the data, a shift in code
    /// set C, a code C value above 102).
    static func interpret(_ values: [Int]) -> Message? {
        guard let first = values.first else { return nil }
        var set: CodeSet
        switch first {
        case Code128Patterns.startA: set = .a
        case Code128Patterns.startB: set = .b
        case Code128Patterns.startC: set = .c
        default: return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        var identifier = "]C0"
        var append = false, programming = false
        var shifted = false  // the next character is read in the other of sets A/B (§4.3.4.3)
        var extendedLatch = false  // FNC4 FNC4 seen: characters are extended until FNC4 FNC4 again
        var extendedNext = false  // a single FNC4: the next data character flips the extended state
        var k = 1
        while k < values.count {
            let v = values[k]
            let position = k - 1  // position among data characters, 0 = first after the start
            let current: CodeSet = shifted ? (set == .a ? .b : .a) : set
            shifted = false
            switch current {
            case .c:
                switch v {
                case 0...99:
                    bytes.append(0x30 + UInt8(v / 10))
                    bytes.append(0x30 + UInt8(v % 10))
                case 100: set = .b
                case 101: set = .a
                case 102: fnc1(at: position, values: values, bytes: &bytes, identifier: &identifier)
                default: return nil
                }
            case .a, .b:
                switch v {
                case 0...95:
                    var c: Int
                    if current == .a { c = v < 64 ? v + 32 : v - 64 } else { c = v + 32 }
                    if extendedLatch != extendedNext { c += 128 }
                    extendedNext = false
                    bytes.append(UInt8(c))
                case 96: programming = true  // FNC3
                case 97: append = true  // FNC2
                case 98:
                    guard k + 1 < values.count else { return nil }
                    shifted = true
                case 99: set = .c
                case 100, 101:
                    // FNC4 is 101 in set A and 100 in set B; the other value changes code set.
                    let isFNC4 = (current == .a) == (v == 101)
                    if !isFNC4 {
                        set = current == .a ? .b : .a
                    } else if k + 1 < values.count && values[k + 1] == v {
                        extendedLatch.toggle()  // two FNC4 in a row (§4.3.4.2)
                        extendedNext = false
                        k += 1
                    } else {
                        extendedNext = true
                    }
                case 102: fnc1(at: position, values: values, bytes: &bytes, identifier: &identifier)
                default: return nil
                }
            }
            k += 1
        }
        return Message(
            bytes: bytes, symbologyIdentifier: identifier, messageAppend: append,
            readerProgramming: programming)
    }

    /// FNC1 in first position marks GS1-128 (`]C1`) and is not transmitted; after a single letter (sets
    /// A/B) or one digit pair (set C) it is in second position (`]C2`, the letter or digits are the
    /// application indicator); anywhere else it is a field separator, sent as GS.
    private static func fnc1(at position: Int, values: [Int], bytes: inout [UInt8], identifier: inout String) {
        if position == 0 {
            identifier = "]C1"
        } else if position == 1 && identifier == "]C0" && isApplicationIndicator(bytes) {
            identifier = "]C2"
        } else {
            bytes.append(fnc1)
        }
    }

    private static func isApplicationIndicator(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 1 { return (0x41...0x5A).contains(bytes[0]) || (0x61...0x7A).contains(bytes[0]) }
        return bytes.count == 2 && bytes.allSatisfy { (0x30...0x39).contains($0) }
    }
}
