/// Reports a `region_of_interest` that is not inside the frame: every field must lie in [0, 1], width
/// and height must be positive, and `x + width`, `y + height` at most 1.
public struct RegionOfInterestValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var out: [ValidationFinding] = []
        for connection in config.connections {
            guard let roi = connection.regionOfInterest else { continue }
            let r = roi.value
            let marks = connection.regionMarks
            func at(_ key: String) -> YAMLMark { marks[key] ?? roi.mark }
            var fieldProblem = false
            for (key, value) in [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)] {
                if value < 0 || value > 1 {
                    out.append(
                        ValidationFinding(
                            at(key), "region_of_interest '\(key)' is \(value), outside [0, 1] (fractions of the frame)")
                    )
                    fieldProblem = true
                } else if (key == "width" || key == "height") && value == 0 {
                    out.append(ValidationFinding(at(key), "region_of_interest '\(key)' must be greater than 0"))
                    fieldProblem = true
                }
            }
            if fieldProblem { continue }
            if r.x + r.width > 1 + 1e-9 {
                out.append(
                    ValidationFinding(
                        at("width"), "region_of_interest x + width is \(r.x + r.width), past the right edge (1)"))
            }
            if r.y + r.height > 1 + 1e-9 {
                out.append(
                    ValidationFinding(
                        at("height"), "region_of_interest y + height is \(r.y + r.height), past the bottom edge (1)"))
            }
        }
        return out
    }
}
