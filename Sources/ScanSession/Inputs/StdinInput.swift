import Foundation
import ScanCore

/// `type: stdin`: raw frames of a declared size and pixel format, back to back on standard input
/// (or any file descriptor), as `ffmpeg -f rawvideo -pix_fmt gray …` writes them.
///
/// Each frame is offered to the connections' one-frame slots. By default a full slot makes the reader
/// wait (back-pressure: a recording piped in is decoded frame by frame, none dropped); with `live: true`
/// (a camera through ffmpeg) a newer frame replaces a waiting one and the dropped frames are counted.
/// Frames are numbered from 0.
/// A short final frame is an `error` event naming its number; the input then ends normally.
public struct StdinInput: Input {
    /// The input's id from the session.
    public let id: String
    /// Frame size, pixel format, stride and timing from the session.
    public let config: StdinInputConfig
    /// Where frames are read from. Default: 0 (standard input).
    public let fileDescriptor: Int32

    public init(id: String, config: StdinInputConfig, fileDescriptor: Int32 = STDIN_FILENO) {
        self.id = id
        self.config = config
        self.fileDescriptor = fileDescriptor
    }

    public var delivery: InputDelivery { .live(dropFrames: config.dropsFrames) }

    public func run(into sink: any FrameSink, stop: StopSignal) {
        let size = config.frameByteCount
        let reader = RawFrameReader(fileDescriptor: fileDescriptor, frameByteCount: size)
        let start = Date()
        var number = 0
        while true {
            switch reader.next(stop: stop) {
            case .frame(let bytes):
                let time = config.fps.map { start.addingTimeInterval(Double(number) / $0) } ?? Date()
                do {
                    let frame = try Frame(
                        pixels: bytes, format: config.pixelFormat, width: config.width, height: config.height,
                        stride: config.stride, sequenceNumber: number, timestamp: time, source: "stdin")
                    sink.offer(frame)
                } catch {
                    sink.fail(frame: number, source: "stdin", message: "frame \(number): \(error)")
                }
                number += 1
            case .short(let count):
                sink.fail(
                    frame: number, source: "stdin",
                    message: "frame \(number) is truncated: the input ended after \(count) of \(size) bytes")
                return
            case .failed(let why):
                sink.fail(frame: number, source: "stdin", message: "reading frame \(number) failed: \(why)")
                return
            case .end, .stopped:
                return
            }
        }
    }
}
