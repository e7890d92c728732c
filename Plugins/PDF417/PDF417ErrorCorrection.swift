/// Reed–Solomon error and erasure correction of PDF417 over the prime field GF(929)
/// (ISO/IEC 15438:2015 §5.10 and its error-correction annex).
///
/// ```swift
/// var codewords = received            // all codewords: length descriptor, data, then check codewords
/// let changed = PDF417ErrorCorrection.correct(&codewords, ecCount: 8, erasures: [3])
/// ```
///
/// The codeword sequence is a polynomial, first codeword = highest degree. A valid symbol is a multiple of
/// g(x) = (x − 3)(x − 3²)…(x − 3^k), k = 2^(level+1) check codewords (the encoder writes the complement
/// of the remainder of d(x)·x^k by g(x)). Decoding: syndromes S_j = c(3^(j+1)); Berlekamp–Massey
/// started from the erasure locator (Blahut, *Algebraic Codes for Data Transmission*, 2003, ch. 7);
/// Chien search; Forney's formula e = −Ω(X⁻¹)/Λ′(X⁻¹). Arithmetic is modulo the prime 929 (3 is a
/// primitive root), so unlike GF(2^m) subtraction is not addition; this is why PDF417 does not share
/// ScanCore's `ReedSolomonDecoder`. Corrects when 2·errors + erasures ≤ k; the result is re-checked.
///
/// This small prime-field decoder lives in the plugin: no other symbology scanctl targets uses GF(929).
/// ``correct(_:ecCount:erasures:)``, ``checkCount(level:)`` and ``isCodeword(_:ecCount:)`` are public for the
/// fuzz targets (`Fuzz/`, Docs/fuzzing.md); the decoder uses them internally.
public enum PDF417ErrorCorrection {
    static let modulus = 929

    /// 3^i mod 929 for i in 0..<928, and the discrete logarithm base 3.
    static let tables: (exp: [Int], log: [Int]) = {
        var exp = [Int](repeating: 0, count: modulus)
        var log = [Int](repeating: 0, count: modulus)
        var x = 1
        for i in 0..<(modulus - 1) {
            exp[i] = x
            log[x] = i
            x = x * 3 % modulus
        }
        exp[modulus - 1] = exp[0]
        return (exp, log)
    }()

    @inline(__always) static func add(_ a: Int, _ b: Int) -> Int { (a + b) % modulus }
    @inline(__always) static func sub(_ a: Int, _ b: Int) -> Int { (a - b + modulus) % modulus }
    @inline(__always) static func mul(_ a: Int, _ b: Int) -> Int { a * b % modulus }
    static func inverse(_ a: Int) -> Int { tables.exp[(modulus - 1 - tables.log[a]) % (modulus - 1)] }
    static func power3(_ e: Int) -> Int { tables.exp[((e % (modulus - 1)) + (modulus - 1)) % (modulus - 1)] }

    /// Evaluates a polynomial written lowest degree first.
    static func evaluateLow(_ p: [Int], _ x: Int) -> Int {
        var s = 0
        for c in p.reversed() { s = add(mul(s, x), c) }
        return s
    }

    /// The number of check codewords of an error-correction level (0…8).
    public static func checkCount(level: Int) -> Int { 1 << (level + 1) }

    /// True when every syndrome of `codewords` (values 0…928, highest degree first) is zero: a valid
    /// codeword sequence for `ecCount` check codewords.
    public static func isCodeword(_ codewords: [Int], ecCount k: Int) -> Bool {
        codewords.allSatisfy { $0 >= 0 && $0 < modulus } && syndromes(codewords, ecCount: k).allSatisfy { $0 == 0 }
    }

    /// Syndromes S_j = c(3^(j+1)), j = 0..<k, for codewords highest degree first.
    static func syndromes(_ codewords: [Int], ecCount k: Int) -> [Int] {
        (0..<k).map { j in
            let x = power3(j + 1)
            var s = 0
            for c in codewords { s = add(mul(s, x), c) }
            return s
        }
    }

    /// Check codewords for `data` (used by tests and for building symbols).
    static func checkCodewords(_ data: [Int], ecCount k: Int) -> [Int] {
        var g = [1]  // highest degree first
        for i in 1...k {
            let a = power3(i)
            var ng = g + [0]
            for j in 0..<g.count { ng[j + 1] = sub(ng[j + 1], mul(a, g[j])) }
            g = ng
        }
        var rem = [Int](repeating: 0, count: k)
        for d in data {
            let f = add(d, rem[0])
            rem.removeFirst()
            rem.append(0)
            for j in 0..<k { rem[j] = sub(rem[j], mul(f, g[j + 1])) }
        }
        return rem.map { sub(0, $0) }
    }

    /// Corrects `codewords` in place (`erasures` are indices known to be unreliable). Returns the number
    /// of codewords changed, or nil (leaving them unchanged) when uncorrectable.
    public static func correct(_ codewords: inout [Int], ecCount k: Int, erasures: [Int] = []) -> Int? {
        let n = codewords.count
        guard k >= 1, k < n, n <= modulus - 1 else { return nil }
        let s = syndromes(codewords, ecCount: k)
        if s.allSatisfy({ $0 == 0 }) { return 0 }
        let erased = Array(Set(erasures.filter { $0 >= 0 && $0 < n })).sorted()
        guard erased.count <= k else { return nil }
        // Erasure locator Γ(x) = ∏ (1 − X x), X = 3^(degree of the position); polynomials lowest degree first.
        var gamma = [1]
        for i in erased {
            let x = power3(n - 1 - i)
            var next = gamma + [0]
            for j in 0..<gamma.count { next[j + 1] = sub(next[j + 1], mul(x, gamma[j])) }
            gamma = next
        }
        var lambda = gamma
        var b = gamma
        var l = erased.count
        var m = 1
        var lastDelta = 1
        for r in erased.count..<k {
            var delta = 0
            for i in 0..<lambda.count where r - i >= 0 { delta = add(delta, mul(lambda[i], s[r - i])) }
            if delta == 0 {
                m += 1
                continue
            }
            let scale = mul(delta, inverse(lastDelta))
            var next = lambda
            if next.count < b.count + m { next += [Int](repeating: 0, count: b.count + m - next.count) }
            for i in 0..<b.count { next[i + m] = sub(next[i + m], mul(scale, b[i])) }
            if 2 * l <= r + erased.count {
                b = lambda
                l = r + 1 + erased.count - l
                lastDelta = delta
                m = 1
            } else {
                m += 1
            }
            lambda = next
        }
        while lambda.count > 1 && lambda.last == 0 { lambda.removeLast() }
        let degree = lambda.count - 1
        guard degree == l, 2 * (l - erased.count) + erased.count <= k else { return nil }
        // Chien search over the n positions.
        var positions: [Int] = []
        for i in 0..<n {
            let xInv = power3(-(n - 1 - i))
            if evaluateLow(lambda, xInv) == 0 { positions.append(i) }
        }
        guard positions.count == degree else { return nil }
        // Ω = S·Λ mod x^k; Λ′.
        var omega = [Int](repeating: 0, count: k)
        for i in 0..<k {
            var v = 0
            for j in 0...min(i, degree) { v = add(v, mul(lambda[j], s[i - j])) }
            omega[i] = v
        }
        var derivative = [Int](repeating: 0, count: max(1, degree))
        for j in stride(from: 1, through: degree, by: 1) { derivative[j - 1] = mul(j % modulus, lambda[j]) }
        var fixed = codewords
        for i in positions {
            let xInv = power3(-(n - 1 - i))
            let den = evaluateLow(derivative, xInv)
            guard den != 0 else { return nil }
            let e = sub(0, mul(evaluateLow(omega, xInv), inverse(den)))
            fixed[i] = sub(fixed[i], e)
        }
        guard syndromes(fixed, ecCount: k).allSatisfy({ $0 == 0 }) else { return nil }
        var changed = 0
        for i in 0..<n where fixed[i] != codewords[i] { changed += 1 }
        codewords = fixed
        return changed
    }
}
