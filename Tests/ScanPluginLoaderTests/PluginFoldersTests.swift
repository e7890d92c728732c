import Foundation
import PluginTestSupport
import ScanCore
import Testing

@testable import ScanPluginLoader

/// The default folders and loading every library in a folder.
@Suite struct PluginFoldersTests {
    @Test func theDefaultsAreTheUsersFolderThenTheSystems() {
        #expect(
            PluginFolders.search(environment: ["HOME": "/home/ana"])
                == ["/home/ana/.local/lib/scanctl/plugins", "/usr/lib/scanctl/plugins"])
        #expect(PluginFolders.search(environment: [:]) == ["/usr/lib/scanctl/plugins"])
    }

    @Test func theEnvironmentVariableReplacesTheDefaults() {
        #expect(PluginFolders.search(environment: ["HOME": "/h", "SCANCTL_PLUGIN_PATH": "/a::/b/"]) == ["/a", "/b/"])
        #expect(PluginFolders.search(environment: ["HOME": "/h", "SCANCTL_PLUGIN_PATH": ""]) == [])
    }

    @Test func aFolderGivesItsLibrariesByNameAndEveryProblem() throws {
        let folder = TestPlugins.folder.appendingPathComponent("folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try TestPlugins.build("folder-good", defines: [#"TP_NAME="good""#, #"TP_FORMATS="goodcode""#])
        let wrong = try TestPlugins.build("folder-abi", defines: [#"TP_NAME="wrong""#, "TP_ABI=9"])
        try FileManager.default.copyItem(atPath: good, toPath: folder.appendingPathComponent("b-good.so").path)
        try FileManager.default.copyItem(atPath: wrong, toPath: folder.appendingPathComponent("a-wrong.so.1").path)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub.so"), withIntermediateDirectories: true)
        #expect(
            try PluginFolders.libraries(in: folder.path)
                == ["a-wrong.so.1", "b-good.so"].map { folder.path + "/" + $0 })

        var registry = DecoderRegistry()
        let problems = registry.loadPlugins(inFolders: ["/nonexistent/plugins", folder.path])
        #expect(registry.decoders.map(\.name) == ["good"])
        #expect(
            problems.map(\.description) == [
                "plugin \(folder.path)/a-wrong.so.1: ABI version 9, but this scanctl speaks version 1"
            ])
    }

    @Test func aFileWhereAFolderShouldBeIsAProblem() throws {
        let file = TestPlugins.folder.appendingPathComponent("not-a-folder").path
        try Data().write(to: URL(fileURLWithPath: file))
        var registry = DecoderRegistry()
        let problems = registry.loadPlugins(inFolders: [file])
        #expect(problems.map(\.description) == ["plugin \(file): the plugin folder cannot be read: not a folder"])
    }
}
