/// Code 93 Full ASCII: a shift character followed by a letter stands for an ASCII character
/// (AIM USS Code 93, Full ASCII table; the same table as Code 39 Full ASCII with (\$) (%) (/) (+) as shifts).
///
/// (\$)A–(\$)Z are SOH–SUB; (%)A–(%)E ESC, FS, GS, RS, US; (%)F–(%)J `;` `<` `=` `>` `?`; (%)K–(%)O
/// `[` `\` `]` `^` `_`; (%)P–(%)T `{` `|` `}` `~` DEL; (%)U NUL; (%)V `@`; (%)W `` ` ``; (%)X–(%)Z DEL;
/// (/)A–(/)L `!` … `,`; (/)O `/`; (/)Z `:`; (+)A–(+)Z `a`–`z`. Other pairs are invalid.
enum Code93FullASCII {
    /// The ASCII code of shift value `shift` (43–46) followed by the data value `letter`, or nil.
    static func decode(shift: Int, letter: Int) -> UInt8? {
        guard letter >= 10, letter <= 35 else { return nil }
        let k = UInt8(letter - 10)  // 0 for A … 25 for Z
        switch shift {
        case Code93Patterns.shiftDollar: return 1 + k
        case Code93Patterns.shiftPlus: return 97 + k
        case Code93Patterns.shiftPercent:
            switch k {
            case 0...4: return 27 + k
            case 5...9: return 59 + (k - 5)
            case 10...14: return 91 + (k - 10)
            case 15...19: return 123 + (k - 15)
            case 20: return 0
            case 21: return 64
            case 22: return 96
            default: return 127
            }
        case Code93Patterns.shiftSlash:
            switch k {
            case 0...11: return 33 + k
            case 14: return 47
            case 25: return 58
            default: return nil
            }
        default: return nil
        }
    }

    /// The data values as ASCII bytes, shift pairs decoded; nil when a shift is invalid or last.
    static func expand(_ values: [Int]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let v = values[i]
            if v >= Code93Patterns.shiftDollar {
                guard i + 1 < values.count, let a = decode(shift: v, letter: values[i + 1]) else { return nil }
                out.append(a)
                i += 2
            } else {
                guard let a = Code93Patterns.characters[v].asciiValue else { return nil }
                out.append(a)
                i += 1
            }
        }
        return out
    }
}
