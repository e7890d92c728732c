import Foundation

/// Turns a file input's `paths:` into the list of files to decode.
///
/// - A plain path to a file is taken as it is (whatever its extension).
/// - A plain path to a directory stands for every image file below it, recursively (extensions `png`,
///   `jpg`, `jpeg`, `webp`, `pgm`, `ppm`, `pnm`, any case; hidden files and folders skipped).
/// - A pattern with `*`, `?` or `[…]` is matched one path component at a time (`fnmatch`, a leading dot
///   must be matched explicitly); a `**` component matches any number of folders, including none, and a
///   trailing `**` every file below.
///
/// Files are sorted per entry; a file named by two entries is listed once, at its first place.
enum PathExpansion {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "pgm", "ppm", "pnm"]

    struct Expansion: Equatable {
        var files: [String] = []
        /// Entries that named nothing: (the entry, why).
        var problems: [Problem] = []
    }

    struct Problem: Equatable {
        var entry: String
        var message: String
        /// True when the entry exists but holds no file yet (a pattern without match, an empty directory):
        /// not a problem for a watched input.
        var isEmpty = false
    }

    static func expand(_ entries: [String]) -> Expansion {
        var out = Expansion()
        var seen = Set<String>()
        for entry in entries {
            var found: [String] = []
            if isPattern(entry) {
                let absolute = entry.hasPrefix("/")
                let components = entry.split(separator: "/").map(String.init)
                glob(components[...], base: absolute ? "/" : ".", display: absolute ? "/" : "", into: &found)
                if found.isEmpty {
                    out.problems.append(Problem(entry: entry, message: "\(entry): no file matches", isEmpty: true))
                }
            } else {
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: entry, isDirectory: &isDirectory) {
                    // An image file that is not there yet is nothing to watch for a hot folder's scanner.
                    let notYet = isImageName((entry as NSString).lastPathComponent)
                    out.problems.append(
                        Problem(entry: entry, message: "\(entry): no such file or directory", isEmpty: notYet))
                } else if isDirectory.boolValue {
                    found = imagesBelow(entry)
                    if found.isEmpty {
                        out.problems.append(
                            Problem(entry: entry, message: "\(entry): no image files in this directory", isEmpty: true))
                    }
                } else {
                    found = [entry]
                }
            }
            for file in found.sorted() where seen.insert(file).inserted { out.files.append(file) }
        }
        return out
    }

    /// The folder to watch for an entry (`watch: true`): a directory itself, a pattern's folder before its
    /// first wildcard component, or an image file's folder, whether the file is there yet or not (""
    /// for the working directory). A missing entry without an image name is taken as the folder itself.
    static func watchRoot(_ entry: String) -> String? {
        if isPattern(entry) {
            let components = entry.split(separator: "/", omittingEmptySubsequences: false)
            let fixed = components.prefix { !isPattern(String($0)) }
            let root = fixed.joined(separator: "/")
            return root.isEmpty && entry.hasPrefix("/") ? "/" : root
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: entry, isDirectory: &isDirectory), isDirectory.boolValue {
            return entry.hasSuffix("/") && entry.count > 1 ? String(entry.dropLast()) : entry
        }
        // An image file, there or not yet (a scanner that always writes `scan.png`): its folder. Any other
        // name that is not there is taken for a folder to come (and cannot be watched: said at the start).
        let isFile = FileManager.default.fileExists(atPath: entry) || isImageName((entry as NSString).lastPathComponent)
        guard isFile, !entry.hasSuffix("/") else {
            return entry.hasSuffix("/") && entry.count > 1 ? String(entry.dropLast()) : entry
        }
        return (entry as NSString).deletingLastPathComponent
    }

    /// True when a file found later at `path` belongs to `entry`: the file itself, an image below the
    /// directory, or a match of the pattern (with the same rules as ``expand(_:)``).
    static func entry(_ entry: String, covers path: String) -> Bool {
        if isPattern(entry) {
            return matches(
                path.split(separator: "/").map(String.init)[...], entry.split(separator: "/").map(String.init)[...])
        }
        if path == entry { return true }
        let directory = entry.hasSuffix("/") ? entry : entry + "/"
        return path.hasPrefix(directory) && isImageName((path as NSString).lastPathComponent)
            && !path.dropFirst(directory.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    private static func matches(_ path: ArraySlice<String>, _ pattern: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            if pattern.count == 1 { return !path.isEmpty && !path.contains { $0.hasPrefix(".") } }
            var rest = path
            while true {
                if matches(rest, pattern.dropFirst()) { return true }
                guard let head = rest.first, !head.hasPrefix(".") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = path.first, fnmatch(first, name, FNM_PERIOD) == 0 else { return false }
        return matches(path.dropFirst(), pattern.dropFirst())
    }

    static func isPattern(_ text: String) -> Bool { text.contains { $0 == "*" || $0 == "?" || $0 == "[" } }

    static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Image files below `directory`, recursively, as `directory/relative/path`.
    static func imagesBelow(_ directory: String) -> [String] {
        allFilesBelow(directory).filter { isImageName(($0 as NSString).lastPathComponent) }
    }

    private static func allFilesBelow(_ directory: String) -> [String] {
        var out: [String] = []
        for name in listing(directory) {
            let path = join(directory, name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if !isSymbolicLink(path) { out += allFilesBelow(path) }
            } else {
                out.append(path)
            }
        }
        return out
    }

    private static func glob(_ components: ArraySlice<String>, base: String, display: String, into out: inout [String])
    {
        guard let first = components.first else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.append(display)
            }
            return
        }
        let rest = components.dropFirst()
        if first == "**" {
            if rest.isEmpty {
                out += allFilesBelow(base).map { display + $0.dropFirst(base.count).drop { $0 == "/" } }
                return
            }
            glob(rest, base: base, display: display, into: &out)
            for name in listing(base) {
                let path = join(base, name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                    !isSymbolicLink(path)
                {
                    glob(components, base: path, display: join(display, name), into: &out)
                }
            }
        } else if isPattern(first) {
            for name in listing(base) where fnmatch(first, name, FNM_PERIOD) == 0 {
                glob(rest, base: join(base, name), display: join(display, name), into: &out)
            }
        } else {
            glob(rest, base: join(base, first), display: join(display, first), into: &out)
        }
    }

    /// Visible entries of a directory, sorted ([] when it cannot be read).
    private static func listing(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : a.hasSuffix("/") ? a + b : a + "/" + b
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }
}
