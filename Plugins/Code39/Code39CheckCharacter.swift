/// The optional Code 39 modulo-43 check character (ISO/IEC 16388, check character clause): the sum of the
/// values of all data characters, modulo 43, written as the character of that value after the data.
enum Code39CheckCharacter {
    /// The check character for `data` (all data characters), or nil when one is not a Code 39 character.
    static func compute(for data: some Collection<Character>) -> Character? {
        var sum = 0
        for c in data {
            guard let v = Code39Patterns.value(of: c) else { return nil }
            sum += v
        }
        return Code39Patterns.characters[sum % 43]
    }

    /// True when the last character of `text` is the check character of the others.
    static func isValid(_ text: [Character]) -> Bool {
        guard text.count >= 2, let c = compute(for: text.dropLast()) else { return false }
        return c == text[text.count - 1]
    }
}
