/// Merging the symbols of a structured-append set, for every symbology that has one (QR Code
/// ISO/IEC 18004 §8, Data Matrix ISO/IEC 16022 §5.6, Aztec, PDF417 macro).
extension StructuredAppend {
    /// The merged barcode when `parts` hold exactly one symbol for each position 0..<count of one set
    /// (same count and id, count ≤ `maxCount`); `nil` otherwise. Duplicates of a position with the same
    /// bytes are ignored. The result keeps the first part's format and flags, has no corner points and no
    /// `structuredAppend`, its bytes and text are the parts' in position order (text `nil` when a part
    /// has none), and `metadata["structured_append_count"]` is set.
    ///
    /// ```swift
    /// if let whole = StructuredAppend.merge(results) { print(whole.rawValue ?? "") }
    /// ```
    public static func merge(_ parts: [Barcode], maxCount: Int = 16) -> Barcode? {
        let members = parts.compactMap { p in p.structuredAppend.map { (p, $0) } }
        guard let first = members.first else { return nil }
        let count = first.1.count
        let id = first.1.id
        guard count >= 1, count <= maxCount else { return nil }
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
        let texts = ordered.map(\.rawValue)
        let text: String? = texts.contains(where: { $0 == nil }) ? nil : texts.compactMap { $0 }.joined()
        var merged = first.0
        merged.rawBytes = ordered.flatMap(\.rawBytes)
        merged.rawValue = text
        merged.displayValue = text ?? ""
        merged.cornerPoints = []
        merged.structuredAppend = nil
        merged.metadata["structured_append_count"] = String(count)
        return merged
    }
}
