import ScanCore
import Synchronization

/// One frame as every connection reading its input sees it: the luminance plane is converted once, and
/// connections reading the same region share one ``FrameContext`` (its binarized matrices, candidate map,
/// scan lines and the negative), whichever connection asks first and on whichever thread.
///
/// ```swift
/// let shared = SharedFrame(frame)
/// let (context, origin) = shared.context(region: nil)   // the whole frame, origin (0, 0)
/// ```
///
/// Connections with a region of interest get a context over their crop of the shared luminance plane;
/// two connections with the same region (in pixels) share it. Coordinates of a context are pixels of its
/// crop; `origin` is the crop's top-left corner in frame pixels.
final class SharedFrame: Sendable {
    /// The frame as the input delivered it.
    let frame: Frame

    private struct Cache {
        var luminance: LuminanceImage?
        /// Contexts by crop (x, y, width, height in pixels); the whole frame's under its own size.
        var contexts: [[Int]: FrameContext] = [:]
    }
    private let cache = Mutex(Cache())

    init(_ frame: Frame) { self.frame = frame }

    /// The frame's position in its input (``Frame/sequenceNumber``).
    var sequenceNumber: Int { frame.sequenceNumber }

    /// The decoding context of `region` (the whole frame when nil) and the crop's origin in frame pixels;
    /// nil when the region has no pixel in this frame.
    func context(region: RegionOfInterest?) -> (context: FrameContext, origin: Point)? {
        cache.withLock { c -> (context: FrameContext, origin: Point)? in
            let image: LuminanceImage
            if let l = c.luminance {
                image = l
            } else {
                image = frame.luminance()
                c.luminance = image
            }
            var rect = (x: 0, y: 0, width: image.width, height: image.height)
            if let region { rect = region.pixelRect(frameWidth: image.width, frameHeight: image.height) }
            let key = [rect.x, rect.y, rect.width, rect.height]
            if let known = c.contexts[key] { return (known, Point(Double(rect.x), Double(rect.y))) }
            let crop: LuminanceImage
            if region == nil {
                crop = image
            } else {
                guard let cropped = try? image.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                else { return nil }
                crop = cropped
            }
            let context = FrameContext(image: crop)
            c.contexts[key] = context
            return (context, Point(Double(rect.x), Double(rect.y)))
        }
    }
}
