/// The Code 93 character set and bar/space patterns (AIM USS Code 93 / ANSI MH10.8M, character
/// encodation table).
///
/// Each character is nine modules: three bars and three spaces, bar first, each 1–4 modules wide.
/// Values: 0–9 = 0–9, A–Z = 10–35, `-` 36, `.` 37, space 38, `$` 39, `/` 40, `+` 41, `%` 42, and the four
/// shift characters ($) 43, (%) 44, (/) 45, (+) 46; the start/stop character has no value.
enum Code93Patterns {
    /// Module widths per value (bar, space, bar, space, bar, space); index 47 is start/stop.
    static let widths: [[Int]] = [
        [1, 3, 1, 1, 1, 2], [1, 1, 1, 2, 1, 3], [1, 1, 1, 3, 1, 2], [1, 1, 1, 4, 1, 1],  // 0 1 2 3
        [1, 2, 1, 1, 1, 3], [1, 2, 1, 2, 1, 2], [1, 2, 1, 3, 1, 1], [1, 1, 1, 1, 1, 4],  // 4 5 6 7
        [1, 3, 1, 2, 1, 1], [1, 4, 1, 1, 1, 1], [2, 1, 1, 1, 1, 3], [2, 1, 1, 2, 1, 2],  // 8 9 A B
        [2, 1, 1, 3, 1, 1], [2, 2, 1, 1, 1, 2], [2, 2, 1, 2, 1, 1], [2, 3, 1, 1, 1, 1],  // C D E F
        [1, 1, 2, 1, 1, 3], [1, 1, 2, 2, 1, 2], [1, 1, 2, 3, 1, 1], [1, 2, 2, 1, 1, 2],  // G H I J
        [1, 3, 2, 1, 1, 1], [1, 1, 1, 1, 2, 3], [1, 1, 1, 2, 2, 2], [1, 1, 1, 3, 2, 1],  // K L M N
        [1, 2, 1, 1, 2, 2], [1, 3, 1, 1, 2, 1], [2, 1, 2, 1, 1, 2], [2, 1, 2, 2, 1, 1],  // O P Q R
        [2, 1, 1, 1, 2, 2], [2, 1, 1, 2, 2, 1], [2, 2, 1, 1, 2, 1], [2, 2, 2, 1, 1, 1],  // S T U V
        [1, 1, 2, 1, 2, 2], [1, 1, 2, 2, 2, 1], [1, 2, 2, 1, 2, 1], [1, 2, 3, 1, 1, 1],  // W X Y Z
        [1, 2, 1, 1, 3, 1], [3, 1, 1, 1, 1, 2], [3, 1, 1, 2, 1, 1], [3, 2, 1, 1, 1, 1],  // - . sp $
        [1, 1, 2, 1, 3, 1], [1, 1, 3, 1, 2, 1], [2, 1, 1, 1, 3, 1],  // / + %
        [1, 2, 1, 2, 2, 1], [3, 1, 2, 1, 1, 1], [3, 1, 1, 1, 2, 1], [1, 2, 2, 2, 1, 1],  // ($) (%) (/) (+)
        [1, 1, 1, 1, 4, 1],  // start/stop
    ]

    /// The 43 characters with values 0–42 as text.
    static let characters: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")

    /// Values of the shift characters and of start/stop.
    static let shiftDollar = 43, shiftPercent = 44, shiftSlash = 45, shiftPlus = 46
    static let startStop = 47
}
