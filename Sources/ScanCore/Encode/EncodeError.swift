/// Why an encoder could not make a symbol. The description is a sentence for people, naming the value at
/// fault (`payload needs 1234 bits; version 5-H holds 368`).
public struct EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake it is.
    public enum Kind: Sendable, Equatable {
        /// The payload does not fit the largest symbol, or the fixed version asked for.
        case tooLong
        /// The payload holds a character or byte the symbology cannot encode, or is empty.
        case invalidPayload
        /// A GS1 string is malformed (HRI syntax, AI, fixed length).
        case invalidGS1
        /// An option is out of range or does not apply (unknown level, version 41, mask 9).
        case invalidOption
        /// No encoder serves the format asked for.
        case unsupportedFormat
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
