import Foundation
import PluginTestSupport
import Testing

/// The Swift example plugin (`Examples/MSIPlessey`, its own package built here with `swift build`) loaded
/// by scanctl through `--plugin` and through a session.
@Suite struct SwiftPluginTests {
    static let package = ScanctlProcess.repository.appendingPathComponent("Examples/MSIPlessey")
    static var sample: String { package.appendingPathComponent("sample.png").path }
    static let noFolders = ["SCANCTL_PLUGIN_PATH": ""]

    /// Builds the example once per test process (debug; a clean build compiles its own ScanCore).
    static let library: Result<String, TestPlugins.Failure> = {
        let swift =
            ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swift" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swift else { return .failure(TestPlugins.Failure(description: "swift not found")) }
        do {
            try TestPlugins.run(swift, ["build", "--package-path", package.path, "--product", "MSIPlessey"])
        } catch {
            return .failure(TestPlugins.Failure(description: "\(error)"))
        }
        return .success(package.appendingPathComponent(".build/debug/libMSIPlessey.so").path)
    }()

    @Test func theExampleReadsItsSampleThroughPluginAndNothingReadsItWithout() throws {
        let plugin = try Self.library.get()
        let cwd = FileManager.default.currentDirectoryPath
        let with = try ScanctlProcess.run(
            ["decode", "--json", "--plugin", plugin, Self.sample], directory: cwd, environment: Self.noFolders)
        #expect(with.status == 0, "stderr: \(with.stderr)")
        let o = try #require(with.jsonLines.first)
        #expect(with.jsonLines.count == 1)
        #expect(o["format"] as? String == "msi")
        #expect(o["raw_value"] as? String == "12345674")
        #expect(o["symbology_identifier"] as? String == "]M0")
        #expect((o["metadata"] as? [String: String]) == ["check": "mod10"])
        let without = try ScanctlProcess.run(["decode", Self.sample], directory: cwd, environment: Self.noFolders)
        #expect(without.status == 1)
        #expect(without.stdout.isEmpty)
        let listed = try ScanctlProcess.run(
            ["plugins", "--plugin", plugin], directory: cwd, environment: Self.noFolders)
        #expect(listed.stdout.hasSuffix("\nmsi-plessey: msi (\(plugin))\n"))
    }

    @Test func aSessionNamingThePluginReportsItsSymbols() throws {
        let plugin = try Self.library.get()
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.sample, toPath: dir.file("label.png"))
        try dir.write(
            "s.yaml",
            """
            session: msi
            plugins: [\(plugin)]
            inputs: [{ id: inbox, type: file, paths: [label.png] }]
            outputs: [{ id: out, type: stdout, format: text, events: [confirmed] }]
            connections: [{ from: inbox, to: out, symbologies: [msi] }]
            """)
        let r = try ScanctlProcess.run(
            ["run", "--no-progress", "s.yaml"], directory: dir.path, environment: Self.noFolders)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("msi: 12345674"))
        let without = try dir.write(
            "t.yaml",
            try String(contentsOfFile: dir.file("s.yaml"), encoding: .utf8)
                .replacingOccurrences(of: "plugins: [\(plugin)]", with: "plugins: []"))
        let invalid = try ScanctlProcess.run(["validate", without], directory: dir.path, environment: Self.noFolders)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("unknown symbology 'msi'"))
    }
}
