/// The GS1 modulo-10 check digit (GS1 General Specifications, check digit
/// calculation; ISO/IEC 15420:2009): digits weighted 3, 1, 3, … from the
/// rightmost data digit leftwards; the check digit brings the weighted sum up to a multiple of 10.
enum EANCheckDigit {
    /// The check digit for `data` (digit values 0…9, without the check digit).
    static func compute(_ data: some Collection<Int>) -> Int {
        var sum = 0
        for (i, d) in data.reversed().enumerated() { sum += i % 2 == 0 ? 3 * d : d }
        return (10 - sum % 10) % 10
    }

    /// True when the last digit of `digits` is the check digit of the ones before it.
    static func isValid(_ digits: [Int]) -> Bool {
        guard let last = digits.last, digits.count >= 2 else { return false }
        return compute(digits.dropLast()) == last
    }
}
