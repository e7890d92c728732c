import CScanPlugin
import Foundation
import ScanCore

/// Turns an ordinary ``ScanCore/SymbologyDecoder`` into a plugin that scanctl loads at run time.
///
/// A Swift plugin is a dynamic library product whose code defines its decoder as usual and adds this one
/// function (the entry point of `include/scanctl_plugin.h`):
///
/// ```swift
/// import ScanPluginKit
///
/// @_cdecl("scanctl_plugin_entry")
/// public func scanctlPluginEntry(_ hostABIVersion: UInt32) -> UnsafeRawPointer? {
///     PluginExport.table(for: MSIPlesseyDecoder(), kind: .linear, hostABIVersion: hostABIVersion)
/// }
/// ```
///
/// The table's `decode` copies the host's luminance plane into a ``ScanCore/LuminanceImage``, runs the
/// decoder on a new ``ScanCore/FrameContext`` with the host's options (formats, try-harder, rotation,
/// pure, whole-frame search, symbol limit, line agreement, binarizer; inversion and downscaling are the
/// host's passes and stay off inside the plugin) and emits each result of a wanted format. The plugin has
/// its own copy of ScanCore: it shares no Swift type, and no derived data (binarizations, candidate map),
/// with the host. Docs/plugins.md walks through a whole plugin.
public enum PluginExport {
    /// Why a decoder cannot be exported (its name or formats break the ABI's rules).
    public struct Problem: Error, CustomStringConvertible, Equatable {
        /// What is wrong, in one sentence.
        public var description: String
        /// A problem described by `description`.
        public init(description: String) { self.description = description }
    }

    /// The function table for `decoder`, or `nil` when the host speaks no ABI version this kit provides
    /// (`hostABIVersion` below ``PluginABIRules/abiVersion``) or the decoder breaks the ABI's rules (the
    /// reason is written to standard error, since the entry function has no other channel; the host then
    /// reports that the entry function returned no table). Each call makes a new table; the host's
    /// `destroy` call frees it.
    public static func table(
        for decoder: some SymbologyDecoder, kind: PluginKind, hostABIVersion: UInt32
    ) -> UnsafeRawPointer? {
        guard hostABIVersion >= PluginABIRules.abiVersion else { return nil }
        do {
            try check(decoder)
        } catch {
            FileHandle.standardError.write(Data("scanctl plugin '\(decoder.name)': \(error.description)\n".utf8))
            return nil
        }
        return UnsafeRawPointer(ExportedPlugin.make(decoder, kind: kind))
    }

    /// ``table(for:kind:hostABIVersion:)`` with the kind the decoder declares (``ScanCore/SymbologyDecoder/kind``).
    public static func table(for decoder: some SymbologyDecoder, hostABIVersion: UInt32) -> UnsafeRawPointer? {
        table(for: decoder, kind: PluginKind(decoder.kind), hostABIVersion: hostABIVersion)
    }

    /// Checks `decoder`'s name and formats against the ABI's rules (``PluginABIRules``).
    /// - Throws: ``Problem`` naming the first rule broken.
    public static func check(_ decoder: some SymbologyDecoder) throws(Problem) {
        if let p = PluginABIRules.problem(withName: decoder.name) { throw Problem(description: p) }
        if let p = PluginABIRules.problem(withFormats: decoder.formats.map(\.name)) { throw Problem(description: p) }
    }
}
