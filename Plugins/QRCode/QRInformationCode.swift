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
