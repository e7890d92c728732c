import CCairo
import ScanCore
import ScanImageIO

/// An image to draw annotations on, through cairo: a frame's pixels as the background, then outlines,
/// labels, the region-of-interest box and a caption (``draw(_:)``); out as PNG (``writePNG(to:)``) or as
/// pixels for a JPEG encoder (``withPixels(_:)``).
///
/// ```swift
/// let canvas = try AnnotationCanvas(frame: frame)
/// canvas.draw(annotation)
/// try canvas.writePNG(to: "out/label.png")
/// ```
///
/// The surface is cairo's `CAIRO_FORMAT_RGB24`: 4 bytes per pixel, blue, green, red, unused on
/// little-endian machines. Colour frames keep their colour; grey and YUV frames are drawn from their
/// luminance. Line widths and the text size grow with the image (``scale``), so labels stay legible on
/// large photos. Text is drawn with cairo's own text API in the system's sans-serif face (fontconfig);
/// characters the font lacks show as boxes. Not safe to use from two threads at once.
public final class AnnotationCanvas {
    /// The image size in pixels.
    public let width: Int, height: Int
    /// Pixels per "point" of line width and text: 1 up to 800 px on the shorter side, then growing with it.
    public let scale: Double
    private let surface: OpaquePointer
    private let cr: OpaquePointer

    /// A failure of cairo (an image too large for it, a file that cannot be written), with its message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The largest side cairo's image surfaces accept.
    public static let maxSide = 32_767

    /// A blank (black) canvas.
    public init(width: Int, height: Int) throws(Failure) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
            throw Failure(description: "cannot annotate a \(width)x\(height) image (at most \(Self.maxSide) px a side)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw Failure(description: "cairo could not create a \(width)x\(height) surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw Failure(description: "cairo: \(Self.message(status))")
        }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
        self.scale = max(1, Double(min(width, height)) / 800)
    }

    /// A canvas showing `frame`: its colour for RGB formats, its luminance otherwise.
    public convenience init(frame: Frame) throws(Failure) {
        try self.init(width: frame.width, height: frame.height)
        paint(frame)
    }

    /// A canvas showing a luminance image in grey.
    public convenience init(image: LuminanceImage) throws(Failure) {
        try self.init(width: image.width, height: image.height)
        fill { row, x in
            let v = UInt32(image[x, row])
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    private func paint(_ frame: Frame) {
        let rgbOffsets: (r: Int, g: Int, b: Int, size: Int)?
        switch frame.format {
        case .rgb24: rgbOffsets = (0, 1, 2, 3)
        case .bgr24: rgbOffsets = (2, 1, 0, 3)
        case .rgba32: rgbOffsets = (0, 1, 2, 4)
        default: rgbOffsets = nil
        }
        guard let o = rgbOffsets else {
            let image = frame.luminance()
            fill { row, x in
                let v = UInt32(image[x, row])
                return 0xFF00_0000 | v << 16 | v << 8 | v
            }
            return
        }
        frame.pixels.withUnsafeBufferPointer { p in
            fill { row, x in
                let i = row * frame.stride + x * o.size
                return 0xFF00_0000 | UInt32(p[i + o.r]) << 16 | UInt32(p[i + o.g]) << 8 | UInt32(p[i + o.b])
            }
        }
    }

    /// Sets every pixel to `pixel(row, x)` as a native-endian `0xFFRRGGBB` word.
    private func fill(_ pixel: (Int, Int) -> UInt32) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            let line = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { line[x] = pixel(row, x) }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Draws `annotation` over what is there: the region of interest first, then each symbol's outline
    /// (with a dot on its first corner), then the labels (so no outline hides a label), then the caption.
    public func draw(_ annotation: Annotation) {
        if let roi = annotation.regionOfInterest { drawRegion(roi) }
        for symbol in annotation.symbols { drawOutline(symbol) }
        for symbol in annotation.symbols { drawLabel(symbol) }
        if let caption = annotation.caption {
            label(caption, at: Point(6 * scale, Double(height) - 6 * scale), colour: (1, 1, 1), anchorBottom: true)
        }
    }

    /// The region-of-interest colour (cyan), red, green, blue in 0…1.
    public static let regionColour = (red: 0.0, green: 0.78, blue: 1.0)

    private func drawRegion(_ r: Rect) {
        cairo_save(cr)
        let c = Self.regionColour
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        cairo_set_line_width(cr, 2 * scale)
        var dash = [8 * scale, 5 * scale]
        cairo_set_dash(cr, &dash, 2, 0)
        let inset = scale  // keep the whole line inside the image when the region is the whole frame
        cairo_rectangle(cr, r.x + inset, r.y + inset, max(1, r.width - 2 * inset), max(1, r.height - 2 * inset))
        cairo_stroke(cr)
        cairo_restore(cr)
        label("region of interest", at: Point(r.x + 4 * scale, r.y + 4 * scale), colour: (c.red, c.green, c.blue))
    }

    private func drawOutline(_ symbol: AnnotatedSymbol) {
        guard let first = symbol.corners.first else { return }
        let c = symbol.state.colour
        cairo_save(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // A dark halo under the coloured line keeps it visible on white and on black.
        for (width, colour) in [(5 * scale, (0.0, 0.0, 0.0, 0.55)), (3 * scale, (c.red, c.green, c.blue, 1.0))] {
            cairo_set_source_rgba(cr, colour.0, colour.1, colour.2, colour.3)
            cairo_set_line_width(cr, width)
            if symbol.state == .lost {
                var dash = [6 * scale, 4 * scale]
                cairo_set_dash(cr, &dash, 2, 0)
            }
            cairo_move_to(cr, first.x, first.y)
            for p in symbol.corners.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if symbol.corners.count > 2 { cairo_close_path(cr) }
            cairo_stroke(cr)
        }
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        cairo_arc(cr, first.x, first.y, 4 * scale, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    private func drawLabel(_ symbol: AnnotatedSymbol) {
        guard !symbol.corners.isEmpty, !symbol.label.isEmpty else { return }
        let box = Rect(enclosing: symbol.corners)
        let c = symbol.state.colour
        // Above the outline when there is room, else below it.
        let above = box.y - 6 * scale
        if above > textHeight + 4 * scale {
            label(symbol.label, at: Point(box.x, above), colour: (c.red, c.green, c.blue), anchorBottom: true)
        } else {
            label(symbol.label, at: Point(box.x, box.y + box.height + 6 * scale), colour: (c.red, c.green, c.blue))
        }
    }

    private var fontSize: Double { 14 * scale }
    private var textHeight: Double { fontSize * 1.3 }

    /// Draws `text` in `colour` on a dark box whose top left (or bottom left) is `point`, moved inside
    /// the image where it would stick out.
    private func label(
        _ text: String, at point: Point, colour: (Double, Double, Double), anchorBottom: Bool = false
    ) {
        cairo_save(cr)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(cr, &fontExtents)
        let pad = 3 * scale
        let boxWidth = extents.x_advance + 2 * pad
        let boxHeight = fontExtents.ascent + fontExtents.descent + 2 * pad
        var x = point.x
        var y = anchorBottom ? point.y - boxHeight : point.y
        x = max(0, min(x, Double(width) - boxWidth))
        y = max(0, min(y, Double(height) - boxHeight))
        cairo_set_source_rgba(cr, 0, 0, 0, 0.7)
        cairo_rectangle(cr, x, y, boxWidth, boxHeight)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, colour.0, colour.1, colour.2)
        cairo_move_to(cr, x + pad, y + pad + fontExtents.ascent)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }

    /// Writes the canvas as an 8-bit RGB PNG, compressed for speed (``ScanImageIO/PNGWriter``'s `fast`: an
    /// annotated 12 MP photo in about a quarter of the time cairo's writer took, in a file about 1.6 times
    /// as large).
    /// - Throws: ``Failure`` naming `path` when it cannot be written.
    public func writePNG(to path: String) throws(Failure) {
        // Cairo's pixels are blue, green, red, unused (little-endian): packed as RGB rows.
        let rgb = withPixels { bytes, stride in
            [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
                for y in 0..<height {
                    let row = y * stride, o = y * width * 3
                    for x in 0..<width {
                        out[o + 3 * x] = bytes[row + 4 * x + 2]
                        out[o + 3 * x + 1] = bytes[row + 4 * x + 1]
                        out[o + 3 * x + 2] = bytes[row + 4 * x]
                    }
                }
                count = width * height * 3
            }
        }
        do {
            let frame = try Frame(pixels: rgb, format: .rgb24, width: width, height: height, source: path)
            try PNGWriter.write(frame, to: path, fast: true)
        } catch let error as ImageError {
            throw Failure(description: "\(path): \(error.reason)")
        } catch {
            throw Failure(description: "\(path): cannot write the PNG (\(error))")
        }
    }

    /// Calls `body` with the pixels (4 bytes a pixel: blue, green, red, unused on little-endian machines)
    /// and the bytes per row.
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)
        return try body(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : stride * height), stride)
    }

    /// The pixel at (`x`, `y`) as red, green, blue (for tests).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        withPixels { bytes, stride in
            let i = y * stride + x * 4
            return (bytes[i + 2], bytes[i + 1], bytes[i])
        }
    }

    private static func message(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}
