import ScanCore

/// `geo`: a place as a `geo:` URI (RFC 5870), `geo:lat,lng[,altitude][;u=…][;crs=…][?q=query]`.
///
/// ```swift
/// GeoValue.parse("geo:48.2010,16.3695,183?q=Stephansplatz")
/// // {"lat": 48.201, "lng": 16.3695, "altitude": 183, "query": "Stephansplatz", "uncertainty": null}
/// ```
///
/// Latitude must lie in −90…90 and longitude in −180…180; otherwise the payload is `text`. The display
/// value is `lat,lng` as written.
enum GeoValue {
    static func parse(_ s: String) -> ParsedOutcome {
        let (main, query) = s.afterScheme().splitOnce("?")
        let parts = main.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let coords = (parts.first ?? "").split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingEdges()
        }
        guard coords.count == 2 || coords.count == 3, let lat = number(coords[0]), let lng = number(coords[1])
        else { return .malformed("geo: without latitude,longitude") }
        guard (-90...90).contains(lat), (-180...180).contains(lng) else {
            return .malformed("geo: coordinates out of range")
        }
        var altitude: Double?
        if coords.count == 3 {
            guard let a = number(coords[2]) else { return .malformed("geo: altitude is not a number") }
            altitude = a
        }
        var uncertainty: Double?
        var crs: String?
        for p in parts.dropFirst() {
            let (k, v) = p.splitOnce("=")
            switch k.lowercased() {
            case "u": uncertainty = v.flatMap(number)
            case "crs": crs = v
            default: break
            }
        }
        var q: String?
        for (k, v) in queryPairs(query ?? "") where k == "q" { q = v.replacingPlus() }
        let o: [String: JSONValue] = [
            "lat": .number(lat), "lng": .number(lng), "altitude": altitude.map(JSONValue.number) ?? .null,
            "uncertainty": uncertainty.map(JSONValue.number) ?? .null, "crs": .text(crs), "query": .text(q),
        ]
        return .parsed(ParsedValue(valueType: .geo, value: .object(o), displayValue: coords[0] + "," + coords[1]))
    }

    /// A decimal number as RFC 5870 writes it: optional `-`, digits, optional fraction.
    static func number(_ s: String) -> Double? {
        var body = Substring(s)
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty,
            pieces.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            pieces.count == 1 || !pieces[1].isEmpty
        else { return nil }
        return Double(s)
    }
}

extension String {
    /// `+` as space, as HTML forms (and many geo: generators) write queries.
    fileprivate func replacingPlus() -> String { String(map { $0 == "+" ? " " : $0 }) }
}
