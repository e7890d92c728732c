/// Arithmetic in a binary extension field GF(2^m), the field Reed–Solomon codes of 2-D symbologies
/// work in.
///
/// ```swift
/// let f = GaloisField.qrCode            // GF(256), x^8 + x^4 + x^3 + x^2 + 1, generator base 0
/// f.multiply(0x53, 0xCA)
/// ```
///
/// Elements are the integers `0..<size`, read as polynomials over GF(2) (bit k is the coefficient of
/// x^k); addition is XOR, multiplication goes through log/antilog tables of the primitive element α = 2
/// built from the field's primitive polynomial. The *generator base* b is the exponent of the first root
/// of a code's generator polynomial g(x) = (x − α^b)(x − α^(b+1))…; it belongs with the field here
/// because each symbology fixes both together.
///
/// Cost: two tables of `size` integers, built once per instance; every operation is O(1).
public struct GaloisField: Sendable, Equatable {
    /// Number of elements, 2^m.
    public let size: Int
    /// The primitive polynomial, including its x^m term (e.g. 0x11D).
    public let primitive: Int
    /// Exponent b of the first root α^b of the generator polynomials used with this field.
    public let generatorBase: Int
    /// `exp[i]` = α^i for i in 0..<size−1 (`exp[size−1]` repeats 1 for convenience).
    let exp: [Int]
    /// `log[x]` = i with α^i = x, for x ≠ 0 (`log[0]` is unused).
    let log: [Int]

    /// Builds GF(`size`) from `primitive` (a degree-m polynomial whose root α generates the
    /// multiplicative group). Precondition: `size` is a power of two ≥ 4 and `primitive` has degree m.
    public init(primitive: Int, size: Int, generatorBase: Int) {
        precondition(size >= 4 && size & (size - 1) == 0 && primitive >= size && primitive < 2 * size)
        self.size = size
        self.primitive = primitive
        self.generatorBase = generatorBase
        var exp = [Int](repeating: 0, count: size)
        var log = [Int](repeating: 0, count: size)
        var x = 1
        for i in 0..<size {
            exp[i] = x
            x <<= 1
            if x >= size { x ^= primitive }
        }
        for i in 0..<(size - 1) { log[exp[i]] = i }
        self.exp = exp
        self.log = log
    }

    /// QR Code (ISO/IEC 18004:2015 §7.5.2): GF(256) over x^8 + x^4 + x^3 + x^2 + 1 (0x11D), base 0.
    public static let qrCode = GaloisField(primitive: 0x11D, size: 256, generatorBase: 0)
    /// Data Matrix ECC 200 (ISO/IEC 16022:2006 §5.7.1): GF(256) over 0x12D, base 1.
    public static let dataMatrix = GaloisField(primitive: 0x12D, size: 256, generatorBase: 1)
    /// Aztec mode message (ISO/IEC 24778:2008 §7.2.3): GF(16) over x^4 + x + 1 (0x13), base 1.
    public static let aztecParameters = GaloisField(primitive: 0x13, size: 16, generatorBase: 1)
    /// Aztec 6-bit codewords (1–2 layers): GF(64) over 0x43, base 1.
    public static let aztecData6 = GaloisField(primitive: 0x43, size: 64, generatorBase: 1)
    /// Aztec 8-bit codewords (3–8 layers): GF(256) over 0x12D, base 1.
    public static let aztecData8 = GaloisField(primitive: 0x12D, size: 256, generatorBase: 1)
    /// Aztec 10-bit codewords (9–22 layers): GF(1024) over 0x409, base 1.
    public static let aztecData10 = GaloisField(primitive: 0x409, size: 1024, generatorBase: 1)
    /// Aztec 12-bit codewords (23–32 layers): GF(4096) over 0x1069, base 1.
    public static let aztecData12 = GaloisField(primitive: 0x1069, size: 4096, generatorBase: 1)

    public static func == (a: GaloisField, b: GaloisField) -> Bool {
        a.size == b.size && a.primitive == b.primitive && a.generatorBase == b.generatorBase
    }

    /// a + b (= a − b): XOR.
    @inlinable public func add(_ a: Int, _ b: Int) -> Int { a ^ b }

    /// a · b.
    @inline(__always) public func multiply(_ a: Int, _ b: Int) -> Int {
        if a == 0 || b == 0 { return 0 }
        return exp[(log[a] + log[b]) % (size - 1)]
    }

    /// a / b. Precondition: b ≠ 0.
    @inline(__always) public func divide(_ a: Int, _ b: Int) -> Int {
        precondition(b != 0, "division by zero in GF(\(size))")
        if a == 0 { return 0 }
        return exp[(log[a] - log[b] + size - 1) % (size - 1)]
    }

    /// The multiplicative inverse. Precondition: a ≠ 0.
    @inline(__always) public func inverse(_ a: Int) -> Int { divide(1, a) }

    /// α^n for any integer n (negative exponents allowed).
    @inline(__always) public func power(_ n: Int) -> Int {
        let m = size - 1
        return exp[((n % m) + m) % m]
    }

    /// log_α(a). Precondition: a ≠ 0.
    @inline(__always) public func logarithm(_ a: Int) -> Int {
        precondition(a != 0, "log(0) in GF(\(size))")
        return log[a]
    }

    /// Evaluates the polynomial with coefficients `coefficients` (index k = coefficient of x^k) at `x`.
    public func evaluate(_ coefficients: [Int], at x: Int) -> Int {
        var r = 0
        for c in coefficients.reversed() { r = multiply(r, x) ^ c }
        return r
    }

    /// The generator polynomial of a code with `ecCount` check symbols,
    /// ∏_{k=0}^{ecCount−1} (x − α^(b+k)), coefficients lowest degree first (monic: last is 1).
    public func generatorPolynomial(degree ecCount: Int) -> [Int] {
        var g = [1]
        for k in 0..<ecCount {
            let root = power(generatorBase + k)
            var next = [Int](repeating: 0, count: g.count + 1)
            for (i, c) in g.enumerated() {
                next[i + 1] ^= c
                next[i] ^= multiply(c, root)
            }
            g = next
        }
        return g
    }
}
