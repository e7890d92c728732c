import CScanPlugin

/// The rules of `include/scanctl_plugin.h` for names and values crossing the plugin boundary, in one
/// place for both sides: the host (ScanPluginLoader) refuses what breaks them, and ScanPluginKit checks
/// a decoder against them before exporting it.
public enum PluginABIRules {
    /// The ABI version this build speaks (`SCANCTL_PLUGIN_ABI_VERSION`).
    public static let abiVersion = UInt32(SCANCTL_PLUGIN_ABI_VERSION)
    /// The entry function's symbol name (`SCANCTL_PLUGIN_ENTRY_SYMBOL`).
    public static let entrySymbol = SCANCTL_PLUGIN_ENTRY_SYMBOL
    /// Longest plugin name, in bytes.
    public static let maxNameLength = Int(SCANCTL_MAX_NAME_LENGTH)
    /// Most formats one plugin may declare.
    public static let maxFormats = Int(SCANCTL_MAX_FORMATS)
    /// Longest format name, in bytes.
    public static let maxFormatLength = Int(SCANCTL_MAX_FORMAT_LENGTH)
    /// Most results one decode call may deliver.
    public static let maxResults = Int(SCANCTL_MAX_RESULTS)
    /// Most bytes of text, and most payload bytes, per result.
    public static let maxPayload = Int(SCANCTL_MAX_PAYLOAD)
    /// Most metadata pairs per result.
    public static let maxMetadata = Int(SCANCTL_MAX_METADATA)
    /// Longest metadata key or value, in bytes.
    public static let maxMetadataLength = Int(SCANCTL_MAX_METADATA_LENGTH)
    /// Longest metadata key, in bytes.
    public static let maxMetadataKeyLength = 64

    /// Why `name` cannot be a plugin name (1 to 64 characters from `[a-z0-9._-]`), or `nil` when it can.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "the plugin name is empty" }
        if name.utf8.count > maxNameLength { return "the plugin name is longer than \(maxNameLength) bytes" }
        let allowed = name.utf8.allSatisfy {
            isLowerAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
        return allowed ? nil : "the plugin name '\(name)' has characters other than a-z, 0-9, '.', '_' and '-'"
    }

    /// Why `format` cannot be a format name (1 to 32 lower-case letters and digits: the canonical
    /// ``ScanCore/BarcodeFormat`` spelling), or `nil` when it can.
    public static func problem(withFormat format: String) -> String? {
        if format.isEmpty { return "a format name is empty" }
        if format.utf8.count > maxFormatLength {
            return "the format name '\(format)' is longer than \(maxFormatLength) bytes"
        }
        return format.utf8.allSatisfy(isLowerAlphanumeric)
            ? nil : "the format name '\(format)' has characters other than a-z and 0-9"
    }

    /// Why `formats` cannot be a plugin's format list (1 to 32 valid names, no repeats), or `nil`.
    public static func problem(withFormats formats: [String]) -> String? {
        if formats.isEmpty { return "the plugin declares no format" }
        if formats.count > maxFormats { return "the plugin declares more than \(maxFormats) formats" }
        for f in formats { if let p = problem(withFormat: f) { return p } }
        if Set(formats).count != formats.count { return "the plugin declares a format twice" }
        return nil
    }

    /// Why `identifier` is not an ISO/IEC 15424 symbology identifier (`]`, a letter, a letter or digit),
    /// or `nil` when it is one.
    public static func problem(withSymbologyIdentifier identifier: String) -> String? {
        let u = Array(identifier.utf8)
        let ok = u.count == 3 && u[0] == UInt8(ascii: "]") && isLetter(u[1]) && (isLetter(u[2]) || isDigit(u[2]))
        return ok ? nil : "the symbology identifier '\(identifier)' is not ']' + letter + letter or digit"
    }

    /// Why `key` cannot be a metadata key (1 to 64 characters from `[a-z0-9_]`), or `nil`.
    public static func problem(withMetadataKey key: String) -> String? {
        let ok =
            !key.isEmpty && key.utf8.count <= maxMetadataKeyLength
            && key.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "_") }
        return ok
            ? nil : "the metadata key '\(key)' is not 1 to \(maxMetadataKeyLength) characters from a-z, 0-9 and '_'"
    }

    static func isLowerAlphanumeric(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || isDigit(c) }
    static func isLetter(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
