import ScanCore

extension QRFinderPatternFinder {
    /// How far (in module sizes, from the centre, along x and y) the light ring of a finder pattern may
    /// reach: the pattern is 7 × 7 modules, so its light ring lies within 2.5 modules of the centre along
    /// its own axes and within 2.5·√2 ≈ 3.5 modules at any rotation; the dark ring around it reaches 4.95
    /// modules. 5.5 leaves room for perspective and for the error of the module size.
    static let enclosureReach = 5.5
    /// Most light pixels the light ring may hold, in square module sizes: it holds 5² − 3² = 16; blur
    /// and ink spread only make it smaller, perspective and the module estimate's error larger.
    static let enclosureArea = 40.0

    /// True when the light ring of a candidate centred at `centre`, whose largest extent through the centre
    /// is 7 × `module` pixels, is closed by its dark ring (ISO/IEC 18004:2015 §6.3.3): the light pixels
    /// connected to (`x`, `y`), a pixel of the ring, stay within ``enclosureReach`` modules of the centre
    /// and number at most ``enclosureArea`` square modules (``ScanCore/BitMatrix/lightRegionIsEnclosed(x:y:centre:reach:maxArea:regions:)``).
    /// `rings`: the rings of `m` filled whole so far (``ScanCore/EnclosedLightRegions``).
    static func lightRingIsEnclosed(
        _ m: BitMatrix, x: Int, y: Int, centre: Point, module: Double, rings: EnclosedLightRegions? = nil
    ) -> Bool {
        m.lightRegionIsEnclosed(
            x: x, y: y, centre: centre, reach: enclosureReach * module,
            maxArea: Int(enclosureArea * module * module) + 8, regions: rings)
    }
}
