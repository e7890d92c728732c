import Foundation
import PluginTestSupport
import ScanCore
import Testing

@testable import ScanPluginLoader

/// Loading libraries: every refusal names the file and says why; format conflicts; loading twice.
@Suite struct PluginLoadingTests {
    func loadError(_ path: String, into registry: inout DecoderRegistry) -> PluginLoadError? {
        do {
            try registry.loadPlugin(at: path)
            return nil
        } catch {
            return error
        }
    }

    func loadError(_ path: String) -> PluginLoadError? {
        var registry = DecoderRegistry()
        return loadError(path, into: &registry)
    }

    @Test func aGoodPluginIsRegisteredWithWhatItDeclared() throws {
        let path = try TestPlugins.build("good", defines: [#"TP_FORMATS="testcode","othercode""#, "TP_KIND=3"])
        var registry = DecoderRegistry([StandInDecoder(name: "builtin", formats: [.ean13])])
        let plugin = try registry.loadPlugin(at: path)
        #expect(plugin.name == "test-plugin")
        #expect(plugin.formats == ["testcode", "othercode"])
        #expect(plugin.kind == .matrix)
        #expect(plugin.path == path)
        #expect(plugin.resolvedPath == PluginLibrary.resolve(path))
        #expect(registry.decoders.map(\.name) == ["builtin", "test-plugin"])
        #expect(registry.externalPlugins.map(\.path) == [path])
        #expect(registry.formats == [.ean13, "testcode", "othercode"])
    }

    @Test func aMissingFileIsNamed() {
        let e = loadError("/nonexistent/libnothing.so")
        #expect(e == PluginLoadError(path: "/nonexistent/libnothing.so", reason: .missingFile))
        #expect(e?.description == "plugin /nonexistent/libnothing.so: the file does not exist")
    }

    @Test func aFolderIsNotAPlugin() {
        let e = loadError(TestPlugins.folder.path)
        #expect(e?.reason == .notAFile)
        #expect(e?.description.hasPrefix("plugin \(TestPlugins.folder.path): not a file") == true)
    }

    @Test func aFileThatIsNotASharedLibraryIsRefusedWithDlopensReason() throws {
        let path = TestPlugins.folder.appendingPathComponent("text.so").path
        try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: path))
        let e = try #require(loadError(path))
        guard case .notLoadable(let why) = e.reason else {
            Issue.record("expected notLoadable, got \(e.reason)")
            return
        }
        #expect(why.contains("invalid ELF header") || why.contains("file too short"))
        // The path is said once, not twice.
        #expect(e.description.components(separatedBy: path).count == 2)
    }

    @Test func aLibraryWithoutTheEntryFunctionIsNotAPlugin() throws {
        let path = try TestPlugins.build("no-entry", defines: ["TP_NO_ENTRY"])
        let e = loadError(path)
        #expect(e?.reason == .missingEntrySymbol)
        #expect(
            e?.description == "plugin \(path): no entry function 'scanctl_plugin_entry': not a scanctl plugin "
                + "(see include/scanctl_plugin.h)")
    }

    @Test func anEntryFunctionReturningNoTable() throws {
        let path = try TestPlugins.build("null-table", defines: ["TP_NULL_TABLE"])
        let e = loadError(path)
        #expect(e?.reason == .noTable)
        #expect(e?.message.hasPrefix("its entry function returned no table") == true)
    }

    @Test func aWrongABIVersionIsRefusedWithoutTouchingTheRestOfTheTable() throws {
        let path = try TestPlugins.build("abi-2", defines: ["TP_ABI=2"])
        let e = loadError(path)
        #expect(e?.reason == .wrongABIVersion(2))
        #expect(e?.description == "plugin \(path): ABI version 2, but this scanctl speaks version 1")
        // Its layout is unknown, so not even destroy is called.
        #expect(destroyCount(path) == 0)
    }

    @Test(arguments: [
        (
            "bad-name", [#"TP_NAME="Bad Name""#],
            "the plugin name 'Bad Name' has characters other than a-z, 0-9, '.', '_' and '-'"
        ),
        ("empty-name", [#"TP_NAME="""#], "the plugin name is empty"),
        ("bad-kind", ["TP_KIND=7"], "kind 7 is not linear (1), stacked (2) or matrix (3)"),
        ("no-format", ["TP_FORMATS=NULL"], "the plugin declares no format"),
        ("bad-format", [#"TP_FORMATS="EAN-13""#], "the format name 'EAN-13' has characters other than a-z and 0-9"),
        ("twice", [#"TP_FORMATS="abc","abc""#], "the plugin declares a format twice"),
        ("no-decode", ["TP_NULL_DECODE"], "the decode function is NULL"),
    ])
    func anInvalidTableIsRefusedAndDestroyed(file: String, defines: [String], why: String) throws {
        let path = try TestPlugins.build(file, defines: defines)
        let e = loadError(path)
        #expect(e?.reason == .invalidTable(why))
        #expect(e?.description == "plugin \(path): invalid plugin table: \(why)")
        #expect(destroyCount(path) == 1)
    }

    @Test func tooManyFormatsAreRefused() throws {
        let many = (0..<33).map { "\"f\($0)\"" }.joined(separator: ",")
        let path = try TestPlugins.build("many-formats", defines: ["TP_FORMATS=\(many)"])
        #expect(loadError(path)?.reason == .invalidTable("the plugin declares more than 32 formats"))
    }

    @Test func aFormatServedByABuiltInPluginKeepsItsPlugin() throws {
        let path = try TestPlugins.build("claims-code128", defines: [#"TP_FORMATS="testcode","code128""#])
        var registry = DecoderRegistry([StandInDecoder(name: "code128", formats: [.code128])])
        let e = loadError(path, into: &registry)
        #expect(e?.reason == .formatAlreadyServed(format: "code128", plugin: "code128", path: nil))
        #expect(
            e?.description == "plugin \(path): format 'code128' is already served by the built-in plugin 'code128'; "
                + "this plugin is not loaded")
        #expect(registry.decoders.count == 1)
    }

    @Test func theFirstLoadedPluginKeepsAFormat() throws {
        let first = try TestPlugins.build("first", defines: [#"TP_NAME="first""#, #"TP_FORMATS="alpha","beta""#])
        let second = try TestPlugins.build("second", defines: [#"TP_NAME="second""#, #"TP_FORMATS="gamma","beta""#])
        var registry = DecoderRegistry()
        try registry.loadPlugin(at: first)
        let e = loadError(second, into: &registry)
        #expect(e?.reason == .formatAlreadyServed(format: "beta", plugin: "first", path: first))
        #expect(e?.message == "format 'beta' is already served by plugin 'first' (\(first)); this plugin is not loaded")
        #expect(registry.decoders.map(\.name) == ["first"])
        #expect(registry.formats == ["alpha", "beta"])
    }

    @Test func oneLibraryIsLoadedOnceWhateverItsPath() throws {
        let path = try TestPlugins.build("twice-loaded")
        let link = TestPlugins.folder.appendingPathComponent("link-to-twice-loaded.so").path
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        var registry = DecoderRegistry()
        let a = try registry.loadPlugin(at: path)
        let b = try registry.loadPlugin(at: link)
        let c = try registry.loadPlugin(at: TestPlugins.folder.path + "/./twice-loaded.so")
        #expect(registry.decoders.count == 1)
        #expect(a.path == path && b.path == path && c.path == path)
    }

    @Test func aRelativePathIsTakenFromTheWorkingDirectory() throws {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(PluginLibrary.resolve("no-such-plugin.so") == cwd + "/no-such-plugin.so")
        #expect(PluginLibrary.resolve("/no/such/plugin.so") == "/no/such/plugin.so")
        let path = try TestPlugins.build("relative")
        #expect(
            PluginLibrary.resolve(
                TestPlugins.folder.path + "/../" + TestPlugins.folder.lastPathComponent + "/relative.so")
                == PluginLibrary.resolve(path))
    }

    @Test func theRegistryCallsDestroyOnceWhenItsLastCopyGoes() throws {
        let path = try TestPlugins.build("destroy-count")
        do {
            var registry = DecoderRegistry()
            try registry.loadPlugin(at: path)
            let copy = registry
            #expect(destroyCount(path) == 0)
            _ = copy.decoders.count
        }
        #expect(destroyCount(path) == 1)
    }
}
