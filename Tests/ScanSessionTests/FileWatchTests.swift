import BuiltinPlugins
import Foundation
import ScanCore
import Testing

@testable import ScanSession

/// `watch: true`: files that appear later in watched folders are decoded until the session stops.
@Suite struct FileWatchTests {
    @Test func patternsAndDirectoriesCoverLaterFiles() {
        #expect(PathExpansion.entry("in/**/*.png", covers: "in/a/b/x.png"))
        #expect(PathExpansion.entry("in/**/*.png", covers: "in/x.png"))
        #expect(!PathExpansion.entry("in/**/*.png", covers: "in/x.jpg"))
        #expect(!PathExpansion.entry("in/*.png", covers: "in/a/x.png"))
        #expect(!PathExpansion.entry("in/*.png", covers: "in/.x.png"))
        #expect(PathExpansion.entry("/abs/dir", covers: "/abs/dir/sub/y.JPG"))
        #expect(!PathExpansion.entry("/abs/dir", covers: "/abs/dir/notes.txt"))
        #expect(!PathExpansion.entry("/abs/dir", covers: "/abs/directory/y.png"))
        #expect(PathExpansion.watchRoot("in/**/*.png") == "in")
        #expect(PathExpansion.watchRoot("/abs/x/*.png") == "/abs/x")
        #expect(PathExpansion.watchRoot("*.png") == "")
    }

    @Test func filesWrittenOrMovedIntoAWatchedFolderAreDecoded() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        let inbox = root.appendingPathComponent("inbox")
        let staging = root.appendingPathComponent("staging")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let sample = URL(fileURLWithPath: TestFrames.sample("ean8-96385074.png"))
        try FileManager.default.copyItem(at: sample, to: inbox.appendingPathComponent("before.png"))

        var config = FileInputConfig(paths: [inbox.path])
        config.watch = true
        let out = CapturingOutput(id: "o")
        let coordinator = Coordinator(
            session: "s", inputs: [FileInput(id: "hot", config: config, showProgress: false)],
            outputs: [OutputPlan(output: out, events: [.confirmed])],
            connections: [ConnectionPlan(index: 0, input: "hot", outputs: ["o"])],
            registry: BuiltinPlugins.registry())
        let finished = LockedLines()
        let runner = Thread {
            let summary = try? coordinator.run()
            finished.append("frames \(summary?.frames ?? -1)")
        }
        runner.start()
        func wait(for count: Int) -> Bool {
            let end = Date().addingTimeInterval(20)
            while out.events.count < count && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
            return out.events.count >= count
        }
        #expect(wait(for: 1))
        // Written in place (close after write), moved in from elsewhere, in a new subfolder, and a text file.
        try Data(contentsOf: sample).write(to: inbox.appendingPathComponent("written.png"))
        #expect(wait(for: 2))
        try FileManager.default.copyItem(at: sample, to: staging.appendingPathComponent("moved.png"))
        try FileManager.default.moveItem(
            at: staging.appendingPathComponent("moved.png"), to: inbox.appendingPathComponent("moved.png"))
        #expect(wait(for: 3))
        let sub = inbox.appendingPathComponent("new/deeper")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        Thread.sleep(forTimeInterval: 0.2)
        try Data(contentsOf: sample).write(to: sub.appendingPathComponent("nested.png"))
        try Data("x".utf8).write(to: inbox.appendingPathComponent("notes.txt"))
        #expect(wait(for: 4))
        coordinator.stop()
        let end = Date().addingTimeInterval(10)
        while finished.all.isEmpty && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        #expect(finished.all == ["frames 4"])
        #expect(
            Set(out.events.map(\.source))
                == Set(
                    ["before.png", "written.png", "moved.png", "new/deeper/nested.png"].map { inbox.path + "/" + $0 }))
        #expect(out.events.map(\.frame).compactMap { $0 }.sorted() == [0, 1, 2, 3])
    }
}
