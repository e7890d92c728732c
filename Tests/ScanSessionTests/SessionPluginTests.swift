import Foundation
import PluginTestSupport
import ScanCore
import ScanPluginLoader
import Testing

@testable import ScanSession

/// `plugins:` in a session: loaded before the symbologies are checked, every problem at its entry.
@Suite struct SessionPluginTests {
    /// A session reading `symbology` with `plugins` listed.
    static func session(plugins: [String], symbology: String) -> String {
        """
        session: dock
        plugins: [\(plugins.joined(separator: ", "))]
        inputs:
          - { id: inbox, type: file, paths: [samples] }
        outputs:
          - { id: console, type: stdout }
        connections:
          - { from: inbox, to: console, symbologies: [\(symbology)] }
        """
    }

    struct Builtin: SymbologyDecoder {
        let name = "ean-upc"
        let formats: Set<BarcodeFormat> = [.ean13]
        func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] { [] }
    }

    func load(_ yaml: String, folders: [String] = []) throws(ConfigProblems) -> SessionLoader.Loaded {
        try SessionLoader.load(
            text: yaml, file: "s.yaml", registry: DecoderRegistry([Builtin()]), pluginFolders: folders)
    }

    @Test func aSessionsPluginServesItsFormats() throws {
        let path = try TestPlugins.build("session-echo", defines: [#"TP_FORMATS="testcode""#])
        let loaded = try load(Self.session(plugins: [path], symbology: "testcode"))
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.registry.decoders.map(\.name) == ["ean-upc", "test-plugin"])
        #expect(loaded.registry.externalPlugins.map(\.path) == [path])
    }

    @Test func withoutThePluginTheFormatIsUnknown() {
        #expect(throws: ConfigProblems.self) { try load(Self.session(plugins: [], symbology: "testcode")) }
    }

    @Test(arguments: [
        ("session-abi", ["TP_ABI=3"], "ABI version 3, but this scanctl speaks version 1"),
        (
            "session-no-entry", ["TP_NO_ENTRY"],
            "no entry function 'scanctl_plugin_entry': not a scanctl plugin (see include/scanctl_plugin.h)"
        ),
        (
            "session-ean13", [#"TP_FORMATS="ean13""#],
            "format 'ean13' is already served by the built-in plugin 'ean-upc'; this plugin is not loaded"
        ),
    ])
    func aPluginThatDoesNotLoadIsAnErrorAtItsEntry(file: String, defines: [String], message: String) throws {
        let path = try TestPlugins.build(file, defines: defines)
        do {
            _ = try load(Self.session(plugins: ["/nonexistent.so", path], symbology: "ean13"))
            Issue.record("loaded")
        } catch {
            #expect(error.errors.map { [$0.line, $0.column] } == [[2, 11], [2, 28]])
            #expect(
                error.errors.map(\.message) == [
                    "plugin /nonexistent.so: the file does not exist", "plugin \(path): \(message)",
                ])
        }
    }

    @Test func aBrokenLibraryInAPluginFolderIsAWarning() throws {
        let folder = TestPlugins.folder.appendingPathComponent("session-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("libbroken.so").path
        try Data("text".utf8).write(to: URL(fileURLWithPath: broken))
        let good = try TestPlugins.build("session-folder-good", defines: [#"TP_FORMATS="foldercode""#])
        try FileManager.default.copyItem(atPath: good, toPath: folder.appendingPathComponent("libgood.so").path)
        let loaded = try load(Self.session(plugins: [], symbology: "foldercode"), folders: [folder.path])
        #expect(loaded.registry.externalPlugins.map(\.path) == [folder.path + "/libgood.so"])
        #expect(loaded.warnings.map(\.file) == [broken])
        #expect(loaded.warnings.first?.severity == .warning)
        #expect(loaded.warnings.first?.message.hasPrefix("cannot be loaded: ") == true)
    }

    @Test func theSessionsOwnPluginComesBeforeAFoldersForTheSameFormat() throws {
        let folder = TestPlugins.folder.appendingPathComponent("session-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = try TestPlugins.build("session-mine", defines: [#"TP_NAME="mine""#, #"TP_FORMATS="samecode""#])
        let installed = try TestPlugins.build(
            "session-installed", defines: [#"TP_NAME="installed""#, #"TP_FORMATS="samecode""#])
        try FileManager.default.copyItem(
            atPath: installed, toPath: folder.appendingPathComponent("libinstalled.so").path)
        let loaded = try load(Self.session(plugins: [mine], symbology: "samecode"), folders: [folder.path])
        #expect(loaded.registry.externalPlugins.map(\.name) == ["mine"])
        #expect(
            loaded.warnings.map(\.description) == [
                "\(folder.path)/libinstalled.so: warning: format 'samecode' is already served by plugin 'mine' (\(mine)); this plugin is not loaded"
            ])
    }
}
