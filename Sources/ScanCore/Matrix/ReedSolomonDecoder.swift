/// Reed–Solomon error (and erasure) correction over a ``GaloisField``.
///
/// ```swift
/// var block = received                     // data codewords followed by check codewords
/// let fixed = ReedSolomonDecoder(field: .qrCode).decode(&block, ecCount: 10)
/// // fixed == nil: uncorrectable; otherwise the number of codewords changed in `block`
/// ```
///
/// The block is a codeword polynomial written highest degree first: `block[0]` is the coefficient of
/// x^(n−1), the last element that of x^0, which is how QR Code, Data Matrix and Aztec place codewords.
/// A valid block is a multiple of the field's generator polynomial g(x) = ∏ (x − α^(b+k)),
/// k = 0..<ecCount.
///
/// Method (textbook; e.g. R. E. Blahut, *Algebraic Codes for Data Transmission*, 2003, ch. 7):
/// syndromes S_k = r(α^(b+k)); the Berlekamp–Massey algorithm, started from the erasure locator when
/// erasures are given, for the errata locator Λ(x); Chien search for its roots; Forney's formula
/// e = X^(1−b) · Ω(X⁻¹) / Λ′(X⁻¹) with Ω = S·Λ mod x^ecCount for the magnitudes. A block is corrected when
/// 2 · errors + erasures ≤ ecCount. The result is re-checked (all syndromes zero) before it is accepted,
/// so a decode never silently returns a wrong block it could have detected.
///
/// Cost: O(n · ecCount) field operations per block; no allocation beyond a few small arrays.
public struct ReedSolomonDecoder: Sendable {
    public let field: GaloisField

    public init(field: GaloisField) { self.field = field }

    /// Corrects `block` in place. `erasures` are indices into `block` known to be unreliable.
    /// Returns the number of codewords changed, or `nil` (leaving `block` unchanged) when the block is
    /// not correctable.
    public func decode(_ block: inout [Int], ecCount: Int, erasures: [Int] = []) -> Int? {
        let n = block.count
        guard n < field.size, ecCount >= 0, ecCount <= n else { return nil }
        if ecCount == 0 { return 0 }
        let f = field
        // Syndromes.
        var syndromes = [Int](repeating: 0, count: ecCount)
        var clean = true
        for k in 0..<ecCount {
            let x = f.power(f.generatorBase + k)
            var s = 0
            for c in block { s = f.multiply(s, x) ^ c }
            syndromes[k] = s
            if s != 0 { clean = false }
        }
        if clean { return 0 }
        let erased = Array(Set(erasures.filter { $0 >= 0 && $0 < n }))
        guard erased.count <= ecCount else { return nil }

        // Erasure locator Γ(x) = ∏ (1 − X_j x), X_j = α^(power of position j).
        var lambda = [1]
        for i in erased {
            let xj = f.power(n - 1 - i)
            lambda = polyMultiply(lambda, [1, xj])
        }
        // Berlekamp–Massey, started from Γ (Blahut's erasure extension).
        var b = lambda
        var l = erased.count
        var shift = 1
        var lastDelta = 1
        for r in erased.count..<ecCount {
            var delta = 0
            for i in 0..<lambda.count where i <= r { delta ^= f.multiply(lambda[i], syndromes[r - i]) }
            if delta == 0 {
                shift += 1
                continue
            }
            let scale = f.divide(delta, lastDelta)
            var t = lambda
            let needed = b.count + shift
            if t.count < needed { t += [Int](repeating: 0, count: needed - t.count) }
            for (i, c) in b.enumerated() { t[i + shift] ^= f.multiply(scale, c) }
            if 2 * l <= r + erased.count {
                l = r + 1 + erased.count - l
                b = lambda
                lastDelta = delta
                shift = 1
            } else {
                shift += 1
            }
            lambda = t
        }
        while lambda.count > 1 && lambda[lambda.count - 1] == 0 { lambda.removeLast() }
        let degree = lambda.count - 1
        guard degree == l, degree > 0, 2 * (degree - erased.count) + erased.count <= ecCount else { return nil }

        // Chien search over the block's positions.
        var positions: [Int] = []
        for i in 0..<n {
            let xInv = f.power(-(n - 1 - i))
            if f.evaluate(lambda, at: xInv) == 0 { positions.append(i) }
        }
        guard positions.count == degree else { return nil }

        // Forney: Ω(x) = S(x) Λ(x) mod x^ecCount.
        var omega = polyMultiply(syndromes, lambda)
        if omega.count > ecCount { omega.removeLast(omega.count - ecCount) }
        var derivative = [Int](repeating: 0, count: max(1, lambda.count - 1))
        for i in stride(from: 1, to: lambda.count, by: 2) { derivative[i - 1] = lambda[i] }
        var corrected = block
        var changed = 0
        for i in positions {
            let power = n - 1 - i
            let xInv = f.power(-power)
            let denominator = f.evaluate(derivative, at: xInv)
            guard denominator != 0 else { return nil }
            let magnitude = f.multiply(
                f.power(power * (1 - f.generatorBase)), f.divide(f.evaluate(omega, at: xInv), denominator))
            if magnitude != 0 { changed += 1 }
            corrected[i] ^= magnitude
        }
        // Verify.
        for k in 0..<ecCount {
            let x = f.power(f.generatorBase + k)
            var s = 0
            for c in corrected { s = f.multiply(s, x) ^ c }
            if s != 0 { return nil }
        }
        block = corrected
        return changed
    }

    private func polyMultiply(_ a: [Int], _ b: [Int]) -> [Int] {
        var out = [Int](repeating: 0, count: a.count + b.count - 1)
        for (i, x) in a.enumerated() where x != 0 {
            for (j, y) in b.enumerated() { out[i + j] ^= field.multiply(x, y) }
        }
        return out
    }
}

/// Computes Reed–Solomon check codewords (the remainder of data · x^ecCount divided by the generator
/// polynomial), for symbol generators and for tests of ``ReedSolomonDecoder``.
///
/// ```swift
/// let check = ReedSolomonEncoder(field: .qrCode).checkCodewords(for: data, ecCount: 10)
/// let block = data + check
/// ```
public struct ReedSolomonEncoder: Sendable {
    public let field: GaloisField

    public init(field: GaloisField) { self.field = field }

    /// The `ecCount` check codewords for `data` (highest degree first, as in the block layout).
    public func checkCodewords(for data: [Int], ecCount: Int) -> [Int] {
        let g = field.generatorPolynomial(degree: ecCount)  // lowest degree first, monic
        var remainder = [Int](repeating: 0, count: ecCount)  // highest degree first
        for d in data {
            let factor = d ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            if factor != 0 {
                for k in 0..<ecCount { remainder[k] ^= field.multiply(g[ecCount - 1 - k], factor) }
            }
        }
        return remainder
    }
}
