import CScanPlugin
import ScanCore
import ScanPluginKit

/// A plugin loaded at run time from a shared library, as an ordinary ``ScanCore/SymbologyDecoder``.
///
/// ```swift
/// var registry = BuiltinPlugins.registry()
/// let plugin = try registry.loadPlugin(at: "/usr/lib/scanctl/plugins/libMSIPlessey.so")
/// plugin.name      // "msi-plessey"
/// plugin.formats   // ["msi"]
/// ```
///
/// `decode` hands the frame's luminance plane to the library's `decode` (`include/scanctl_plugin.h`) and
/// checks every result before it becomes a ``ScanCore/Barcode``; what fails a check is dropped and
/// reported through the plugin's diagnostics (``PluginDiagnostics``), so a plugin returning garbage never
/// takes a session down. A plugin that reports an error keeps the results it emitted before.
public struct ExternalPlugin: SymbologyDecoder {
    /// The name the plugin gave itself (`msi-plessey`).
    public let name: String
    /// The formats the plugin declared.
    public let formats: Set<BarcodeFormat>
    /// The kind the plugin declared (linear, stacked or matrix), as the ABI spells it.
    public let pluginKind: PluginKind
    /// The kind the registry's passes go by (``ScanCore/SymbologyKind``): which candidate blocks the
    /// plugin's symbols make. Its ``helpfulPasses`` are the protocol's default, all of them (the registry
    /// has no better knowledge of a plugin it did not build).
    public var kind: SymbologyKind { pluginKind.symbologyKind }
    /// The library as the user named it (`--plugin`, `plugins:` or a plugin folder's entry).
    public let path: String
    /// The library's absolute path with symbolic links resolved: one library is loaded once.
    public let resolvedPath: String

    let handle: PluginHandle
    let diagnostics: PluginDiagnostics
    /// Each declared format's name as a C string, for the `formats` list of each call.
    let formatNames: FormatNames

    init(table: PluginLibrary.Table, path: String, resolvedPath: String, diagnostics: PluginDiagnostics) {
        name = table.name
        formats = Set(table.formats.map { BarcodeFormat($0) })
        pluginKind = table.kind
        self.path = path
        self.resolvedPath = resolvedPath
        handle = table.handle
        self.diagnostics = diagnostics
        formatNames = FormatNames(table.formats)
    }

    public func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] {
        let wanted = formats.filter(options.wants).sorted()
        let image = frame.image
        guard !wanted.isEmpty, image.width > 0, image.height > 0,
            let width = Int32(exactly: image.width), let height = Int32(exactly: image.height),
            let stride = Int32(exactly: image.stride)
        else { return [] }
        let limit = min(options.maxSymbols > 0 ? options.maxSymbols : .max, PluginABIRules.maxResults)
        let collector = ResultCollector(
            plugin: self, wanted: Set(wanted), width: image.width, height: image.height, limit: limit)
        var list: [UnsafePointer<CChar>?] = wanted.map { formatNames.pointer(for: $0) }
        list.append(nil)
        let status: Int32 = list.withUnsafeBufferPointer { formatList in
            var abiOptions = scanctl_options(
                formats: formatList.baseAddress, try_harder: options.tryHarder ? 1 : 0,
                try_rotate: options.tryRotate ? 1 : 0, pure: options.pure ? 1 : 0,
                search_whole_frame: options.searchWholeFrame ? 1 : 0, max_symbols: Int32(clamping: options.maxSymbols),
                min_line_agreement: Int32(clamping: max(1, options.minLineAgreement)),
                binarizer: options.binarizer == .globalHistogram ? 1 : 0)
            var host = scanctl_host(
                context: Unmanaged.passUnretained(collector).toOpaque(),
                emit: { context, result in
                    guard let context else { return SCANCTL_STOP }
                    return Unmanaged<ResultCollector>.fromOpaque(context).takeUnretainedValue().accept(result)
                },
                error: { context, message in
                    guard let context else { return }
                    Unmanaged<ResultCollector>.fromOpaque(context).takeUnretainedValue().noteError(message)
                })
            return image.storage.withUnsafeBufferPointer { pixels in
                guard let base = pixels.baseAddress, let decode = handle.table.decode else { return SCANCTL_ERROR }
                return withExtendedLifetime(collector) {
                    decode(handle.table.context, base + image.offset, width, height, stride, &abiOptions, &host)
                }
            }
        }
        if status != SCANCTL_OK {
            diagnostics.report("decode failed: \(collector.errorMessage ?? "the plugin gave no reason")")
        }
        for problem in collector.finish() { diagnostics.report(problem) }
        return collector.results
    }
}

/// The C strings of a plugin's format names, allocated once per loaded plugin.
final class FormatNames: @unchecked Sendable {
    /// Never written after `init`.
    private let pointers: [BarcodeFormat: UnsafeMutablePointer<CChar>]

    init(_ names: [String]) {
        var p: [BarcodeFormat: UnsafeMutablePointer<CChar>] = [:]
        for name in names {
            let bytes = Array(name.utf8)
            let s = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { s[i] = CChar(bitPattern: b) }
            s[bytes.count] = 0
            p[BarcodeFormat(name)] = s
        }
        pointers = p
    }

    deinit { for s in pointers.values { s.deallocate() } }

    func pointer(for format: BarcodeFormat) -> UnsafePointer<CChar>? { pointers[format].map { UnsafePointer($0) } }
}
