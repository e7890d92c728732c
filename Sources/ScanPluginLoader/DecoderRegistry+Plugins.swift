import ScanCore

extension DecoderRegistry {
    /// The plugins of this registry that were loaded from libraries, in load order.
    public var externalPlugins: [ExternalPlugin] { decoders.compactMap { $0 as? ExternalPlugin } }

    /// Loads the plugin library at `path` and registers it after the plugins already here.
    ///
    /// Each format is served by one plugin: the one registered first keeps it. A library declaring a
    /// format that a plugin already here serves (a built-in one, or one loaded before) is refused as a
    /// whole. Loading a library that is already loaded (the same file, whatever the path's spelling or
    /// symbolic links) registers nothing and returns the plugin loaded before.
    ///
    /// - Parameters:
    ///   - path: the library; a relative path is taken from the working directory.
    ///   - diagnostics: receives the plugin's run-time problems, one line each (at most
    ///     ``PluginDiagnostics/limit``). Default: standard error.
    /// - Throws: ``PluginLoadError`` naming the file: missing, not loadable, no entry function, no table,
    ///   wrong ABI version, an invalid table, or a format already served.
    @discardableResult
    public mutating func loadPlugin(
        at path: String, diagnostics: @escaping @Sendable (String) -> Void = PluginDiagnostics.standardError
    ) throws(PluginLoadError) -> ExternalPlugin {
        let resolved = PluginLibrary.resolve(path)
        if let loaded = externalPlugins.first(where: { $0.resolvedPath == resolved }) { return loaded }
        let table = try PluginLibrary.open(path)
        for format in table.formats.sorted() {
            if let owner = decoders.first(where: { $0.formats.contains(BarcodeFormat(format)) }) {
                let reason = PluginLoadError.Reason.formatAlreadyServed(
                    format: format, plugin: owner.name, path: (owner as? ExternalPlugin)?.path)
                throw PluginLoadError(path: path, reason: reason)
            }
        }
        let plugin = ExternalPlugin(
            table: table, path: path, resolvedPath: resolved,
            diagnostics: PluginDiagnostics(plugin: table.name, path: path, sink: diagnostics))
        register(plugin)
        return plugin
    }

    /// Loads every plugin library in `folders` (``PluginFolders/libraries(in:)``: `*.so` files, by name),
    /// folder after folder, as ``loadPlugin(at:diagnostics:)`` does. A folder that does not exist is
    /// skipped; a problem with one library does not stop the others.
    /// - Returns: the problems, in load order (an unreadable folder, then each library refused).
    public mutating func loadPlugins(
        inFolders folders: [String], diagnostics: @escaping @Sendable (String) -> Void = PluginDiagnostics.standardError
    ) -> [PluginLoadError] {
        var problems: [PluginLoadError] = []
        for folder in folders {
            do {
                for library in try PluginFolders.libraries(in: folder) {
                    do {
                        try loadPlugin(at: library, diagnostics: diagnostics)
                    } catch {
                        problems.append(error)
                    }
                }
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
