import Foundation
import PluginTestSupport
import Testing

/// `--plugin` on `decode` and `plugins`, the plugin folders, and `plugins:` in sessions, with the C example
/// plugin (`Examples/c-plugin`, Pharmacode) and the C test plugin's variants.
@Suite struct PluginCommandTests {
    /// No plugin folder unless a test names one: the machine's own plugins stay out.
    static let noFolders = ["SCANCTL_PLUGIN_PATH": ""]
    static var sample: String { ScanctlProcess.repository.appendingPathComponent("Examples/c-plugin/sample.png").path }

    func scanctl(_ arguments: [String], environment: [String: String] = noFolders) throws -> ScanctlProcess.Result {
        try ScanctlProcess.run(arguments, directory: FileManager.default.currentDirectoryPath, environment: environment)
    }

    @Test func theCExampleReadsItsSampleAndNothingElseDoes() throws {
        let plugin = try TestPlugins.cExample()
        let with = try scanctl(["decode", "--plugin", plugin, Self.sample])
        #expect(with.status == 0, "stderr: \(with.stderr)")
        #expect(with.stdout == "pharmacode: 1234\n")
        let without = try scanctl(["decode", Self.sample])
        #expect(without.status == 1)
        #expect(without.stdout.isEmpty)
    }

    @Test func formatsMayNameAPluginsFormatWhereverPluginComes() throws {
        let plugin = try TestPlugins.cExample()
        let r = try scanctl(["decode", "--formats", "pharmacode", "--json", Self.sample, "--plugin=\(plugin)"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let o = try #require(r.jsonLines.first)
        #expect(o["format"] as? String == "pharmacode")
        #expect(o["raw_value"] as? String == "1234")
        #expect(o["symbology_identifier"] as? String == "]X0")
        let unknown = try scanctl(["decode", "--formats", "pharmacode", Self.sample])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown format 'pharmacode'"))
    }

    @Test func pluginsListsLoadedLibrariesWithTheirPaths() throws {
        let plugin = try TestPlugins.cExample()
        let text = try scanctl(["plugins", "--plugin", plugin])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("ean-upc: ean13 ean8 upca upce\n"))
        #expect(text.stdout.hasSuffix("\npharmacode: pharmacode (\(plugin))\n"))
        let json = try scanctl(["plugins", "--json", "--plugin", plugin])
        let last = try #require(json.jsonLines.last)
        #expect(last["name"] as? String == "pharmacode")
        #expect(last["formats"] as? [String] == ["pharmacode"])
        #expect(last["kind"] as? String == "linear")
        #expect(last["path"] as? String == plugin)
        #expect(json.jsonLines.first?["path"] == nil)
    }

    @Test(arguments: [
        ("cli-abi", ["TP_ABI=2"], "ABI version 2, but this scanctl speaks version 1"),
        ("cli-no-entry", ["TP_NO_ENTRY"], "no entry function 'scanctl_plugin_entry'"),
        ("cli-ean13", [#"TP_FORMATS="ean13""#], "format 'ean13' is already served by the built-in plugin 'ean-upc'"),
    ])
    func aPluginThatDoesNotLoadStopsTheCommand(file: String, defines: [String], message: String) throws {
        let path = try TestPlugins.build(file, defines: defines)
        for command in ["decode", "plugins"] {
            let arguments =
                command == "decode" ? ["decode", "--plugin", path, Self.sample] : ["plugins", "--plugin", path]
            let r = try scanctl(arguments)
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("scanctl: error: plugin \(path): \(message)"))
        }
    }

    @Test func aMissingPluginFileIsNamed() throws {
        let r = try scanctl(["decode", "--plugin", "/nonexistent/libmsi.so", Self.sample])
        #expect(r.status == 2)
        #expect(r.stderr == "scanctl: error: plugin /nonexistent/libmsi.so: the file does not exist\n")
    }

    @Test func pluginFoldersAreLoadedAndABrokenLibraryThereIsOnlyAWarning() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.url.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestPlugins.cExample(), toPath: folder.path + "/libpharmacode.so")
        let broken = try dir.write("plugins/libbroken.so", "not a library")
        let r = try scanctl(["decode", Self.sample], environment: ["SCANCTL_PLUGIN_PATH": folder.path])
        #expect(r.status == 0)
        #expect(r.stdout == "pharmacode: 1234\n")
        #expect(r.stderr.hasPrefix("scanctl: warning: plugin \(broken): cannot be loaded: "))
    }

    @Test func theUsersPluginFolderIsADefault() throws {
        let home = try TemporaryDirectory()
        let folder = home.url.appendingPathComponent(".local/lib/scanctl/plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestPlugins.cExample(), toPath: folder.path + "/libpharmacode.so")
        let child = try RunningScanctl(
            ["plugins"], environment: ["HOME": home.path], unsetting: ["SCANCTL_PLUGIN_PATH"])
        let r = child.wait()
        #expect(r.stdout.hasSuffix("\npharmacode: pharmacode (\(folder.path)/libpharmacode.so)\n"))
    }

    @Test func aPluginNamedOnTheCommandLineComesBeforeTheFolders() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.url.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let installed = folder.path + "/libpharmacode.so"
        try FileManager.default.copyItem(atPath: try TestPlugins.cExample(), toPath: installed)
        let mine = try TestPlugins.build("cli-mine", defines: [#"TP_NAME="mine""#, #"TP_FORMATS="pharmacode""#])
        let r = try scanctl(["plugins", "--plugin", mine], environment: ["SCANCTL_PLUGIN_PATH": folder.path])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\nmine: pharmacode (\(mine))\n"))
        #expect(
            r.stderr == "scanctl: warning: plugin \(installed): format 'pharmacode' is already served by plugin "
                + "'mine' (\(mine)); this plugin is not loaded\n")
    }

    @Test func aSessionLoadsItsPluginsAndSurvivesOneThatReturnsGarbage() throws {
        let dir = try TemporaryDirectory()
        let garbage = try TestPlugins.build("session-garbage", defines: ["TP_BEHAVIOUR=1"])
        try FileManager.default.copyItem(atPath: Self.sample, toPath: dir.file("sample.png"))
        try dir.write(
            "s.yaml",
            """
            session: plugins
            plugins: [\(try TestPlugins.cExample()), \(garbage)]
            inputs: [{ id: inbox, type: file, paths: [sample.png] }]
            outputs: [{ id: out, type: stdout, format: jsonl, events: [confirmed] }]
            connections:
              - { from: inbox, to: out, symbologies: [pharmacode, testcode] }
            """)
        let r = try ScanctlProcess.run(
            ["run", "--no-progress", "s.yaml"], directory: dir.path, environment: Self.noFolders)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let values = r.jsonLines.map { "\($0["format"] as? String ?? "?") \($0["raw_value"] as? String ?? "-")" }
        #expect(values.sorted() == ["pharmacode 1234", "testcode -", "testcode good-1", "testcode good-2"])
        #expect(
            r.stderr.contains(
                "scanctl: warning: plugin 'test-plugin' (\(garbage)): result dropped: corner 2 is not a finite point"))
        #expect(r.stderr.components(separatedBy: "result dropped").count == 15)
    }

    @Test func validateReportsAPluginThatDoesNotLoadAtItsLine() throws {
        let dir = try TemporaryDirectory()
        let session = try dir.write(
            "s.yaml",
            """
            plugins:
              - /nonexistent/libmsi.so
            inputs: [{ id: inbox, type: file, paths: [x] }]
            outputs: [{ id: out, type: stdout }]
            connections: [{ from: inbox, to: out, symbologies: [msi] }]
            """)
        let r = try scanctl(["validate", session])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(session):2:5: error: plugin /nonexistent/libmsi.so: the file does not exist"))
        #expect(r.stderr.contains("\(session):5:53: error: unknown symbology 'msi'"))
    }
}
