#!/usr/bin/env python3
"""Recovers the PDF417 codeword table (ISO/IEC 15438:2015, the bar-space patterns of clusters 0, 3
and 6) black-box from symbols rendered by Debian's `zint --dump`, and writes
Plugins/PDF417/PDF417CodewordTable.swift.

Method: encode digit strings whose numeric-compaction codewords we choose (one 44-digit group is
15 base-900 codewords, the leading one fixed), compute the symbol's codeword stream ourselves
(length descriptor, 902, data, 900 pads, Reed-Solomon over GF(929) with generator roots 3^1..3^k, and
the row indicators), read each row's 17-module patterns from the dump, and record pattern -> value
per cluster (row mod 3). Every observation must agree with every other one (a wrong prediction of the
stream shows up as one pattern with two values), every pattern must be 17 modules in 4 bars and
4 spaces of 1..6 modules, and its cluster number (b1 - b2 + b3 - b4 + 9) mod 9 must be the row's.
Only zint's output is used; no source code of any project.
"""
import random, subprocess, sys

P = 929

def rs_ec(data, k):
    g = [1]
    a = 1
    for i in range(1, k + 1):
        a = a * 3 % P
        # g *= (x - a); coefficients highest degree first
        ng = g + [0]
        for j in range(len(g)):
            ng[j + 1] = (ng[j + 1] - a * g[j]) % P
        g = ng
    rem = [0] * k
    for d in data:
        f = (d + rem[0]) % P  # polynomial long division of d(x) x^k by g(x)
        rem = rem[1:] + [0]
        for j in range(k):
            rem[j] = (rem[j] - f * g[j + 1]) % P
    # rem is the remainder R(x) of d(x) x^k by g(x); the check codewords are its complement -R(x),
    # so that the whole codeword polynomial is a multiple of g(x)
    return [(-r) % P for r in rem]

def check(cws, k):
    # c(3^i) == 0 for i = 1..k, codewords highest degree first
    for i in range(1, k + 1):
        x = pow(3, i, P)
        s = 0
        for c in cws:
            s = (s * x + c) % P
        if s != 0:
            return False
    return True

def widths(bits):
    w, cur, n = [], bits[0], 0
    for b in bits:
        if b == cur:
            n += 1
        else:
            w.append(n); cur = b; n = 1
    w.append(n)
    return w

def main():
    table = [dict(), dict(), dict()]  # cluster index -> value -> pattern (17-bit int)
    rng = random.Random(15438)
    symbols = 0
    while min(len(t) for t in table) < 929 and symbols < 4000:
        symbols += 1
        groups = rng.randint(1, 6)
        ecl = rng.randint(2, 8) if rng.random() < 0.5 else rng.randint(0, 4)
        cols = rng.randint(1, 30)
        num = []
        digits = ""
        for _ in range(groups):
            cw = [500] + [rng.randrange(900) for _ in range(14)]
            n = 0
            for c in cw:
                n = n * 900 + c
            d = n - 10 ** 44
            assert 0 <= d < 10 ** 44
            digits += "%044d" % d
            num += cw
        out = subprocess.run(["zint", "-b", "PDF417", "--secure=%d" % ecl, "--cols=%d" % cols,
                              "-d", digits, "--dump"], capture_output=True, text=True)
        if out.returncode != 0:
            continue
        rows = [r.replace(" ", "") for r in out.stdout.split("\n") if r.strip()]
        bitrows = [bin(int(r, 16))[2:].zfill(4 * len(r)) for r in rows]
        nrows = len(bitrows)
        width = 17 * (cols + 2) + 17 + 18
        k = 2 ** (ecl + 1)
        ndata = nrows * cols - k
        data = [ndata, 902] + num
        if len(data) > ndata:
            continue
        data += [900] * (ndata - len(data))
        cws = data + rs_ec(data, k)
        assert check(cws, k)
        for r, bits in enumerate(bitrows):
            bits = bits[:width]
            assert bits[:17] == "11111111010101000", bits[:17]
            assert bits[-18:] == "111111101000101001"
            cl = r % 3
            base = 30 * (r // 3)
            left = base + [(nrows - 1) // 3, ecl * 3 + (nrows - 1) % 3, cols - 1][cl]
            right = base + [cols - 1, (nrows - 1) // 3, ecl * 3 + (nrows - 1) % 3][cl]
            values = [left] + cws[r * cols:(r + 1) * cols] + [right]
            for i, v in enumerate(values):
                pat = bits[17 + 17 * i: 34 + 17 * i]
                w = widths(pat)
                assert len(w) == 8 and sum(w) == 17 and max(w) <= 6 and pat[0] == "1", pat
                assert (w[0] - w[2] + w[4] - w[6] + 9) % 9 == 3 * cl, (pat, cl)
                p = int(pat, 2)
                old = table[cl].get(v)
                if old is not None and old != p:
                    sys.exit("conflict: cluster %d value %d: %x vs %x" % (3 * cl, v, old, p))
                table[cl][v] = p
    for cl in range(3):
        if len(table[cl]) != 929:
            sys.exit("incomplete cluster %d: %d values" % (3 * cl, len(table[cl])))
        if len(set(table[cl].values())) != 929:
            sys.exit("cluster %d: two values share a pattern" % (3 * cl))
    print("symbols used:", symbols, file=sys.stderr)
    lines = []
    lines.append("// Generated by scripts/pdf417_codeword_table.py; do not edit.")
    lines.append("")
    lines.append("/// The PDF417 codeword table: for clusters 0, 3 and 6 (ISO/IEC 15438:2015, the bar-space pattern")
    lines.append("/// table of the symbol character set), the 17-module pattern of each codeword value 0…928, written")
    lines.append("/// as 17 bits, most significant bit = first module (always a bar), 1 = bar.")
    lines.append("///")
    lines.append("/// The values were recovered black-box from symbols rendered by zint (`--dump`) with codeword")
    lines.append("/// streams computed independently (see the script); `PDF417TableTests` re-checks the structural rules")
    lines.append("/// of the standard (17 modules, 4 bars and 4 spaces of 1…6 modules, cluster number")
    lines.append("/// (b1 − b2 + b3 − b4 + 9) mod 9) and that no two values share a pattern.")
    lines.append("enum PDF417CodewordTable {")
    for cl in range(3):
        lines.append("    /// Cluster %d." % (3 * cl))
        lines.append("    static let cluster%d: [UInt32] = [" % (3 * cl))
        vals = ["0x%05X" % table[cl][v] for v in range(929)]
        for i in range(0, 929, 10):
            lines.append("        " + ", ".join(vals[i:i + 10]) + ",")
        lines.append("    ]")
    lines.append("}")
    print("\n".join(lines))

main()
