/// Reports a `region_of_interest` that is not inside the frame: every field must lie in [0, 1], width
/// and height must be positive, and `x + width`, `y + height` at most 1.
public struct RegionOfInterestValidator: SessionValidator {
    public init() {}
    public func findings(in config: SessionConfig, context: ValidationContext) -> [ValidationFinding] {
        var out: [ValidationFinding] = []
        for connection in config.connections {
            guard let roi = connection.regionOfInterest else { continue }
            let marks = connection.regionMarks
            for problem in roi.value.problems {
                out.append(ValidationFinding(marks[problem.field] ?? roi.mark, problem.message))
            }
        }
        return out
    }
}
