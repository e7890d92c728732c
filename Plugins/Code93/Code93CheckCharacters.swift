/// The two Code 93 check characters C and K (AIM USS Code 93, check character clause).
///
/// C: the data values weighted 1, 2, … 20, 1, 2, … from the rightmost data character, summed modulo 47.
/// K: the same over the data and C with weights cycling 1 … 15.
enum Code93CheckCharacters {
    static func weightedSum(_ values: ArraySlice<Int>, maxWeight: Int) -> Int {
        var sum = 0
        var weight = 1
        for v in values.reversed() {
            sum += v * weight
            weight = weight == maxWeight ? 1 : weight + 1
        }
        return sum % 47
    }

    /// True when the last two values are C and K of the ones before.
    static func areValid(_ values: [Int]) -> Bool {
        guard values.count >= 3 else { return false }
        let n = values.count
        return weightedSum(values[0..<(n - 2)], maxWeight: 20) == values[n - 2]
            && weightedSum(values[0..<(n - 1)], maxWeight: 15) == values[n - 1]
    }

    /// C and K for `data` (used by tests' encoders, too).
    static func compute(for data: [Int]) -> (c: Int, k: Int) {
        let c = weightedSum(data[...], maxWeight: 20)
        let k = weightedSum((data + [c])[...], maxWeight: 15)
        return (c, k)
    }
}
