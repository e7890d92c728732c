import CScanPlugin
import ScanCore

extension Barcode {
    /// Calls `body` with this barcode as a `scanctl_result` whose strings and bytes live for the call.
    ///
    /// Text holding a NUL character cannot cross as a C string: such a payload goes as bytes only (`text`
    /// NULL). Metadata (with ``Barcode/addOn`` and ``Barcode/upcA`` under their keys,
    /// ``Barcode/metadataWithTypedFacts``) is sent sorted by key, at most ``PluginABIRules/maxMetadata`` pairs.
    func withResult(_ body: (UnsafePointer<scanctl_result>) -> Int32) -> Int32 {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { for s in strings { s.deallocate() } }
        func c(_ text: String) -> UnsafePointer<CChar> {
            let p = ExportedPlugin.copy(text)
            strings.append(p)
            return UnsafePointer(p)
        }
        let pairs = metadataWithTypedFacts.sorted { $0.key < $1.key }.prefix(PluginABIRules.maxMetadata)
        var metadataList: [UnsafePointer<CChar>?] = pairs.flatMap { [c($0.key), c($0.value)] }
        metadataList.append(nil)
        let text = rawValue.flatMap { $0.utf8.contains(0) ? nil : c($0) }
        let payload = rawBytes.isEmpty && text == nil ? Array((rawValue ?? "").utf8) : rawBytes
        let corners = (0..<4).map { i in
            i < cornerPoints.count ? scanctl_point(x: cornerPoints[i].x, y: cornerPoints[i].y) : scanctl_point()
        }
        let format = c(self.format.name)
        let identifier = c(symbologyIdentifier)
        return payload.withUnsafeBufferPointer { bytes in
            metadataList.withUnsafeBufferPointer { meta in
                var result = scanctl_result(
                    format: format, text: text, bytes: bytes.baseAddress, byte_count: bytes.count,
                    corners: (corners[0], corners[1], corners[2], corners[3]), symbology_identifier: identifier,
                    metadata: pairs.isEmpty ? nil : meta.baseAddress)
                return withUnsafePointer(to: &result) { body($0) }
            }
        }
    }
}
