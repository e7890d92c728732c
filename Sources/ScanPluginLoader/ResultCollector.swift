import CScanPlugin
import Foundation
import ScanCore
import ScanPluginKit

/// Receives the results of one `decode` call (the host side of `emit` and `error`), checks each one and
/// keeps those that pass as ``ScanCore/Barcode``s.
///
/// A result is dropped, with a problem naming the rule, when its format is not one the plugin declared,
/// its text is not UTF-8 or longer than ``PluginABIRules/maxPayload`` bytes, its byte count is over the
/// same limit (or its bytes are NULL with a count), it has neither text nor bytes, a corner is not finite
/// or lies more than one image width or height outside the image, its symbology identifier is not `]` +
/// letter + letter or digit, or its metadata breaks the header's rules. A result of a declared format
/// that was not asked for is dropped quietly (the registry filters it anyway). After `limit` results
/// `emit` answers `SCANCTL_STOP`; results sent after that are dropped and counted in one problem.
///
/// Used by one call on one thread (the plugin may call back only from the thread running `decode`).
final class ResultCollector {
    private let declared: Set<BarcodeFormat>
    private let wanted: Set<BarcodeFormat>
    private let width: Double
    private let height: Double
    private let limit: Int
    private(set) var results: [Barcode] = []
    private(set) var problems: [String] = []
    private(set) var errorMessage: String?
    private var ignoredStop = 0

    init(plugin: ExternalPlugin, wanted: Set<BarcodeFormat>, width: Int, height: Int, limit: Int) {
        declared = plugin.formats
        self.wanted = wanted
        self.width = Double(width)
        self.height = Double(height)
        self.limit = limit
    }

    /// Problems of the call, the stop-ignoring count folded into one line.
    func finish() -> [String] {
        guard ignoredStop > 0 else { return problems }
        return problems + [
            "\(ignoredStop) result\(ignoredStop == 1 ? "" : "s") sent after emit returned SCANCTL_STOP were dropped"
        ]
    }

    /// `emit`: checks and keeps one result; `SCANCTL_STOP` once `limit` results are kept.
    func accept(_ result: UnsafePointer<scanctl_result>?) -> Int32 {
        guard results.count < limit else {
            ignoredStop += 1
            return SCANCTL_STOP
        }
        guard let result else {
            problems.append("result dropped: emit was called with NULL")
            return SCANCTL_CONTINUE
        }
        do {
            if let code = try barcode(from: result.pointee) { results.append(code) }
        } catch {
            problems.append("result dropped: \(error.description)")
        }
        return results.count < limit ? SCANCTL_CONTINUE : SCANCTL_STOP
    }

    /// `error`: keeps the plugin's reason (the first one, bounded, UTF-8 repaired).
    func noteError(_ message: UnsafePointer<CChar>?) {
        guard errorMessage == nil, let message else { return }
        let length = strnlen(message, 1000)
        let text = String(decoding: UnsafeRawBufferPointer(start: message, count: length), as: UTF8.self)
        errorMessage = text.replacingOccurrences(of: "\n", with: " ")
    }

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The checked barcode, `nil` for a declared format that was not wanted.
    func barcode(from r: scanctl_result) throws(Invalid) -> Barcode? {
        guard let rawFormat = r.format else { throw Invalid(description: "its format is NULL") }
        guard let formatName = PluginLibrary.boundedString(rawFormat, max: PluginABIRules.maxFormatLength) else {
            throw Invalid(description: "its format is not a format name")
        }
        let format = BarcodeFormat(formatName)
        guard declared.contains(format) else {
            throw Invalid(description: "its format '\(formatName)' is not one the plugin declared")
        }
        guard wanted.contains(format) else { return nil }
        var text: String?
        if let rawText = r.text {
            guard let t = PluginLibrary.boundedString(rawText, max: PluginABIRules.maxPayload) else {
                throw Invalid(description: "its text is not UTF-8 or longer than \(PluginABIRules.maxPayload) bytes")
            }
            text = t
        }
        guard r.byte_count <= PluginABIRules.maxPayload else {
            throw Invalid(description: "its byte count \(r.byte_count) is over \(PluginABIRules.maxPayload)")
        }
        var bytes: [UInt8]
        if r.byte_count > 0 {
            guard let p = r.bytes else {
                throw Invalid(description: "its bytes are NULL with a count of \(r.byte_count)")
            }
            bytes = Array(UnsafeBufferPointer(start: p, count: r.byte_count))
        } else {
            guard let text else { throw Invalid(description: "it has neither text nor bytes") }
            bytes = Array(text.utf8)
        }
        let corners = try checkedCorners(r.corners)
        guard let rawIdentifier = r.symbology_identifier else {
            throw Invalid(description: "its symbology identifier is NULL")
        }
        let identifier = PluginLibrary.boundedString(rawIdentifier, max: 3) ?? "?"
        if let p = PluginABIRules.problem(withSymbologyIdentifier: identifier) { throw Invalid(description: p) }
        let metadata = try checkedMetadata(r.metadata)
        let direction = corners[1] - corners[0]
        // Barcode keeps it in [0, 360).
        let orientation = atan2(direction.y, direction.x) * 180 / .pi
        return Barcode(
            format: format, rawValue: text, rawBytes: bytes, cornerPoints: corners, symbologyIdentifier: identifier,
            orientation: orientation, metadata: metadata
        ).withTypedFactsFromMetadata()
    }

    /// The four corners, each finite and within one image size of the image.
    func checkedCorners(_ c: (scanctl_point, scanctl_point, scanctl_point, scanctl_point)) throws(Invalid) -> [Point] {
        let points = [c.0, c.1, c.2, c.3].map { Point($0.x, $0.y) }
        for (i, p) in points.enumerated() {
            guard p.x.isFinite, p.y.isFinite else { throw Invalid(description: "corner \(i) is not a finite point") }
            guard p.x >= -width, p.x <= 2 * width, p.y >= -height, p.y <= 2 * height else {
                throw Invalid(
                    description: "corner \(i) (\(p.x), \(p.y)) is far outside the \(Int(width))x\(Int(height)) image")
            }
        }
        return points
    }

    /// The metadata pairs of a NULL-terminated key, value, … list.
    func checkedMetadata(_ list: UnsafePointer<UnsafePointer<CChar>?>?) throws(Invalid) -> [String: String] {
        guard let list else { return [:] }
        var out: [String: String] = [:]
        var i = 0
        while let rawKey = list[i] {
            guard out.count < PluginABIRules.maxMetadata else {
                throw Invalid(description: "it has more than \(PluginABIRules.maxMetadata) metadata pairs")
            }
            guard let rawValue = list[i + 1] else {
                throw Invalid(description: "its metadata key \(i / 2) has no value")
            }
            let key = PluginLibrary.boundedString(rawKey, max: PluginABIRules.maxMetadataKeyLength) ?? ""
            if let p = PluginABIRules.problem(withMetadataKey: key) { throw Invalid(description: p) }
            guard let value = PluginLibrary.boundedString(rawValue, max: PluginABIRules.maxMetadataLength) else {
                throw Invalid(
                    description: "the value of metadata '\(key)' is not UTF-8 or longer than "
                        + "\(PluginABIRules.maxMetadataLength) bytes")
            }
            out[key] = value
            i += 2
        }
        return out
    }
}
