/// Where the characters and guard patterns of an EAN/UPC layout lie along a scan line, in runs from the
/// symbol's first bar (ISO/IEC 15420:2009 §5.1–5.2: normal guard 3 runs, centre guard 5, UPC-E's special
/// guard 6; each symbol character 4 runs and 7 modules), and the symbol's width in modules.
struct EANLayoutGeometry: Sendable {
    /// Runs of symbol characters: (offset of the first character's first run, number of characters).
    let characters: [(offset: Int, count: Int)]
    /// Guard patterns: (offset of the first run, number of runs), in order along the line.
    let guards: [(offset: Int, count: Int)]
    /// Modules from the first guard's first bar to the last guard's last bar.
    let modules: Int
    /// Symbol characters in all.
    let characterCount: Int
    /// The last guard's last run (a bar): the symbol's last run, counted from its first bar.
    let lastBar: Int

    init(characters: [(offset: Int, count: Int)], guards: [(offset: Int, count: Int)], modules: Int) {
        self.characters = characters
        self.guards = guards
        self.modules = modules
        characterCount = characters.reduce(0) { $0 + $1.count }
        lastBar = guards.last.map { $0.offset + $0.count - 1 } ?? 0
    }

    /// EAN-13 and UPC-A: guard, six characters, centre guard, six characters, guard (95 modules).
    static let ean13 = EANLayoutGeometry(
        characters: [(3, 6), (32, 6)], guards: [(0, 3), (27, 5), (56, 3)], modules: 95)
    /// EAN-8: guard, four characters, centre guard, four characters, guard (67 modules).
    static let ean8 = EANLayoutGeometry(
        characters: [(3, 4), (24, 4)], guards: [(0, 3), (19, 5), (40, 3)], modules: 67)
    /// UPC-E: guard, six characters, special guard (51 modules).
    static let upcE = EANLayoutGeometry(characters: [(3, 6)], guards: [(0, 3), (27, 6)], modules: 51)
}
