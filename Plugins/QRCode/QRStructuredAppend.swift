import ScanCore

/// Merging the symbols of a structured-append set (ISO/IEC 18004:2015 §8).
///
/// ```swift
/// if let whole = QRStructuredAppend.merge(results) { print(whole.rawValue ?? "") }
/// ```
///
/// Up to 16 symbols carry a header with their position, the set's size and a parity byte — the XOR of
/// all the set's data bytes — that every symbol of the set repeats. The merged value is the symbols'
/// data in position order: `rawBytes` concatenated, `rawValue` concatenated (`nil` when a part has no
/// text). The parity (the set's `id`) has to agree between the parts; it is not recomputed, because
/// encoders differ in which bytes they XOR (before or after character-set conversion).
public enum QRStructuredAppend {
    /// The merged barcode when `parts` hold exactly one symbol for each position 0..<count of one set
    /// (same count and id); `nil` otherwise. Duplicates of a position with the same bytes are ignored.
    /// The result keeps the first part's format and flags, has no corner points and no
    /// `structuredAppend`, and `metadata["structured_append_count"]`.
    public static func merge(_ parts: [Barcode]) -> Barcode? {
        let members = parts.compactMap { p in p.structuredAppend.map { (p, $0) } }
        guard let first = members.first else { return nil }
        let count = first.1.count, id = first.1.id
        guard count >= 1, count <= 16 else { return nil }
        var slots = [Barcode?](repeating: nil, count: count)
        for (p, sa) in members {
            guard sa.count == count, sa.id == id, sa.index >= 0, sa.index < count else { return nil }
            if let existing = slots[sa.index] {
                guard existing.rawBytes == p.rawBytes else { return nil }
            } else {
                slots[sa.index] = p
            }
        }
        let ordered = slots.compactMap { $0 }
        guard ordered.count == count else { return nil }
        let bytes = ordered.flatMap(\.rawBytes)
        let texts = ordered.map(\.rawValue)
        let text: String? = texts.contains(where: { $0 == nil }) ? nil : texts.compactMap { $0 }.joined()
        var merged = first.0
        merged.rawBytes = bytes
        merged.rawValue = text
        merged.displayValue = text ?? ""
        merged.cornerPoints = []
        merged.structuredAppend = nil
        merged.metadata["structured_append_count"] = String(count)
        return merged
    }

    /// The structured-append parity of `bytes`: the XOR of all of them (§8).
    public static func parity(_ bytes: [UInt8]) -> Int { Int(bytes.reduce(0, ^)) }
}
