import Foundation

/// The folders scanctl loads plugins from by default, and how a folder is read.
///
/// Without `SCANCTL_PLUGIN_PATH`: `~/.local/lib/scanctl/plugins`, then `/usr/lib/scanctl/plugins`, so a
/// user's plugin serving a format comes before the system's (the first loaded keeps a format). With
/// `SCANCTL_PLUGIN_PATH` set, its colon-separated folders replace both (empty: no folder at all).
public enum PluginFolders {
    /// The system-wide folder (packages install plugins here).
    public static let system = "/usr/lib/scanctl/plugins"
    /// The per-user folder, below the home directory.
    public static let user = ".local/lib/scanctl/plugins"
    /// The environment variable whose folders replace the defaults.
    public static let environmentVariable = "SCANCTL_PLUGIN_PATH"

    /// The folders to load plugins from, in order.
    /// - Parameter environment: where `SCANCTL_PLUGIN_PATH` and `HOME` come from. Default: the process's.
    public static func search(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let list = environment[environmentVariable] {
            return list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        var folders: [String] = []
        if let home = environment["HOME"], !home.isEmpty {
            folders.append((home.hasSuffix("/") ? home : home + "/") + user)
        }
        folders.append(system)
        return folders
    }

    /// The plugin libraries in `folder`: regular files (or links to them) whose name ends in `.so` or has
    /// a `.so.` version suffix, sorted by name; subfolders are not searched.
    /// - Returns: `[]` when the folder does not exist.
    /// - Throws: ``PluginLoadError`` (``PluginLoadError/Reason/unreadableFolder(_:)``) when it exists but
    ///   cannot be listed.
    public static func libraries(in folder: String) throws(PluginLoadError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else {
            throw PluginLoadError(path: folder, reason: .unreadableFolder("not a folder"))
        }
        guard let stream = opendir(folder) else {
            throw PluginLoadError(path: folder, reason: .unreadableFolder(String(cString: strerror(errno))))
        }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        closedir(stream)
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.filter { $0.hasSuffix(".so") || $0.contains(".so.") }.sorted().map { base + $0 }.filter {
            var dir: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &dir) && !dir.boolValue
        }
    }
}
