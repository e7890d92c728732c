import Foundation
import ScanCore
import ScanImageIO

/// `type: file`: decodes image files named by paths, directories and globs (see ``PathExpansion``),
/// in parallel on all cores. Each file is one frame; its sequence number is its place in the sorted list,
/// and its events go out in that order (``deliversInOrder``), whichever file finishes decoding first.
///
/// A file that cannot be read is an `error` event naming it; an entry that names nothing is an `error`
/// event naming the entry. The session goes on with the other files.
///
/// With `watch: true` the input then stays open (until the session stops) and decodes, one at a time,
/// every file that is written and closed, or moved, into a watched folder and that an entry covers (an
/// image below a directory entry, a match of a pattern); numbering goes on after the initial files.
public struct FileInput: Input {
    /// The input's id from the session.
    public let id: String
    /// Paths, watching and limits from the session.
    public let config: FileInputConfig
    /// Draw a progress bar on stderr when it is a terminal.
    public let showProgress: Bool
    public var delivery: InputDelivery { .batch }
    public var deliversInOrder: Bool { true }

    public init(id: String, config: FileInputConfig, showProgress: Bool = true) {
        self.id = id
        self.config = config
        self.showProgress = showProgress
    }

    public func run(into sink: any FrameSink, stop: StopSignal) {
        // With `watch`, the watches are in place before the first listing, so no file falls in between.
        var watcher: FileWatcher?
        if config.watch {
            do {
                let w = try FileWatcher()
                for root in Set(config.paths.compactMap(PathExpansion.watchRoot)).sorted() { w.watch(root) }
                watcher = w
            } catch {
                sink.fail(frame: nil, source: id, message: "cannot watch for new files: \(error)")
            }
        }
        let expansion = PathExpansion.expand(config.paths)
        for problem in expansion.problems where !(problem.isEmpty && watcher != nil) {
            sink.fail(frame: nil, source: problem.entry, message: problem.message)
        }
        let files = expansion.files
        let limits = ImageLimits(maxPixels: config.maxPixels)
        let progress = showProgress ? ProgressDisplay.shared.start(total: files.count, label: id) : nil
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            guard !stop.isSet else { return }
            decode(files[i], number: i, limits: limits, sink: sink)
            progress?.advance()
        }
        progress?.finish()
        guard let watcher else { return }
        var seen = Set(files)
        var number = files.count
        while let paths = watcher.next(stop: stop) {
            for path in paths
            where !seen.contains(path) && config.paths.contains(where: { PathExpansion.entry($0, covers: path) }) {
                seen.insert(path)
                decode(path, number: number, limits: limits, sink: sink)
                number += 1
            }
        }
    }

    /// Reads one file and hands it to the sink (or reports why it could not be read).
    func decode(_ path: String, number: Int, limits: ImageLimits, sink: any FrameSink) {
        do {
            var frame = try ImageReader.read(contentsOf: path, limits: limits)
            frame.sequenceNumber = number
            frame.source = path
            frame.timestamp = Date()
            sink.process(frame)
        } catch {
            sink.fail(frame: number, source: path, message: error.reason)
        }
    }
}
