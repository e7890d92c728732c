import ScanPluginKit

/// Why a plugin library was not loaded, naming the file.
///
/// ```text
/// plugin /opt/acme/libmsi.so: ABI version 2, but this scanctl speaks version 1
/// ```
///
/// ``message`` says what is wrong without the path (for places that name the file themselves, such as a
/// session problem's `file:` column); ``description`` is `plugin PATH: MESSAGE`.
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Nothing exists at the path.
        case missingFile
        /// The path is a folder (or another non-file).
        case notAFile
        /// `dlopen` refused it (not a shared library, wrong architecture, a missing dependency…).
        case notLoadable(String)
        /// The library exports no `scanctl_plugin_entry` function.
        case missingEntrySymbol
        /// The entry function returned NULL.
        case noTable
        /// The table's `abi_version` is not one this build speaks.
        case wrongABIVersion(UInt32)
        /// The table breaks a rule of the header (name, kind, formats, no decode function).
        case invalidTable(String)
        /// A format the plugin declares is already served by an earlier plugin (`path` nil: built in).
        case formatAlreadyServed(format: String, plugin: String, path: String?)
        /// A plugin folder exists but cannot be listed.
        case unreadableFolder(String)
    }

    /// The library (or folder) as named by the user.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// The error for the library (or folder) `path`, as the user named it.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What is wrong, without the path.
    public var message: String {
        switch reason {
        case .missingFile:
            return "the file does not exist"
        case .notAFile:
            return "not a file (a plugin is a shared library, e.g. libmsi.so)"
        case .notLoadable(let why):
            return "cannot be loaded: \(why)"
        case .missingEntrySymbol:
            return "no entry function '\(PluginABIRules.entrySymbol)': not a scanctl plugin "
                + "(see include/scanctl_plugin.h)"
        case .noTable:
            return "its entry function returned no table (the plugin could not start, or speaks no ABI "
                + "version up to \(PluginABIRules.abiVersion))"
        case .wrongABIVersion(let v):
            return "ABI version \(v), but this scanctl speaks version \(PluginABIRules.abiVersion)"
        case .invalidTable(let why):
            return "invalid plugin table: \(why)"
        case .formatAlreadyServed(let format, let plugin, let path):
            let owner = path.map { "plugin '\(plugin)' (\($0))" } ?? "the built-in plugin '\(plugin)'"
            return "format '\(format)' is already served by \(owner); this plugin is not loaded"
        case .unreadableFolder(let why):
            return "the plugin folder cannot be read: \(why)"
        }
    }

    public var description: String { "plugin \(path): \(message)" }
}
