import Foundation
import ScanCore

extension RegionOfInterest {
    /// Decodes only this part of `image` with `registry`; corner points come back in pixels of the whole
    /// image (the region's origin added).
    public func decode(_ image: LuminanceImage, registry: DecoderRegistry, options: DecodeOptions) -> [Barcode] {
        let r = pixelRect(frameWidth: image.width, frameHeight: image.height)
        guard let crop = try? image.cropped(x: r.x, y: r.y, width: r.width, height: r.height) else { return [] }
        let offset = Point(Double(r.x), Double(r.y))
        return registry.decode(FrameContext(image: crop), options: options).map { code in
            var code = code
            code.cornerPoints = code.cornerPoints.map { $0 + offset }
            return code
        }
    }

    /// What is wrong with this region, field by field (`x`, `y`, `width`, `height`): every field must lie
    /// in [0, 1], width and height must be positive, and `x + width`, `y + height` at most 1. Empty when
    /// the region is inside the frame.
    public var problems: [(field: String, message: String)] {
        var out: [(field: String, message: String)] = []
        for (key, value) in [("x", x), ("y", y), ("width", width), ("height", height)] {
            if let message = Self.problem(field: key, value: value) { out.append((key, message)) }
        }
        guard out.isEmpty else { return out }
        if x + width > 1 + 1e-9 {
            out.append(("width", "region_of_interest x + width is \(x + width), past the right edge (1)"))
        }
        if y + height > 1 + 1e-9 {
            out.append(("height", "region_of_interest y + height is \(y + height), past the bottom edge (1)"))
        }
        return out
    }

    /// What is wrong with one field on its own (`x`, `y`, `width` or `height`), or nil: it must lie in
    /// [0, 1], and width and height must be positive.
    public static func problem(field key: String, value: Double) -> String? {
        if value < 0 || value > 1 {
            return "region_of_interest '\(key)' is \(value), outside [0, 1] (fractions of the frame)"
        }
        if (key == "width" || key == "height") && value == 0 {
            return "region_of_interest '\(key)' must be greater than 0"
        }
        return nil
    }

    /// `x,y,width,height` as four fractions of the frame (`0.25,0.25,0.5,0.5`), or nil when the text is
    /// not four numbers.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
            [x, y, w, h].allSatisfy(\.isFinite)
        else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }
}
