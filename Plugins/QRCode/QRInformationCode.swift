/// What the format information (§7.9.1) and the version information (§7.10) of ISO/IEC 18004:2015 share:
/// two copies of one word of a small error-correcting code, read from the symbol.
enum QRInformationCode {
    /// True when the readings make a clear case for one of `codewords`: a reading equals one without
    /// error, or every reading lies within 3 bit errors of the same one. `false` for no readings.
    /// Allocation-free: detectors ask it for every finder triple and grid candidate, most of them chance.
    static func isConfident(_ readings: [Int], among codewords: [Int]) -> Bool {
        guard !readings.isEmpty else { return false }
        for word in codewords {
            var allNear = true
            for reading in readings {
                let d = (reading ^ word).nonzeroBitCount
                if d == 0 { return true }
                if d > 3 { allNear = false }
            }
            if allNear { return true }
        }
        return false
    }
}

extension QRInformationCode {
    /// For every `bits`-bit reading, the index of the codeword within 3 bit errors of it and the
    /// distance, as index · 4 + distance, or 255 when there is none. There is at most one: both codes
    /// have minimum distance 7 or more (§7.9.1 / Annex C.2, §7.10 / Annex D). Built once per code.
    static func nearestTable(_ codewords: [Int], bits: Int) -> [UInt8] {
        precondition(codewords.count < 64, "index · 4 + distance must fit below 255")
        // Each word's readings within 3 bit errors: the word XOR every pattern of at most 3 of `bits` bits
        // (a few hundred per word, instead of comparing every reading with every word).
        var table = [UInt8](repeating: 255, count: 1 << bits)
        for (index, word) in codewords.enumerated() {
            table[word] = UInt8(index * 4)
            for i in 0..<bits {
                table[word ^ (1 << i)] = UInt8(index * 4 + 1)
                for j in (i + 1)..<max(i + 1, bits) {
                    table[word ^ (1 << i) ^ (1 << j)] = UInt8(index * 4 + 2)
                    for k in (j + 1)..<max(j + 1, bits) {
                        table[word ^ (1 << i) ^ (1 << j) ^ (1 << k)] = UInt8(index * 4 + 3)
                    }
                }
            }
        }
        return table
    }

    /// ``isConfident(_:among:)`` through a ``nearestTable(_:bits:)`` of the same codewords: the same answer
    /// (every codeword within 3 bit errors of a reading is the one the table holds), and with `totalErrors`
    /// the readings may also have at most that many bit errors in all when none is exact. A reading outside
    /// the table's range is compared with `codewords` directly.
    static func isConfident(
        _ readings: some Collection<Int>, among codewords: [Int], table: [UInt8], totalErrors: Int = .max
    ) -> Bool {
        guard !readings.isEmpty else { return false }
        var common = -1  // the codeword every reading so far lies near; -2 once they do not share one
        var errors = 0
        for reading in readings {
            let entry =
                reading >= 0 && reading < table.count ? Int(table[reading]) : nearestEntry(reading, codewords)
            if entry == 255 {
                common = -2
                continue
            }
            if entry & 3 == 0 { return true }
            if common == -1 { common = entry >> 2 } else if common != entry >> 2 { common = -2 }
            errors += entry & 3
        }
        return common >= 0 && errors <= totalErrors
    }

    /// The table entry (``nearestTable(_:bits:)``) for a reading outside the table's range.
    private static func nearestEntry(_ reading: Int, _ codewords: [Int]) -> Int {
        for (index, word) in codewords.enumerated() {
            let d = (reading ^ word).nonzeroBitCount
            if d <= 3 { return index * 4 + d }
        }
        return 255
    }

    /// The index of the codeword nearest to any reading (the first reading at the smallest distance),
    /// when within 3 bit errors, through a ``nearestTable(_:bits:)``; readings outside the table's range
    /// are compared with `codewords` directly.
    static func nearest(_ readings: some Collection<Int>, among codewords: [Int], table: [UInt8]) -> Int? {
        var best = (distance: Int.max, index: 0)
        for reading in readings {
            if reading >= 0, reading < table.count {
                let entry = Int(table[reading])
                if entry != 255, entry & 3 < best.distance { best = (entry & 3, entry >> 2) }
            } else {
                for (index, word) in codewords.enumerated() {
                    let d = (reading ^ word).nonzeroBitCount
                    if d < best.distance { best = (d, index) }
                }
            }
        }
        return best.distance <= 3 ? best.index : nil
    }
}

/// The two copies of an information word as read (most significant bit first), for
/// ``QRFormatInformation/decode(_:)`` and the like without an array: the detectors read them for every
/// finder triple, tens of thousands on a frame with many symbols.
struct InformationReadings: RandomAccessCollection {
    let first: Int, second: Int
    var startIndex: Int { 0 }
    var endIndex: Int { 2 }
    subscript(i: Int) -> Int {
        precondition(i == 0 || i == 1, "index out of range")
        return i == 0 ? first : second
    }
}
