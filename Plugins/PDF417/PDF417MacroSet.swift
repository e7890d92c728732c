import ScanCore

/// Joins the symbols of a Macro PDF417 file (ISO/IEC 15438:2015, Macro PDF417 annex) into one payload.
///
/// ```swift
/// let codes = decoder.decode(frame, options: options)       // three symbols of one file, any order
/// let file = PDF417MacroSet.merge(codes)                      // bytes of segments 0, 1, 2 concatenated
/// ```
///
/// A set is complete when its members share a file id, their segment indices run 0…n−1 without gap, and
/// the last one carries the terminator (or the optional segment count says n). Duplicates (the same
/// segment read twice) are tolerated.
public enum PDF417MacroSet {
    /// The merged bytes and text of every complete set among `codes`, keyed by file id.
    public struct File: Sendable, Equatable {
        public var fileID: String
        public var bytes: [UInt8]
        public var text: String?
        public var segmentCount: Int
        public var fileName: String?
    }

    /// Complete files found among `codes` (PDF417 results carrying `metadata["macro_file_id"]`).
    public static func merge(_ codes: [Barcode]) -> [File] {
        var byFile: [String: [Int: Barcode]] = [:]
        for c in codes where c.format == .pdf417 {
            guard let id = c.metadata["macro_file_id"], let s = c.metadata["macro_segment_index"], let index = Int(s)
            else { continue }
            byFile[id, default: [:]][index] = c
        }
        var files: [File] = []
        for (id, segments) in byFile.sorted(by: { $0.key < $1.key }) {
            let count =
                segments.values.compactMap { $0.metadata["macro_segment_count"].flatMap { Int($0) } }.first
                ?? segments.values.first(where: { $0.metadata["macro_last_segment"] == "true" })
                .flatMap { Int($0.metadata["macro_segment_index"] ?? "") }.map { $0 + 1 }
            guard let n = count, n > 0, (0..<n).allSatisfy({ segments[$0] != nil }) else { continue }
            let parts = (0..<n).compactMap { segments[$0] }
            var text: String? = ""
            for p in parts { if let t = p.rawValue, text != nil { text! += t } else { text = nil } }
            files.append(
                File(
                    fileID: id, bytes: parts.flatMap(\.rawBytes), text: text, segmentCount: n,
                    fileName: parts.compactMap { $0.metadata["macro_file_name"] }.first))
        }
        return files
    }
}
