import CScanPlugin
import Foundation
import ScanPluginKit

/// Opens a plugin library and reads its function table (`include/scanctl_plugin.h`), checking every
/// field before anything is called but the entry function.
///
/// Libraries are opened with `RTLD_NOW | RTLD_LOCAL` (every symbol resolved at once; the plugin's own
/// symbols, such as its copy of ScanCore, are not offered to other libraries) and never closed: a Swift
/// library cannot be unloaded safely, and a refused library is simply never called again.
enum PluginLibrary {
    /// What a valid table declared, copied out of the plugin's memory, and the table itself.
    struct Table {
        var name: String
        var kind: PluginKind
        var formats: [String]
        var handle: PluginHandle
    }

    /// The absolute path of `path` (relative paths are taken from the working directory), with symbolic
    /// links resolved when the file exists.
    static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let real = realpath(absolute, nil) else { return absolute }
        defer { free(real) }
        return String(cString: real)
    }

    /// Opens the library at `path` and reads its table.
    /// - Throws: ``PluginLoadError`` for a missing file, a folder, a library `dlopen` refuses, a missing
    ///   entry function, a NULL table, a wrong ABI version or a table that breaks the header's rules (the
    ///   table's `destroy` is called then).
    static func open(_ path: String) throws(PluginLoadError) -> Table {
        func fail(_ reason: PluginLoadError.Reason) -> PluginLoadError { PluginLoadError(path: path, reason: reason) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw fail(.missingFile) }
        guard !isFolder.boolValue else { throw fail(.notAFile) }
        // An absolute path, so dlopen never searches the library path for a bare file name.
        let absolute = resolve(path)
        guard let library = dlopen(absolute, RTLD_NOW | RTLD_LOCAL) else {
            throw fail(.notLoadable(lastError(absolute)))
        }
        guard let symbol = dlsym(library, PluginABIRules.entrySymbol) else { throw fail(.missingEntrySymbol) }
        let entry = unsafeBitCast(symbol, to: scanctl_plugin_entry_fn.self)
        guard let raw = entry(PluginABIRules.abiVersion) else { throw fail(.noTable) }
        return try adopt(raw, path: path)
    }

    /// Checks the table an entry function returned (`path` names it in errors) and takes over its
    /// `destroy` duty: called now when the table is refused, else when its last plugin goes away.
    /// - Throws: ``PluginLoadError`` for a wrong ABI version (`destroy` is not called then: the table's
    ///   layout is unknown) or a table that breaks the header's rules.
    static func adopt(_ raw: UnsafePointer<scanctl_plugin>, path: String) throws(PluginLoadError) -> Table {
        // Only the first field is the same in every ABI version: read it alone first.
        let version = UnsafeRawPointer(raw).load(as: UInt32.self)
        guard version == PluginABIRules.abiVersion else {
            throw PluginLoadError(path: path, reason: .wrongABIVersion(version))
        }
        let handle = PluginHandle(raw.pointee)
        do {
            return try read(raw.pointee, handle: handle)
        } catch {
            throw PluginLoadError(path: path, reason: .invalidTable(error.description))
        }
    }

    /// Why a table field is wrong.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The checked contents of a table whose version is right.
    static func read(_ t: scanctl_plugin, handle: PluginHandle) throws(Invalid) -> Table {
        guard let rawName = t.name else { throw Invalid(description: "the plugin name is NULL") }
        guard let name = boundedString(rawName, max: PluginABIRules.maxNameLength) else {
            throw Invalid(
                description: "the plugin name is not UTF-8 text of at most \(PluginABIRules.maxNameLength) bytes")
        }
        if let p = PluginABIRules.problem(withName: name) { throw Invalid(description: p) }
        guard let kind = PluginKind(abiValue: t.kind) else {
            throw Invalid(description: "kind \(t.kind) is not linear (1), stacked (2) or matrix (3)")
        }
        guard let list = t.formats else { throw Invalid(description: "the format list is NULL") }
        var formats: [String] = []
        while let entry = list[formats.count] {
            guard formats.count < PluginABIRules.maxFormats else {
                throw Invalid(description: "the plugin declares more than \(PluginABIRules.maxFormats) formats")
            }
            guard let f = boundedString(entry, max: PluginABIRules.maxFormatLength) else {
                throw Invalid(
                    description: "a format name is not text of at most \(PluginABIRules.maxFormatLength) bytes")
            }
            formats.append(f)
        }
        if let p = PluginABIRules.problem(withFormats: formats) { throw Invalid(description: p) }
        guard t.decode != nil else { throw Invalid(description: "the decode function is NULL") }
        return Table(name: name, kind: kind, formats: formats, handle: handle)
    }

    /// The NUL-terminated UTF-8 string at `p`, or `nil` when it is longer than `max` bytes or not UTF-8.
    /// Reads at most `max + 1` bytes.
    static func boundedString(_ p: UnsafePointer<CChar>, max: Int) -> String? {
        let length = strnlen(p, max + 1)
        guard length <= max else { return nil }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        return String(validating: bytes, as: UTF8.self)
    }

    /// `dlerror()`'s message without a leading copy of the path.
    private static func lastError(_ path: String) -> String {
        guard let e = dlerror() else { return "unknown reason" }
        let text = String(cString: e)
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}

/// A loaded plugin's table, copied out of the plugin's memory, and its `destroy` duty: called once,
/// when the last ``ExternalPlugin`` holding it goes away.
final class PluginHandle: @unchecked Sendable {
    /// Never written after `init`; the ABI makes the plugin's `decode` safe on several threads.
    let table: scanctl_plugin

    init(_ table: scanctl_plugin) { self.table = table }

    deinit { table.destroy?(table.context) }
}
