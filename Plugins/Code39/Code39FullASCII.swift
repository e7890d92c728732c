/// Code 39 Full ASCII: two-character sequences (`$`, `%`, `/` or `+` followed by a letter) that stand for
/// the ASCII characters missing from the 43-character set (ISO/IEC 16388, Full ASCII table).
///
/// `$A`–`$Z` are SOH–SUB; `%A`–`%E` ESC, FS, GS, RS, US; `%F`–`%J` `;` `<` `=` `>` `?`;
/// `%K`–`%O` `[` `\` `]` `^` `_`; `%P`–`%T` `{` `|` `}` `~` DEL; `%U` NUL; `%V` `@`; `%W` `` ` ``;
/// `%X`–`%Z` DEL; `/A`–`/L` `!` … `,`; `/O` `/`; `/Z` `:`; `+A`–`+Z` `a`–`z`.
/// `/M`, `/N` and `/P`–`/Y` are reserved, hence invalid. (Code 93 uses the same table with its own four
/// shift characters; plugins depend on ScanCore only, so the Code 93 plugin holds its own copy.)
enum Code39FullASCII {
    /// The ASCII code of the pair `shift`, `letter`, or nil when the pair is not defined.
    static func decode(shift: Character, letter: Character) -> UInt8? {
        guard let l = letter.asciiValue, l >= 65, l <= 90 else { return nil }
        let k = l - 65  // 0 for A … 25 for Z
        switch shift {
        case "$": return 1 + k
        case "+": return 97 + k
        case "%":
            switch k {
            case 0...4: return 27 + k  // ESC FS GS RS US
            case 5...9: return 59 + (k - 5)  // ; < = > ?
            case 10...14: return 91 + (k - 10)  // [ \ ] ^ _
            case 15...19: return 123 + (k - 15)  // { | } ~ DEL
            case 20: return 0  // NUL
            case 21: return 64  // @
            case 22: return 96  // `
            default: return 127  // %X %Y %Z: DEL
            }
        case "/":
            switch k {
            case 0...11: return 33 + k  // ! " # $ % & ' ( ) * + ,
            case 14: return 47  // /
            case 25: return 58  // :
            default: return nil  // reserved
            }
        default: return nil
        }
    }

    /// True for the four shift characters.
    static func isShift(_ c: Character) -> Bool { c == "$" || c == "%" || c == "/" || c == "+" }

    /// `text` with every shift pair replaced by its ASCII character, or nil when a pair is invalid
    /// (including a shift character at the end).
    static func expand(_ text: [Character]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let c = text[i]
            if isShift(c) {
                guard i + 1 < text.count, let a = decode(shift: c, letter: text[i + 1]) else { return nil }
                out.append(a)
                i += 2
            } else {
                guard let a = c.asciiValue else { return nil }
                out.append(a)
                i += 1
            }
        }
        return out
    }
}
