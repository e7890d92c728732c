import MSIPlessey
import Testing

/// The entry function scanctl calls (the table itself is checked by scanctl's loader when the library
/// is loaded: see scanctl's Tests/EndToEndTests/SwiftPluginTests.swift).
@Suite struct PluginEntryTests {
    @Test func theEntryFunctionReturnsAVersion1Table() throws {
        let table = try #require(scanctlPluginEntry(1))
        #expect(table.load(as: UInt32.self) == 1)
    }

    @Test func anOlderHostGetsNoTable() {
        #expect(scanctlPluginEntry(0) == nil)
    }
}
