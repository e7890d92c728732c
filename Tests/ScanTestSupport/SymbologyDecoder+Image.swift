import ScanCore

extension SymbologyDecoder {
    /// The symbols the decoder finds in the whole of `image`, with the default ``DecodeOptions`` as
    /// `configure` changes them.
    ///
    /// ```swift
    /// let found = Code39Decoder().decode(image) { $0.tryRotate = true }
    /// ```
    public func decode(_ image: LuminanceImage, _ configure: (inout DecodeOptions) -> Void = { _ in }) -> [Barcode] {
        var options = DecodeOptions()
        configure(&options)
        return decode(FrameContext(image: image), options: options)
    }
}
