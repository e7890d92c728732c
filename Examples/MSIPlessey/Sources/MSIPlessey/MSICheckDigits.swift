/// The check digit schemes of MSI Plessey (MSI Data Corporation's specification; the same rules as
/// zint's `--vers=1` to `--vers=4`). Symbols without a check digit are not read: MSI Plessey has no other
/// protection against misreads.
public enum MSICheckScheme: String, Sendable, CaseIterable {
    /// One modulo 10 digit (Luhn: from the rightmost data digit, every other digit doubled).
    case mod10
    /// A modulo 10 digit over the data, then another over the data and the first.
    case mod10mod10 = "mod10_mod10"
    /// One modulo 11 check (IBM weights 2, 3, 4, 5, 6, 7 repeating from the right); a check value of 10
    /// is written as the two digits `10`.
    case mod11
    /// A modulo 11 check over the data, then a modulo 10 digit over the data and the modulo 11 check.
    case mod11mod10 = "mod11_mod10"

    /// How many of `digits`' last digits are this scheme's check digits when they verify, else `nil`.
    /// `digits` are values 0–9; at least one data digit must remain.
    public func checkDigitCount(_ digits: [Int]) -> Int? {
        switch self {
        case .mod10:
            return verifiesMod10(digits) ? 1 : nil
        case .mod10mod10:
            guard verifiesMod10(digits), verifiesMod10(Array(digits.dropLast())) else { return nil }
            return 2
        case .mod11:
            return mod11CheckLength(digits)
        case .mod11mod10:
            guard verifiesMod10(digits), let n = mod11CheckLength(Array(digits.dropLast())) else { return nil }
            return n + 1
        }
    }

    /// The modulo 10 check digit of `data`.
    public static func mod10(_ data: [Int]) -> Int {
        var sum = 0
        for (i, d) in data.reversed().enumerated() {
            if i % 2 == 0 {
                let twice = 2 * d
                sum += twice / 10 + twice % 10
            } else {
                sum += d
            }
        }
        return (10 - sum % 10) % 10
    }

    /// The modulo 11 check value of `data` (0–10).
    public static func mod11(_ data: [Int]) -> Int {
        var sum = 0
        for (i, d) in data.reversed().enumerated() { sum += d * (2 + i % 6) }
        return (11 - sum % 11) % 11
    }

    private func verifiesMod10(_ digits: [Int]) -> Bool {
        guard let last = digits.last, digits.count >= 2 else { return false }
        return MSICheckScheme.mod10(Array(digits.dropLast())) == last
    }

    /// 1 or 2 when the last digit, or the last two digits `10`, are the modulo 11 check of the rest.
    private func mod11CheckLength(_ digits: [Int]) -> Int? {
        if digits.count >= 3 && digits.suffix(2) == [1, 0] && MSICheckScheme.mod11(Array(digits.dropLast(2))) == 10 {
            return 2
        }
        guard let last = digits.last, digits.count >= 2, last < 10 else { return nil }
        return MSICheckScheme.mod11(Array(digits.dropLast())) == last ? 1 : nil
    }
}
