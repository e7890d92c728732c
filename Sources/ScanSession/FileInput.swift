import Foundation
import ScanCore
import ScanImageIO

/// `type: file`: decodes image files named by paths, directories and globs (see ``PathExpansion``),
/// in parallel on all cores. Each file is one frame; its sequence number is its place in the sorted list.
///
/// A file that cannot be read is an `error` event naming it; an entry that names nothing is an `error`
/// event naming the entry. The session goes on with the other files.
public struct FileInput: Input {
    public let id: String
    public let config: FileInputConfig
    /// Draw a progress bar on stderr when it is a terminal.
    public let showProgress: Bool
    public var delivery: InputDelivery { .batch }

    public init(id: String, config: FileInputConfig, showProgress: Bool = true) {
        self.id = id
        self.config = config
        self.showProgress = showProgress
    }

    public func run(into sink: any FrameSink, stop: StopSignal) {
        let expansion = PathExpansion.expand(config.paths)
        for problem in expansion.problems {
            sink.fail(frame: nil, source: problem.entry, message: problem.message)
        }
        let files = expansion.files
        let limits = ImageLimits(maxPixels: config.maxPixels)
        let progress = ProgressBar(total: files.count, enabled: showProgress)
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            guard !stop.isSet else { return }
            decode(files[i], number: i, limits: limits, sink: sink)
            progress.advance()
        }
        progress.finish()
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
            sink.fail(frame: number, source: path, message: error.description)
        }
    }
}
