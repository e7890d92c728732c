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
        // A named image file, there or not yet (a scanner that always writes scan.png): its folder.
        #expect(PathExpansion.watchRoot("hot-folder-not-there/scan.png") == "hot-folder-not-there")
        #expect(PathExpansion.watchRoot("scan.png") == "")
        #expect(PathExpansion.expand(["hot-folder-not-there/scan.png"]).problems.map(\.isEmpty) == [true])
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

        let session = WatchedSession(folder: inbox)
        let out = session.out
        func wait(for count: Int) -> Bool { session.wait(for: count) }
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
        #expect(session.stop() == ["frames 4"])
        #expect(
            Set(out.events.map(\.source))
                == Set(
                    ["before.png", "written.png", "moved.png", "new/deeper/nested.png"].map { inbox.path + "/" + $0 }))
        #expect(out.events.map(\.frame).compactMap { $0 }.sorted() == [0, 1, 2, 3])
    }

    /// Issue 18: a scanner that always writes `scan.png` has every scan decoded, by content identity.
    @Test func aFileWrittenAgainUnderTheSameNameIsDecodedAgain() throws {
        let inbox = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: inbox) }
        let ean8 = try Data(contentsOf: URL(fileURLWithPath: TestFrames.sample("ean8-96385074.png")))
        let upce = try Data(contentsOf: URL(fileURLWithPath: TestFrames.sample("upce-01234565.png")))
        let scan = inbox.appendingPathComponent("scan.png")

        let session = WatchedSession(folder: inbox)
        let out = session.out
        func wait(for count: Int) -> Bool { session.wait(for: count) }
        // Let the watch be in place (the folder starts empty, so nothing is decoded before it).
        Thread.sleep(forTimeInterval: 0.3)
        try ean8.write(to: scan)
        #expect(wait(for: 1))
        // Overwritten in place with another scan, then removed and copied again, then the same bytes again.
        try upce.write(to: scan)
        #expect(wait(for: 2))
        try FileManager.default.removeItem(at: scan)
        try ean8.write(to: scan)
        #expect(wait(for: 3))
        try ean8.write(to: scan)
        #expect(wait(for: 4))
        #expect(session.stop() == ["frames 4"])
        #expect(out.events.compactMap(\.barcode?.rawValue) == ["96385074", "01234565", "96385074", "96385074"])
        #expect(out.events.compactMap(\.frame) == [0, 1, 2, 3])
    }

    /// Files written into a watched folder that the session stops before decoding are one `error` event
    /// (the run exits 1), never dropped without a word. Here the stop comes while the first file is
    /// decoded, after a second file was written.
    @Test func filesNotDecodedWhenTheSessionStopsAreReported() throws {
        let inbox = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: inbox) }
        let sample = try Data(contentsOf: URL(fileURLWithPath: TestFrames.sample("ean8-96385074.png")))
        try sample.write(to: inbox.appendingPathComponent("first.png"))
        let late = inbox.appendingPathComponent("late.png")

        /// Writes `late.png` and stops the session while the first frame is processed.
        final class StoppingSink: FrameSink, @unchecked Sendable {
            let recorded = RecordingSink()
            let stop = StopSignal()
            let write: () -> Void
            init(write: @escaping () -> Void) { self.write = write }
            func process(_ frame: Frame) {
                recorded.process(frame)
                write()
                stop.set()
            }
            func offer(_ frame: Frame) { recorded.offer(frame) }
            func fail(frame: Int?, source: String, message: String) {
                recorded.fail(frame: frame, source: source, message: message)
            }
            func report(source: String, message: String) {}
        }
        let sink = StoppingSink { try? sample.write(to: late) }
        var config = FileInputConfig(paths: [inbox.path])
        config.watch = true
        FileInput(id: "in", config: config, showProgress: false).run(into: sink, stop: sink.stop)
        #expect(sink.recorded.offered == 1)
        #expect(sink.recorded.failures.map(\.source) == [late.path])
        #expect(sink.recorded.failures.map(\.message) == ["not decoded: the session stopped first"])
    }

    /// A pattern whose folder does not exist cannot be watched: an `error` event at the start, not a
    /// session that watches nothing in silence.
    @Test func aFolderThatIsNotThereIsReportedAtTheStart() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        var config = FileInputConfig(paths: [missing + "/*.png"])
        config.watch = true
        let sink = RecordingSink()
        // Not stopped: with no folder watched, the input ends by itself after its (no) initial files.
        FileInput(id: "in", config: config, showProgress: false).run(into: sink, stop: StopSignal())
        #expect(sink.failures.map(\.source) == [missing, missing + "/*.png"])
        #expect(
            sink.failures.map(\.message) == [
                "cannot watch: No such file or directory", missing + "/*.png: no file matches",
            ])
    }

    @Test func fileIdentityTellsRewrittenContentApart() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("id-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let first = try #require(FileIdentity(path: path))
        #expect(FileIdentity(path: path) == first)
        try Data("two!".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FileIdentity(path: path) != first)
        #expect(FileIdentity(path: path + ".missing") == nil)
        #expect(FileIdentity(path: FileManager.default.temporaryDirectory.path) == nil)
    }
}

/// A session watching `folder` (`watch: true`) run on its own thread, its confirmed events captured.
private struct WatchedSession {
    let out = CapturingOutput(id: "o")
    let coordinator: Coordinator
    let finished = LockedLines()

    init(folder: URL) {
        var config = FileInputConfig(paths: [folder.path])
        config.watch = true
        coordinator = Coordinator(
            session: "s", inputs: [FileInput(id: "hot", config: config, showProgress: false)],
            outputs: [OutputPlan(output: out, events: [.confirmed])],
            connections: [ConnectionPlan(index: 0, input: "hot", outputs: ["o"])],
            registry: BuiltinPlugins.registry())
        let coordinator = coordinator
        let finished = finished
        Thread {
            let summary = try? coordinator.run()
            finished.append("frames \(summary?.frames ?? -1)")
        }.start()
    }

    /// Whether `count` events arrived within 20 s.
    func wait(for count: Int) -> Bool {
        let end = Date().addingTimeInterval(20)
        while out.events.count < count && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        return out.events.count >= count
    }

    /// Stops the session and returns its summary line ("frames N") once the run has returned (10 s at most).
    func stop() -> [String] {
        coordinator.stop()
        let end = Date().addingTimeInterval(10)
        while finished.all.isEmpty && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        return finished.all
    }
}
