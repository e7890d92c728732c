import Foundation

extension Barcode {
    /// The payload as text in the form barcode readers print by default: a GS1 element string
    /// (``ValueType/gs1``) in its human-readable interpretation, application identifiers in parentheses
    /// and no FNC1 or GS separators (GS1 General Specifications, 4.15), as `display_value` holds it;
    /// any other payload as ``rawValue``. Nil where ``rawValue`` is nil (a payload that is not text).
    public var text: String? {
        guard rawValue != nil else { return nil }
        return valueType == .gs1 ? displayValue : rawValue
    }

    /// The result as the JSON object `scanctl decode --json` prints and session outputs extend:
    /// snake_case keys `format`, `raw_value` (string or null), `raw_bytes` (base64), `text` (``text``),
    /// `display_value`,
    /// `value_type`, `value` (the parsed value object, or null before parsing), `corner_points` ([[x, y] × 4], pixels), `bounding_box` ({x, y, width, height}, pixels),
    /// `symbology_identifier`, `error_correction_level`, `orientation` (degrees), `is_mirrored`,
    /// `is_inverted`, `structured_append` ({index, count, id} or null) and `metadata` (string map; with
    /// ``addOn`` as `addon` and ``upcA`` as `upca` when set).
    public var jsonObject: [String: JSONValue] {
        var o: [String: JSONValue] = [
            "format": .string(format.name),
            "raw_value": rawValue.map(JSONValue.string) ?? .null,
            "raw_bytes": .string(Data(rawBytes).base64EncodedString()),
            "text": text.map(JSONValue.string) ?? .null,
            "display_value": .string(displayValue),
            "value_type": .string(valueType.name),
            "value": value ?? .null,
            "corner_points": .array(cornerPoints.map { .array([.number($0.x), .number($0.y)]) }),
            "symbology_identifier": .string(symbologyIdentifier),
            "error_correction_level": errorCorrectionLevel.map(JSONValue.string) ?? .null,
            "orientation": .number(orientation),
            "is_mirrored": .bool(isMirrored),
            "is_inverted": .bool(isInverted),
            "metadata": .object(metadataWithTypedFacts.mapValues(JSONValue.string)),
        ]
        let box = boundingBox
        o["bounding_box"] = .object([
            "x": .number(box.x), "y": .number(box.y), "width": .number(box.width), "height": .number(box.height),
        ])
        if let sa = structuredAppend {
            o["structured_append"] = .object([
                "index": .number(Double(sa.index)), "count": .number(Double(sa.count)), "id": .string(sa.id),
            ])
        } else {
            o["structured_append"] = .null
        }
        return o
    }
}

/// A JSON value with a compact, deterministic serialisation (object keys sorted; integral numbers
/// without a fraction; others in the shortest form that reads back exactly), used for every JSON line scanctl prints.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value serialised on one line.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, key) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                o[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)  // the shortest text that reads back as the same Double
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // C0 controls must be escaped; DEL, C1 controls and the Unicode line/paragraph
                // separators are escaped too, so that no reader splitting lines on them (Python's
                // str.splitlines, JavaScript before ES2019) breaks a JSON line apart.
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) || scalar.value == 0x2028
                    || scalar.value == 0x2029
                {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
