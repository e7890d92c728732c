import Foundation
import Synchronization

/// `type: file`: events appended to a file as JSON lines or CSV rows, one `write(2)` per event (so a
/// reader sees each event at once and a crash loses none that were written), with optional size-based
/// rotation.
///
/// A CSV file gets ``Event/csvHeader`` as its first line whenever it starts empty. With `rotate_bytes`,
/// an event that would make the file larger than that first moves it to `PATH.1` (older ones shift to
/// `PATH.2` … `PATH.keep`, the oldest is removed) and starts a new file. `finish()` syncs the file to disk.
public final class FileOutput: Output {
    /// The output's id from the session.
    public let id: String
    /// Path, format and rotation from the session.
    public let config: FileOutputConfig
    private let state = Mutex<(fd: Int32, size: Int)>((-1, 0))

    public init(id: String, config: FileOutputConfig) {
        self.id = id
        self.config = config
    }

    /// The output could not open, write or rotate its file; the text names the file and the reason.
    public typealias Failure = OutputFailure

    public func open() throws {
        try state.withLock { s throws(Failure) in
            s = try openFile()
        }
    }

    public func write(_ event: Event) throws {
        let line = Array(((config.format == .csv ? event.csvRow : event.jsonLine) + "\n").utf8)
        try state.withLock { s throws(Failure) in
            if s.fd < 0 { s = try openFile() }
            if let limit = config.rotateBytes, s.size > headerSize, s.size + line.count > limit {
                close(s.fd)
                s.fd = -1
                try rotate()
                s = try openFile()
            }
            try writeAll(line, to: s.fd)
            s.size += line.count
        }
    }

    public func finish() -> Int {
        state.withLock { s in
            if s.fd >= 0 {
                fsync(s.fd)
                close(s.fd)
                s.fd = -1
            }
        }
        return 0
    }

    private var headerSize: Int { config.format == .csv ? Event.csvHeader.utf8.count + 1 : 0 }

    /// Opens (creating) the file for appending; writes the CSV header into an empty file.
    private func openFile() throws(Failure) -> (fd: Int32, size: Int) {
        let fd = Foundation.open(config.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "\(config.path): cannot open: \(Self.lastError)") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw Failure(description: "\(config.path): cannot stat: \(Self.lastError)")
        }
        var size = Int(info.st_size)
        if size == 0 && config.format == .csv {
            let header = Array((Event.csvHeader + "\n").utf8)
            try writeAll(header, to: fd)
            size = header.count
        }
        return (fd, size)
    }

    private func rotate() throws(Failure) {
        let path = config.path
        for i in stride(from: config.keep - 1, through: 1, by: -1) where access("\(path).\(i)", F_OK) == 0 {
            guard rename("\(path).\(i)", "\(path).\(i + 1)") == 0 else {
                throw Failure(description: "\(path).\(i): cannot rotate: \(Self.lastError)")
            }
        }
        guard rename(path, "\(path).1") == 0 else {
            throw Failure(description: "\(path): cannot rotate: \(Self.lastError)")
        }
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Foundation.write(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "\(config.path): cannot write: \(Self.lastError)")
            }
            offset += n
        }
    }

    static var lastError: String { String(cString: strerror(errno)) }
}
