import CScanPlugin
import ScanCore

extension DecodeOptions {
    /// The options a host passed to a plugin's `decode`, for `decoder`: the wanted formats it serves (at
    /// most ``PluginABIRules/maxFormats`` names are read from the list), and the host's knobs. Inversion
    /// and downscaling stay off: they are passes the host runs itself, calling `decode` again.
    init(_ abi: scanctl_options, servedBy decoder: some SymbologyDecoder) {
        self.init()
        var wanted: Set<BarcodeFormat> = []
        if let list = abi.formats {
            var i = 0
            while i < PluginABIRules.maxFormats, let name = list[i] {
                wanted.insert(BarcodeFormat(String(cString: name)))
                i += 1
            }
        }
        formats = wanted.intersection(decoder.formats)
        tryHarder = abi.try_harder != 0
        tryRotate = abi.try_rotate != 0
        pure = abi.pure != 0
        searchWholeFrame = abi.search_whole_frame != 0
        maxSymbols = max(0, Int(abi.max_symbols))
        minLineAgreement = max(1, Int(abi.min_line_agreement))
        binarizer = abi.binarizer == 1 ? .globalHistogram : .local
        tryInvert = false
        tryDownscale = false
    }
}
