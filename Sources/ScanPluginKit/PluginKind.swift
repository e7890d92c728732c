import CScanPlugin
import ScanCore

/// What kind of symbology a run-time plugin reads (`scanctl_kind` in `include/scanctl_plugin.h`), so the
/// host can choose the passes that help it (inverted image, downscaled copies) as for built-in plugins.
public enum PluginKind: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    /// One row of bars read along scan lines (Code 11, MSI Plessey, Telepen).
    case linear = 1
    /// Rows of linear codewords stacked on each other (PDF417, Codablock).
    case stacked = 2
    /// A two-dimensional grid of modules (QR Code, Data Matrix, Aztec).
    case matrix = 3

    /// The ABI's value for a kind in the core's terms.
    public init(_ kind: SymbologyKind) {
        switch kind {
        case .linear: self = .linear
        case .stacked: self = .stacked
        case .matrix: self = .matrix
        }
    }

    /// The same kind in the core's terms.
    public var symbologyKind: SymbologyKind {
        switch self {
        case .linear: return .linear
        case .stacked: return .stacked
        case .matrix: return .matrix
        }
    }

    /// The lower-case name used in listings (`linear`, `stacked`, `matrix`).
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .stacked: return "stacked"
        case .matrix: return "matrix"
        }
    }

    /// The value as the C table carries it.
    public var abiValue: UInt32 {
        switch self {
        case .linear: return SCANCTL_KIND_LINEAR.rawValue
        case .stacked: return SCANCTL_KIND_STACKED.rawValue
        case .matrix: return SCANCTL_KIND_MATRIX.rawValue
        }
    }

    /// The kind a table's `kind` field names, or `nil` for a value the ABI does not define.
    public init?(abiValue: UInt32) {
        guard let k = PluginKind.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = k
    }
}
