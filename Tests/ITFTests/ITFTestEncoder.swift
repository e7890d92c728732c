@testable import ITF

/// Builds ITF symbols for tests from ISO/IEC 16390 Table 1: start (4 narrow), interleaved digit pairs,
/// stop (wide, narrow, narrow), as element widths in pixels.
enum ITFTestEncoder {
    static func widths(_ digits: String, narrow: Int = 2, wide: Int = 5) -> [Int] {
        let d = digits.unicodeScalars.map { Int($0.value) - 48 }
        precondition(d.count % 2 == 0)
        func element(_ digit: Int, _ k: Int) -> Int {
            ITFPatterns.wideMasks[digit] & UInt8(1 << (4 - k)) != 0 ? wide : narrow
        }
        var out = [narrow, narrow, narrow, narrow]
        for p in stride(from: 0, to: d.count, by: 2) {
            for k in 0..<5 { out += [element(d[p], k), element(d[p + 1], k)] }
        }
        return out + [wide, narrow, narrow]
    }

    /// `body` (13 digits) with its GS1 check digit appended.
    static func itf14(_ body: String) -> String {
        let d = body.unicodeScalars.map { Int($0.value) - 48 }
        var sum = 0
        for (k, v) in d.reversed().enumerated() { sum += k % 2 == 0 ? 3 * v : v }
        return body + String((10 - sum % 10) % 10)
    }
}
