import Foundation

/// Watches directories (recursively) with inotify and reports files that were written and closed or
/// moved in, for `watch: true` file inputs (hot folders). A file written again under the same name is
/// reported again (each `IN_CLOSE_WRITE` and `IN_MOVED_TO`); the input decides by content identity
/// whether it is new.
///
/// Used from one thread. New subdirectories are watched as they appear, and files already inside them are
/// reported at once (they may have been written before the watch was in place).
final class FileWatcher {
    private let fd: Int32
    /// Watch descriptor → the directory path as the session wrote it.
    private var directories: [Int32: String] = [:]

    /// The inotify instance could not be created (the text says why).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws(Failure) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Failure(description: "inotify: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Why the folder `directory` cannot be watched (it does not exist, is no folder, or inotify refuses
    /// it: the text is the system's), or nil when it is watched now, with every folder below it.
    func watchRoot(_ directory: String) -> String? {
        if let failure = addWatch(directory) { return failure }
        watch(directory, alreadyAdded: true)
        return nil
    }

    /// Adds the inotify watch of one folder; the system's reason when that fails.
    private func addWatch(_ directory: String) -> String? {
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_ONLYDIR)
        let target = directory.isEmpty ? "." : directory
        let wd = inotify_add_watch(fd, target, mask)
        guard wd >= 0 else { return String(cString: strerror(errno)) }
        directories[wd] = directory
        return nil
    }

    /// Watches `directory` and every folder below it; returns the files found in folders below it that
    /// were added while watching (none on the first call for an existing tree).
    @discardableResult func watch(_ directory: String, alreadyAdded: Bool = false) -> [String] {
        let target = directory.isEmpty ? "." : directory
        guard alreadyAdded || addWatch(directory) == nil else { return [] }
        var found: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
        where !name.hasPrefix(".") {
            let path = directory.isEmpty ? name : directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += watch(path)
            } else {
                found.append(path)
            }
        }
        return found
    }

    /// What ``next(stop:)`` saw.
    enum Change: Equatable {
        /// Files written and closed, or moved in (a path may come again each time it is written).
        case files([String])
        /// The kernel's event queue overflowed: events were lost, every watched folder must be listed again.
        case overflow
    }

    /// Waits for files to be written; returns what changed, or nil once `stop` is set. Wakes every 100 ms.
    func next(stop: StopSignal) -> Change? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stop.isSet {
            var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pollfd, 1, 100) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { continue }
            var overflow = false
            let paths = parse(buffer, count: n, overflow: &overflow)
            if overflow { return .overflow }
            if !paths.isEmpty { return .files(paths) }
        }
        return nil
    }

    /// Decodes `struct inotify_event` records: wd (Int32), mask, cookie, len (UInt32), then `len` name bytes.
    private func parse(_ buffer: [UInt8], count: Int, overflow: inout Bool) -> [String] {
        var paths: [String] = []
        var offset = 0
        func word(_ at: Int) -> UInt32 {
            UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16 | UInt32(buffer[at + 3])
                << 24
        }
        while offset + 16 <= count {
            let wd = Int32(bitPattern: word(offset))
            let mask = word(offset + 4)
            let length = Int(word(offset + 12))
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
            offset += 16 + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflow = true }
            guard let directory = directories[wd], !nameBytes.isEmpty else { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard !name.hasPrefix(".") else { continue }
            let path = directory.isEmpty ? name : directory + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 { paths += watch(path) }
            } else if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 {
                paths.append(path)
            }
        }
        return paths
    }
}
