/// What a matrix symbol's data codewords say: the payload and the facts its bit stream states, in the
/// terms the matrix symbologies share (QR Code ISO/IEC 18004 §7.4, Data Matrix ISO/IEC 16022 §5.2,
/// Aztec Code ISO/IEC 24778, PDF417 ISO/IEC 15438 §5.4).
///
/// ```swift
/// var content = DecodedContent()
/// content.bytes = Array("Hello".utf8)
/// content.text = "Hello"
/// content.symbologyIdentifier = "]Q1"
/// let code = Barcode(format: .qrcode, content: content, cornerPoints: corners, isMirrored: false)
/// ```
///
/// Each plugin's bit-stream parser fills one in;
/// ``Barcode/init(format:content:cornerPoints:isMirrored:errorCorrectionLevel:metadata:)`` turns it and the
/// symbol's geometry into the result.
public struct DecodedContent: Sendable, Equatable {
    /// How FNC1 is used.
    public enum FNC1: Sendable, Equatable {
        /// No FNC1: plain data.
        case none
        /// FNC1 in the first position: the data is a GS1 element string.
        case first
        /// FNC1 in the second position: an industry application per AIM, named by its application
        /// indicator (one letter or two digits), which leads the data.
        case second(applicationIndicator: String)

        /// Where FNC1 stands: 0 for none, 1 first, 2 second (the symbology identifier modifiers of
        /// ISO/IEC 15424 count in these steps).
        public var position: Int {
            switch self {
            case .none: return 0
            case .first: return 1
            case .second: return 2
            }
        }
    }

    /// The payload bytes in symbol order, each in its own encoding (the symbology's parser says which:
    /// FNC1 as a field separator is GS 0x1D; ECI designators and control headers add none).
    public var bytes: [UInt8] = []
    /// The payload as text, `nil` when a part is not text in its character set (e.g. ECI 899 binary).
    public var text: String?
    /// The ECI designators met, in order.
    public var ecis: [Int] = []
    /// How FNC1 is used.
    public var fnc1: FNC1 = .none
    /// The symbol's place in a structured-append set (or Macro PDF417 file), when it is one of a set.
    public var structuredAppend: StructuredAppend?
    /// True for a reader-initialisation (reader programming) symbol: a message to the reader itself,
    /// not data to pass on.
    public var readerInitialisation = false
    /// The ISO/IEC 15424 symbology identifier, modifier included (`]Q1`, `]d2`, `]z0`, `]L2`): the
    /// modifier says what the bit stream held (FNC1, ECI, structured append), by each symbology's rules.
    public var symbologyIdentifier = ""
    /// Symbology-specific facts of the bit stream as key/value text (Data Matrix `encodation`, `macro`;
    /// the Macro PDF417 fields), carried into ``Barcode/metadata``.
    public var metadata: [String: String] = [:]

    /// Empty content: no bytes, no text, no ECI, no FNC1.
    public init() {}
}
