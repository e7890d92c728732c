import Foundation
import FuzzSupport
import ScanCore
import ScanSession

/// The raw-frame reader of `type: stdin` inputs: a frame size, pixel format and row stride from the first
/// bytes, then a byte stream (in a temporary file, read through ``RawFrameReader`` as standard input is),
/// cut into frames that are built and converted to luminance as ``StdinInput`` does. Checked: the reader
/// returns whole frames, then one end or short read whose byte count is below a frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawFrames(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let width = input.int(in: 1...48)
    let height = input.int(in: 1...48)
    let formats = PixelFormat.allCases
    let format = formats[input.int(in: 0...(formats.count - 1))]
    let padding = input.int(in: 0...7)
    let stride = format.minimumStride(width: width) + padding
    let frameBytes = format.frameByteCount(width: width, height: height, stride: stride)
    let stream = input.rest()
    let fd = streamFile
    guard fd >= 0, ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { return 0 }
    var written = 0
    while written < stream.count {
        let n = stream.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + written }, stream.count - written) }
        guard n > 0 else { return 0 }
        written += n
    }
    lseek(fd, 0, SEEK_SET)
    let reader = RawFrameReader(fileDescriptor: fd, frameByteCount: frameBytes)
    var frames = 0
    reading: while true {
        switch reader.next(stop: stop) {
        case .frame(let bytes):
            precondition(bytes.count == frameBytes, "a frame of the wrong size")
            let frame = try? Frame(pixels: bytes, format: format, width: width, height: height, stride: stride)
            precondition(frame != nil, "a whole frame was refused")
            if let frame { _ = frame.luminance().packedPixels }
            frames += 1
        case .short(let count):
            precondition(count > 0 && count < frameBytes && frames * frameBytes + count == stream.count)
            break reading
        case .end:
            precondition(frames * frameBytes == stream.count, "the input ended early")
            break reading
        case .failed(let why):
            preconditionFailure("reading a memory file failed: \(why)")
        case .stopped:
            preconditionFailure("stopped without a stop signal")
        }
    }
    return 0
}

/// Never set.
let stop = StopSignal()

/// One unlinked temporary file, rewritten for every input (a regular file polls as always readable, as a
/// pipe with data does).
let streamFile: Int32 = {
    var template = Array("/tmp/fuzz-raw-frames-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
        guard let base = buffer.baseAddress else { return -1 }
        return mkstemp(base)
    }
    if fd >= 0 { unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
    return fd
}()
