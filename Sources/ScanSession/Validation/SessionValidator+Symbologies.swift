import ScanCore

/// Reports symbologies no plugin serves: an unknown name is an error; one of the 14 standard formats
/// without a plugin in this build is a warning (the session runs, but will never report it).
public struct SymbologyValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var out: [ValidationFinding] = []
        let served = context.pluginFormats
        let known = served.union(BarcodeFormat.standard)
        for connection in config.connections {
            for item in connection.symbologies {
                if !known.contains(item.value) {
                    let names = known.sorted().map(\.name).joined(separator: ", ")
                    out.append(ValidationFinding(item.mark, "unknown symbology '\(item.value.name)'; known: \(names)"))
                } else if !served.contains(item.value) {
                    out.append(
                        ValidationFinding(
                            item.mark,
                            "no plugin in this build reads '\(item.value.name)' yet; it will not be reported",
                            severity: .warning))
                }
            }
        }
        return out
    }
}
