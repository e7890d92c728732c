/// Chooses the code sets, shifts and code-set changes that give the fewest symbol characters for a
/// message (ISO/IEC 15417:2007 §4.3.4 character sets and special characters; Annex E gives rules of
/// thumb, this search is exact).
///
/// ```swift
/// Code128CodeSetPlanner.values(for: Array("ABC123456".utf8).map(Code128CodeSetPlanner.Item.byte))
/// // [104 start B, 33, 34, 35, 99 code C, 12, 34, 56]
/// ```
///
/// Dynamic programming from the end of the message: for each position and current code set A, B or C,
/// the fewest characters to finish. In A or B a character costs 1 (2 with FNC4 for bytes 128–255, one
/// FNC4 per character), or 2 through SHIFT from the other of A and B (3 with FNC4); in C a pair of digits
/// costs 1; FNC1 costs 1 in every set; changing set costs 1. Ties go to staying in the current set, then
/// to SHIFT, then to code set B, C, A. Cost: O(message length).
public enum Code128CodeSetPlanner {
    /// One unit of the message.
    public enum Item: Sendable, Equatable {
        /// An ISO/IEC 8859-1 byte.
        case byte(UInt8)
        /// The FNC1 function character (value 102 in every set).
        case fnc1
    }

    enum CodeSet: Int, CaseIterable { case a, b, c }

    /// Symbol values (Table 1) of special characters used here.
    static let shift = 98, codeC = 99, fnc4B = 100, codeB = 100, fnc4A = 101, codeA = 101, fnc1 = 102

    /// What one step does.
    private enum Step {
        case char(Int)  // one character in the current set (or a digit pair / FNC1)
        case shifted(Int)  // SHIFT, then one character of the other set
        case change(CodeSet)  // a code-set change, nothing consumed
    }

    /// The symbol values for `items`: start character, then data and function characters (no check
    /// character, no stop). Returns `nil` for an empty message.
    public static func values(for items: [Item]) -> [Int]? {
        let n = items.count
        guard n > 0 else { return nil }
        let inf = Int.max / 4
        // cost[i][s]: fewest characters for items[i...] with set s current.
        var cost = [[Int]](repeating: [inf, inf, inf], count: n + 1)
        var step = [[(Step, Int)?]](repeating: [nil, nil, nil], count: n + 1)  // (step, next position)
        cost[n] = [0, 0, 0]
        for i in stride(from: n - 1, through: 0, by: -1) {
            // The cheapest step that consumes items[i] in each set, with its cost and next position.
            var advance: [(cost: Int, step: Step, next: Int)] = Array(repeating: (inf, .char(0), i), count: 3)
            func offer(_ s: CodeSet, _ c: Int, _ st: Step, _ next: Int) {
                if c < advance[s.rawValue].cost { advance[s.rawValue] = (c, st, next) }
            }
            for s in CodeSet.allCases {
                switch (s, items[i]) {
                case (_, .fnc1):
                    offer(s, 1 + cost[i + 1][s.rawValue], .char(fnc1), i + 1)
                case (.c, .byte(let b)):
                    if i + 1 < n, case .byte(let b2) = items[i + 1], isDigit(b), isDigit(b2) {
                        offer(s, 1 + cost[i + 2][s.rawValue], .char(Int(b - 0x30) * 10 + Int(b2 - 0x30)), i + 2)
                    }
                case (.a, .byte(let b)), (.b, .byte(let b)):
                    let other: CodeSet = s == .a ? .b : .a
                    let extra = b >= 128 ? 1 : 0
                    if let v = value(b, in: s) {
                        offer(s, 1 + extra + cost[i + 1][s.rawValue], .char(v), i + 1)
                    }
                    if let v = value(b, in: other) {
                        offer(s, 2 + extra + cost[i + 1][s.rawValue], .shifted(v), i + 1)
                    }
                }
            }
            for s in CodeSet.allCases {
                var best = advance[s.rawValue]
                for t in [CodeSet.b, .c, .a] where t != s && 1 + advance[t.rawValue].cost < best.cost {
                    best = (1 + advance[t.rawValue].cost, .change(t), i)
                }
                if best.cost < inf {
                    cost[i][s.rawValue] = best.cost
                    step[i][s.rawValue] = (best.step, best.next)
                }
            }
        }
        // The start character: the set with the fewest characters to follow, B then C then A on a tie.
        var start = CodeSet.b
        for s in [CodeSet.c, .a] where cost[0][s.rawValue] < cost[0][start.rawValue] { start = s }
        var out = [[103, 104, 105][start.rawValue]]
        var i = 0
        var s = start
        while i < n {
            guard let (st, next) = step[i][s.rawValue] else { return nil }
            switch st {
            case .char(let v):
                if case .byte(let b) = items[i], b >= 128, s != .c { out.append(s == .a ? fnc4A : fnc4B) }
                out.append(v)
            case .shifted(let v):
                // FNC4 of the current set, then SHIFT: FNC4 extends the next data character.
                if case .byte(let b) = items[i], b >= 128 { out.append(s == .a ? fnc4A : fnc4B) }
                out += [shift, v]
            case .change(let t):
                out.append(t == .a ? codeA : (t == .b ? codeB : codeC))
                s = t
            }
            i = next
        }
        return out
    }

    /// The value of byte `b` in set A or B (bytes 128–255 as the value of `b − 128`, written after FNC4),
    /// or `nil` when the set lacks it: set A holds 0–95 (controls 0–31 as 64–95), set B 32–127.
    static func value(_ b: UInt8, in set: CodeSet) -> Int? {
        let c = Int(b) & 0x7F
        switch set {
        case .a: return c < 32 ? c + 64 : (c < 96 ? c - 32 : nil)
        case .b: return c >= 32 ? c - 32 : nil
        case .c: return nil
        }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
