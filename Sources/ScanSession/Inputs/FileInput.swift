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
/// A file is new when its content identity (``FileIdentity``: device, inode, size, modification time)
/// differs from the one last decoded under its name, so a scanner that always writes `scan.png` has
/// every scan decoded, and a close without a change is not decoded twice. When the session stops, the
/// files written into the folders and not decoded yet are counted in one `error` event.
public struct FileInput: Input {
    /// The input's id from the session.
    public let id: String
    /// Paths, watching and limits from the session.
    public let config: FileInputConfig
    /// Draw a progress bar on stderr when it is a terminal.
    public let showProgress: Bool
    /// Decode images for their luminance only (no output of the session shows the frames): a colour JPEG
    /// gives its luma plane (``ImageReader/read(contentsOf:limits:luminanceOnly:)``).
    public let luminanceOnly: Bool
    public var delivery: InputDelivery { .batch }
    public var deliversInOrder: Bool { true }

    public init(id: String, config: FileInputConfig, showProgress: Bool = true, luminanceOnly: Bool = false) {
        self.id = id
        self.config = config
        self.showProgress = showProgress
        self.luminanceOnly = luminanceOnly
    }

    public func run(into sink: any FrameSink, stop: StopSignal) {
        // With `watch`, the watches are in place before the first listing, so no file falls in between.
        var watcher: FileWatcher?
        if config.watch {
            do {
                let w = try FileWatcher()
                var watching = false
                for root in Set(config.paths.compactMap(PathExpansion.watchRoot)).sorted() {
                    // A folder that is not there cannot be watched: said, not watched in silence.
                    if let why = w.watchRoot(root) {
                        sink.fail(frame: nil, source: root.isEmpty ? "." : root, message: "cannot watch: \(why)")
                    } else {
                        watching = true
                    }
                }
                // With no folder watched, nothing can come: the input ends after its initial files.
                if watching { watcher = w }
            } catch {
                sink.fail(frame: nil, source: id, message: "cannot watch for new files: \(error)")
            }
        }
        let expansion = PathExpansion.expand(config.paths)
        for problem in expansion.problems where !(problem.isEmpty && watcher != nil) {
            sink.fail(frame: nil, source: problem.entry, message: problem.message)
        }
        let files = expansion.files
        // Identities before decoding: a file rewritten meanwhile differs and is decoded again.
        var decoded: [String: FileIdentity] = [:]
        if watcher != nil {
            for path in files { decoded[path] = FileIdentity(path: path) }
        }
        let limits = ImageLimits(maxPixels: config.maxPixels)
        let progress = showProgress ? ProgressDisplay.shared.start(total: files.count, label: id) : nil
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            guard !stop.isSet else { return }
            decode(files[i], number: i, limits: limits, sink: sink)
            progress?.advance()
        }
        progress?.finish()
        guard let watcher else { return }
        var number = files.count
        while let change = watcher.next(stop: stop) {
            let paths: [String]
            switch change {
            case .files(let written):
                paths = written.filter { path in config.paths.contains { PathExpansion.entry($0, covers: path) } }
            case .overflow:
                // Events were lost: whatever changed since is found by listing again.
                paths = PathExpansion.expand(config.paths).files
            }
            for path in paths {
                guard !stop.isSet else { break }
                guard let identity = FileIdentity(path: path), decoded[path] != identity else { continue }
                decoded[path] = identity
                decode(path, number: number, limits: limits, sink: sink)
                number += 1
            }
        }
        // Stopped: files written before the stop and not decoded are said, never dropped without a word.
        let left = PathExpansion.expand(config.paths).files.filter { path in
            guard let identity = FileIdentity(path: path) else { return false }
            return decoded[path] != identity
        }
        if let first = left.first {
            let more = left.count > 1 ? ", nor \((left.count - 1).counted("more file")) in the watched folders" : ""
            sink.fail(frame: nil, source: first, message: "not decoded\(more): the session stopped first")
        }
    }

    /// Reads one file and hands it to the sink (or reports why it could not be read).
    func decode(_ path: String, number: Int, limits: ImageLimits, sink: any FrameSink) {
        do {
            // Damage the decoder read past is an error event that loses no item (the frame is decoded).
            var frame = try ImageReader.read(
                contentsOf: path, limits: limits, luminanceOnly: luminanceOnly,
                warning: { sink.report(source: path, message: $0) })
            frame.sequenceNumber = number
            frame.source = path
            frame.timestamp = Date()
            sink.process(frame)
        } catch {
            sink.fail(frame: number, source: path, message: error.reason)
        }
    }
}

/// What tells one content of a file from another without reading it: device, inode, size and
/// modification time (nanoseconds). A file rewritten in place, replaced (`rm` and `cp`, or a rename
/// over it) or touched has another identity.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// The identity of the regular file at `path`, or nil when it is gone or not a regular file.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
