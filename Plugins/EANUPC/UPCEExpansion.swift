/// Zero-suppressed UPC-E to UPC-A (ISO/IEC 15420:2009, UPC-E;
/// GS1 General Specifications §5.2, UPC-E zero suppression).
///
/// A UPC-E value is the number system (0 or 1), six message digits d1…d6 and the UPC-A check digit.
/// The last message digit says where the suppressed zeros go:
///
/// | d6    | UPC-A (number system, 10 digits, check)       |
/// |-------|-----------------------------------------------|
/// | 0–2   | d1 d2 d6 0 0 0 0 d3 d4 d5                     |
/// | 3     | d1 d2 d3 0 0 0 0 0 d4 d5                      |
/// | 4     | d1 d2 d3 d4 0 0 0 0 0 d5                      |
/// | 5–9   | d1 d2 d3 d4 d5 0 0 0 0 d6                     |
enum UPCEExpansion {
    /// The 12 UPC-A digits for a UPC-E value given as number system, six digits and check digit.
    /// Precondition: `upce.count == 8`.
    static func upcA(_ upce: [Int]) -> [Int] {
        precondition(upce.count == 8)
        let ns = upce[0], d = Array(upce[1...6]), check = upce[7]
        let body: [Int]
        switch d[5] {
        case 0...2: body = [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: body = [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: body = [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: body = [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
        return [ns] + body + [check]
    }
}
