/// What a walk over a JPEG's marker segments finds, without decoding anything.
///
/// Segments are read from SOI up to the first SOS (start of scan); after it only the EOI marker `FF D9` is
/// looked for (entropy-coded data cannot contain it: a data byte `FF` is always followed by `00` or a
/// restart marker `D0`…`D7`).
struct JPEGStructure {
    /// Payload of the first APP1 segment that starts with `Exif\0\0` (without the marker and length).
    var exif: ArraySlice<UInt8>?
    /// The transform flag of an Adobe APP14 segment (`Adobe` …: 0 none/CMYK, 1 YCbCr, 2 YCCK), nil without one.
    /// Its presence also says that CMYK samples are stored inverted (0 = full ink), as Adobe writes them.
    var adobeTransform: UInt8?
    /// Whether the walk reached an SOS segment whole (all tables and the frame header are present).
    var reachedScan = false
    /// Whether an EOI marker follows the first scan.
    var hasEnd = false

    init(_ data: [UInt8]) {
        var offset = 2  // after SOI
        while offset + 1 < data.count {
            guard data[offset] == 0xFF else { return }  // not a marker: let libjpeg report it
            let marker = data[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {  // TEM, RSTn, SOI: no length
                offset += 2
                continue
            }
            if marker == 0xD9 { return }  // EOI before any scan
            guard offset + 4 <= data.count else { return }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            let end = offset + 2 + length
            guard length >= 2, end <= data.count else { return }
            if marker == 0xE1 && exif == nil {
                let payload = data[(offset + 4)..<end]
                if payload.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { exif = payload }
            }
            if marker == 0xEE && adobeTransform == nil {
                let payload = data[(offset + 4)..<end]
                if payload.count >= 12 && payload.starts(with: Array("Adobe".utf8)) {
                    adobeTransform = payload[payload.startIndex + 11]
                }
            }
            if marker == 0xDA {
                reachedScan = true
                var index = end
                while index + 1 < data.count {
                    if data[index] == 0xFF && data[index + 1] == 0xD9 {
                        hasEnd = true
                        return
                    }
                    index += 1
                }
                return
            }
            offset = end
        }
    }
}
