import ScanCore

/// A video frame holding one symbol seen from close up (modules of 24 pixels or more), as a webcam or a
/// phone held near a label sees it.
public enum CloseUpFrame {
    /// A white 1280 × 720 frame with `symbol` (a rendering with its quiet zone, dark modules < 128) pasted
    /// with its top-left pixel at `origin`, and a 64 × 64 patch of noise at (40, 40) so that the frame
    /// is not blank (its candidate map has blocks elsewhere).
    ///
    /// Returns the frame and the outer corners of the symbol's dark modules (clockwise from top-left,
    /// frame pixels: the bounding box of the dark pixels, which for QR Code and Data Matrix is the
    /// symbol's outline).
    public static func make(_ symbol: LuminanceImage, origin: (x: Int, y: Int)) -> (
        image: LuminanceImage, corners: [Point]
    ) {
        let noise = LuminanceImage.noise(width: 64, height: 64, seed: 7)
        let image = LuminanceImage.page(width: 1280, height: 720, [(noise, 40, 40), (symbol, origin.x, origin.y)])
        var x0 = symbol.width, y0 = symbol.height, x1 = -1, y1 = -1
        for y in 0..<symbol.height {
            for x in 0..<symbol.width where symbol[x, y] < 128 {
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        let left = Double(origin.x + x0), top = Double(origin.y + y0)
        let right = Double(origin.x + x1 + 1), bottom = Double(origin.y + y1 + 1)
        return (image, [Point(left, top), Point(right, top), Point(right, bottom), Point(left, bottom)])
    }

    /// True when each of `found` lies within `tolerance` pixels of the corresponding point of `expected`.
    public static func cornersMatch(_ found: [Point], _ expected: [Point], tolerance: Double = 2) -> Bool {
        found.count == expected.count
            && zip(found, expected).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }
}
