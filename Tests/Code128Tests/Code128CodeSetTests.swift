import Testing

@testable import Code128

/// Value interpretation without images.
struct Code128CodeSetTests {
    typealias E = Code128TestEncoder

    func message(_ values: [Int]) -> Code128CodeSets.Message? { Code128CodeSets.interpret(values) }

    @Test func codeSetAControlCharactersAndShift() throws {
        // Start A, "A", HT (64 + 9), Shift, "b" (read in set B), "C".
        let m = try #require(message([103, 33, 73, E.shift, 66, 35]))
        #expect(m.bytes == Array("A\tbC".utf8))
        #expect(m.symbologyIdentifier == "]C0")
    }

    @Test func codeSetChanges() throws {
        // Start B "ab", Code C "1234", Code A "X", Code B "y".
        let values = [104] + E.b("ab") + [E.codeC] + E.c("1234") + [E.codeA, 56, E.codeB] + E.b("y")
        let m = try #require(message(values))
        #expect(m.bytes == Array("ab1234Xy".utf8))
    }

    @Test func singleAndDoubleFNC4() throws {
        // FNC4 "i" → é (0xE9); FNC4 FNC4 "ab" FNC4 "c" "d" FNC4 FNC4 "e" → á â c ä e
        let values =
            [104, E.fnc4B] + E.b("i") + [E.fnc4B, E.fnc4B] + E.b("ab") + [E.fnc4B] + E.b("cd")
            + [E.fnc4B, E.fnc4B] + E.b("e")
        let m = try #require(message(values))
        #expect(m.bytes == [0xE9, 0xE1, 0xE2, 0x63, 0xE4, 0x65])
    }

    @Test func fnc1InSecondPositionIsC2() throws {
        let m = try #require(message([104] + E.b("A") + [E.fnc1] + E.b("12")))
        #expect(m.symbologyIdentifier == "]C2")
        #expect(m.bytes == Array("A12".utf8))
    }

    @Test func fnc2AndFnc3AreFlagged() throws {
        #expect(message([104, E.fnc2] + E.b("x"))?.messageAppend == true)
        #expect(message([104, E.fnc3] + E.b("x"))?.readerProgramming == true)
    }

    @Test func impossibleSequencesAreRejected() {
        #expect(message([105, 103]) == nil)  // a start character in code set C data
        #expect(message([104, 104]) == nil)
        #expect(message([104, E.shift]) == nil)  // shift at the end
    }
}
