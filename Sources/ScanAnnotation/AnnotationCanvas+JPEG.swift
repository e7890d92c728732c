import ScanImageIO

extension AnnotationCanvas {
    /// The canvas as a JPEG (baseline, 4:2:0) from `encoder` at `quality` (1…100).
    /// - Throws: the encoder's ``JPEGEncoder/Failure``.
    public func jpeg(with encoder: JPEGEncoder, quality: Int) throws(JPEGEncoder.Failure) -> [UInt8] {
        let result: Result<[UInt8], JPEGEncoder.Failure> = withPixels { bytes, stride in
            Result { () throws(JPEGEncoder.Failure) -> [UInt8] in
                try encoder.encode(bytes, width: width, height: height, stride: stride, layout: .bgrx, quality: quality)
            }
        }
        return try result.get()
    }
}
