import Foundation
import ScanCore
import ScanValues
import Testing

/// The payloads of the shared synthetic corpus (`../shared/corpus/synthetic/manifest.jsonl`, beside the
/// package) get the value type their `payload_kind` names. Skipped when the corpus is not there.
@Suite struct CorpusPayloadTests {
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "shared/corpus/synthetic/manifest.jsonl")

    static let expected: [String: String] = [
        "url": "url", "wifi": "wifi", "vcard": "contact_info", "mecard": "contact_info", "geo": "geo",
        "tel": "phone", "mailto": "email", "sms": "sms", "gs1": "gs1",
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: manifest.path)))
    func payloadKindsGetTheirValueType() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        var checked = 0
        var byKind: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let codes = row["codes"] as? [[String: Any]]
            else { continue }
            for c in codes {
                guard let kind = c["payload_kind"] as? String, let payload = c["text"] as? String,
                    let formatName = c["format"] as? String
                else { continue }
                let format = BarcodeFormat(formatName)
                var raw = payload
                var identifier = "]Q1"
                if kind == "gs1" {
                    identifier = format == .code128 ? "]C1" : format == .datamatrix ? "]d2" : "]Q3"
                    raw = String(decoding: hexBytes(c["bytes"] as? String ?? ""), as: UTF8.self)
                }
                let p = ValueParser.parse(barcode(raw, format: format, identifier: identifier))
                if let want = Self.expected[kind] {
                    #expect(p.valueType.name == want, "\(kind) \(payload.debugDescription) → \(p.value)")
                    if kind == "gs1" { #expect(p.displayValue == payload) }
                } else if kind == "gtin", [BarcodeFormat.ean13, .ean8, .upca, .upce].contains(format) {
                    let isbn = format == .ean13 && (payload.hasPrefix("978") || payload.hasPrefix("979"))
                    #expect(p.valueType == (isbn ? .isbn : .product), "\(payload)")
                } else {
                    continue
                }
                checked += 1
                byKind[kind, default: 0] += 1
            }
        }
        #expect(checked > 500)
        #expect(byKind.count == 10)
    }

    func hexBytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = hex.utf8.makeIterator()
        while let a = it.next(), let b = it.next() {
            out.append(UInt8(String(decoding: [a, b], as: UTF8.self), radix: 16) ?? 0)
        }
        return out
    }
}
