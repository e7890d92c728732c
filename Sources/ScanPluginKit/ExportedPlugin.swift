import CScanPlugin
import ScanCore

/// One exported table and everything it points to: the context behind `scanctl_plugin.context`.
///
/// Made by ``PluginExport/table(for:kind:hostABIVersion:)``; retained by the table's context pointer
/// until the host calls `destroy`, which releases it and frees the table and its strings. Immutable after
/// creation, so `decode` may run on several threads at once (the decoder is `Sendable`).
final class ExportedPlugin: @unchecked Sendable {
    let decoder: any SymbologyDecoder
    /// The table handed to the host.
    let table: UnsafeMutablePointer<scanctl_plugin>
    /// `name`, then each format, as C strings owned here.
    private let strings: [UnsafeMutablePointer<CChar>]
    /// The NULL-terminated format list the table points to.
    private let formatList: UnsafeMutablePointer<UnsafePointer<CChar>?>

    private init(_ decoder: any SymbologyDecoder, kind: PluginKind) {
        self.decoder = decoder
        let formats = decoder.formats.sorted().map(\.name)
        strings = ([decoder.name] + formats).map { ExportedPlugin.copy($0) }
        formatList = .allocate(capacity: formats.count + 1)
        for i in formats.indices { formatList[i] = UnsafePointer(strings[i + 1]) }
        formatList[formats.count] = nil
        table = .allocate(capacity: 1)
        table.initialize(
            to: scanctl_plugin(
                abi_version: PluginABIRules.abiVersion, kind: kind.abiValue, name: UnsafePointer(strings[0]),
                formats: UnsafePointer(formatList), context: nil,
                decode: { context, luminance, width, height, stride, options, host in
                    ExportedPlugin.decode(context, luminance, width, height, stride, options, host)
                },
                destroy: { context in
                    guard let context else { return }
                    Unmanaged<ExportedPlugin>.fromOpaque(context).release()
                }))
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
        formatList.deallocate()
        for s in strings { s.deallocate() }
    }

    /// A new exported plugin whose table's context retains it; returns the table.
    static func make(_ decoder: any SymbologyDecoder, kind: PluginKind) -> UnsafeMutablePointer<scanctl_plugin> {
        let plugin = ExportedPlugin(decoder, kind: kind)
        plugin.table.pointee.context = Unmanaged.passRetained(plugin).toOpaque()
        return plugin.table
    }

    /// A NUL-terminated copy of `text` (freed with `deallocate()`).
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = Array(text.utf8)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        return p
    }

    /// The table's `decode`: checks the call, runs the decoder, emits the results of wanted formats.
    static func decode(
        _ context: UnsafeMutableRawPointer?, _ luminance: UnsafePointer<UInt8>?, _ width: Int32, _ height: Int32,
        _ stride: Int32, _ options: UnsafePointer<scanctl_options>?, _ host: UnsafePointer<scanctl_host>?
    ) -> Int32 {
        guard let host = host?.pointee else { return SCANCTL_ERROR }
        func fail(_ message: String) -> Int32 {
            message.withCString { host.error?(host.context, $0) }
            return SCANCTL_ERROR
        }
        guard let context else { return fail("decode was called without the table's context") }
        let plugin = Unmanaged<ExportedPlugin>.fromOpaque(context).takeUnretainedValue()
        guard let luminance, width > 0, height > 0, stride >= width else {
            return fail("decode was called with an invalid plane (\(width)x\(height), stride \(stride))")
        }
        guard let options = options?.pointee, let emit = host.emit else {
            return fail("decode was called without options or an emit function")
        }
        let w = Int(width)
        let h = Int(height)
        let s = Int(stride)
        let storage = [UInt8](UnsafeBufferPointer(start: luminance, count: (h - 1) * s + w))
        let image = LuminanceImage(storage: storage, width: w, height: h, stride: s)
        let decodeOptions = DecodeOptions(options, servedBy: plugin.decoder)
        guard !decodeOptions.formats.isEmpty else { return SCANCTL_OK }
        for code in plugin.decoder.decode(FrameContext(image: image), options: decodeOptions)
        where decodeOptions.wants(code.format) {
            if code.withResult({ emit(host.context, $0) }) == SCANCTL_STOP { break }
        }
        return SCANCTL_OK
    }
}
