import Foundation
import Synchronization

/// The queue of webhook payloads not yet delivered: in memory, and in a directory when one is configured,
/// so that they survive a crash or a restart (`spool:`).
///
/// Each payload is one file `SEQUENCE-EVENTID.json` (sequence zero-padded, so names sort in arrival
/// order) holding the event's JSON. A file is written under a temporary name, synced, renamed into place
/// and the directory synced, before ``append(_:id:)`` returns; it is removed when the event was delivered
/// (a crash in between delivers it again: delivery is at least once). ``open()`` loads the files a
/// previous run left, oldest first, and removes unfinished temporary files.
///
/// Events may carry secrets of their own (a scanned token, a licence's fields): the directory is made
/// `0700` and every file `0600`, as the camera authorization state is, whatever the umask; a directory
/// or file an earlier version left readable is tightened on ``open()``. Payloads the receiver rejected go
/// to the dead-letter file ``deadLetterPath`` beside the directory, `0600` too.
final class Spool: Sendable {
    struct Item: Sendable, Equatable {
        let sequence: Int
        /// File name in the directory (also used in memory-only spools).
        let name: String
        /// The event's JSON object.
        let body: String
    }

    typealias Failure = OutputFailure

    /// The directory; nil keeps payloads in memory only.
    let directory: String?
    private let state = Mutex<(items: [Item], next: Int)>(([], 1))

    init(directory: String?) { self.directory = directory }

    var isDurable: Bool { directory != nil }

    /// `DIRECTORY.dead-letter.jsonl` beside the spool directory (nil for a memory-only spool): one JSON
    /// line per rejected event, `{"event": …, "rejected_at": "RFC 3339", "status": 422}`.
    var deadLetterPath: String? {
        directory.map { dir in
            var d = dir
            while d.count > 1 && d.hasSuffix("/") { d.removeLast() }
            return d + ".dead-letter.jsonl"
        }
    }
    var count: Int { state.withLock { $0.items.count } }

    /// Creates the directory if needed and loads what a previous run left.
    func open() throws(Failure) {
        guard let directory else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(
                description: "\(directory): cannot create the spool directory: \(SystemErrorText.describe(error))")
        }
        try Spool.restrict(directory, to: 0o700)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw Failure(
                description: "\(directory): cannot list the spool directory: \(SystemErrorText.describe(error))")
        }
        var loaded: [Item] = []
        for name in names {
            let path = directory + "/" + name
            if name.hasPrefix(".tmp-") {
                unlink(path)
                continue
            }
            guard name.hasSuffix(".json"), let dash = name.firstIndex(of: "-"), let sequence = Int(name[..<dash]),
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            try Spool.restrict(path, to: 0o600)
            loaded.append(Item(sequence: sequence, name: name, body: String(decoding: data, as: UTF8.self)))
        }
        loaded.sort { $0.sequence < $1.sequence }
        state.withLock { s in
            s.items = loaded + s.items
            s.next = max(s.next, (loaded.last?.sequence ?? 0) + 1)
        }
    }

    /// Adds a payload at the end; durable on disk before returning when the spool has a directory.
    func append(_ body: String, id: String) throws(Failure) {
        let sequence = state.withLock { s in
            defer { s.next += 1 }
            return s.next
        }
        let name =
            String(format: "%016d", sequence) + "-" + id.filter { $0.isLetter || $0.isNumber || $0 == "-" } + ".json"
        if let directory { try writeDurably(Array(body.utf8), name: name, in: directory) }
        let item = Item(sequence: sequence, name: name, body: body)
        state.withLock { s in
            let at = s.items.firstIndex { $0.sequence > sequence } ?? s.items.endIndex
            s.items.insert(item, at: at)
        }
    }

    /// Up to `count` oldest payloads (left in the spool).
    func oldest(_ count: Int) -> [Item] {
        state.withLock { Array($0.items.prefix(count)) }
    }

    /// Removes delivered (or refused) payloads.
    func remove(_ items: [Item]) {
        let names = Set(items.map(\.name))
        state.withLock { $0.items.removeAll { names.contains($0.name) } }
        if let directory {
            for name in names { unlink(directory + "/" + name) }
        }
    }

    private func writeDurably(_ bytes: [UInt8], name: String, in directory: String) throws(Failure) {
        let temporary = directory + "/.tmp-" + name
        let final = directory + "/" + name
        let fd = Foundation.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "\(temporary): cannot create: \(Spool.lastError)") }
        fchmod(fd, 0o600)
        do {
            try Spool.writeAll(bytes, to: fd, path: temporary)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard fsync(fd) == 0 else {
            let why = Spool.lastError
            close(fd)
            throw Failure(description: "\(temporary): cannot sync: \(why)")
        }
        close(fd)
        guard rename(temporary, final) == 0 else {
            throw Failure(description: "\(final): cannot rename into place: \(Spool.lastError)")
        }
        let dirfd = Foundation.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// Moves rejected payloads out of the spool: appended to ``deadLetterPath`` (synced) and removed.
    /// Returns the dead-letter file's path; a memory-only spool just drops them and returns nil.
    func deadLetter(_ items: [Item], status: Int, at time: Date = Date()) throws(Failure) -> String? {
        guard let path = deadLetterPath else {
            remove(items)
            return nil
        }
        let stamp = Event.rfc3339(time)
        let lines = items.map { "{\"event\":\($0.body),\"rejected_at\":\"\(stamp)\",\"status\":\(status)}\n" }.joined()
        let bytes = Array(lines.utf8)
        let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw Failure(description: "\(path): cannot open the dead-letter file: \(Spool.lastError)")
        }
        defer { close(fd) }
        fchmod(fd, 0o600)
        try Spool.writeAll(bytes, to: fd, path: path)
        guard fsync(fd) == 0 else { throw Failure(description: "\(path): cannot sync: \(Spool.lastError)") }
        remove(items)
        return path
    }

    /// Writes all of `bytes` to `fd`, again where a signal interrupted a write.
    /// - Throws: ``Failure`` `PATH: cannot write: REASON` (`path` names the file) when a write fails or
    ///   writes nothing; the caller still owns `fd`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "\(path): cannot write: \(lastError)") }
            offset += n
        }
    }

    /// Takes group and other permissions away from `path` when it has any (`mode` is what it gets).
    private static func restrict(_ path: String, to mode: mode_t) throws(Failure) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & 0o077 != 0 else { return }
        guard chmod(path, mode) == 0 else {
            let octal = String(mode, radix: 8)
            throw Failure(description: "\(path): cannot restrict permissions to \(octal): \(lastError)")
        }
    }

    /// The C library's message for the current `errno`.
    static var lastError: String { String(cString: strerror(errno)) }
}
