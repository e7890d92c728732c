import Testing

@testable import ScanCore

/// ``BitMatrix/lightRegionIsEnclosed(x:y:centre:reach:maxArea:regions:)`` on drawn rings: the light 4-connected
/// to the start must stay inside the box and within the area.
struct BitMatrixEnclosureTests {
    /// A matrix from rows of "#" (dark) and "." (light).
    static func matrix(_ rows: [String]) -> BitMatrix {
        var m = BitMatrix(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() where c == "#" { m[x, y] = true }
        }
        return m
    }

    // A 7×7 dark ring around a light ring (16 pixels) around a 3×3 dark ring around one light pixel, in
    // an 11×11 light field.
    static let ring = [
        "...........",
        "...........",
        "..#######..",
        "..#.....#..",
        "..#.###.#..",
        "..#.#.#.#..",
        "..#.###.#..",
        "..#.....#..",
        "..#######..",
        "...........",
        "...........",
    ]

    @Test func aClosedRingIsEnclosed() {
        let m = Self.matrix(Self.ring)
        // The light ring: 16 pixels.
        #expect(m.lightRegionIsEnclosed(x: 3, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 16))
        #expect(m.lightRegionIsEnclosed(x: 5, y: 5, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 1))
    }

    @Test func moreLightThanTheAreaIsNotEnclosed() {
        let m = Self.matrix(Self.ring)
        #expect(!m.lightRegionIsEnclosed(x: 3, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 15))
    }

    @Test func aGapLetsTheLightOut() {
        var rows = Self.ring
        rows[8] = "..###.###.."
        let m = Self.matrix(rows)
        #expect(!m.lightRegionIsEnclosed(x: 3, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 100))
    }

    @Test func aBoxThatCutsTheRingIsNotEnclosed() {
        let m = Self.matrix(Self.ring)
        // The box (pixels 3–8 each way) has its border on the light ring's top row.
        #expect(!m.lightRegionIsEnclosed(x: 7, y: 4, centre: Point(5.5, 5.5), reach: 2.2, maxArea: 100))
    }

    @Test func aDarkOrOutsideStartIsNotEnclosed() {
        let m = Self.matrix(Self.ring)
        #expect(!m.lightRegionIsEnclosed(x: 2, y: 2, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 100))
        #expect(!m.lightRegionIsEnclosed(x: -1, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 100))
    }

    /// With the regions filled whole kept (``EnclosedLightRegions``), a test seeded in one of them
    /// answers as a fill would, for another box and area: the ring lies inside a wider box, outside a
    /// narrower one, and is larger than a smaller area. A fill that ended early keeps nothing.
    @Test func aRegionFilledWholeAnswersLaterTestsAsAFillWould() {
        let m = Self.matrix(Self.ring)
        let regions = EnclosedLightRegions()
        #expect(
            !m.lightRegionIsEnclosed(x: 3, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 15, regions: regions))
        #expect(regions.regions.isEmpty)
        #expect(m.lightRegionIsEnclosed(x: 3, y: 3, centre: Point(5.5, 5.5), reach: 4.5, maxArea: 16, regions: regions))
        #expect(regions.regions.count == 1)
        for (x, y, reach, area) in [
            (7, 3, 4.5, 16), (3, 7, 5.0, 100), (7, 4, 2.2, 100), (3, 3, 4.5, 15), (4, 7, 3.2, 16), (5, 5, 4.5, 1),
        ] {
            let centre = Point(5.5, 5.5)
            #expect(
                m.lightRegionIsEnclosed(x: x, y: y, centre: centre, reach: reach, maxArea: area, regions: regions)
                    == m.lightRegionIsEnclosed(x: x, y: y, centre: centre, reach: reach, maxArea: area),
                "\(x), \(y), reach \(reach), area \(area)")
        }
        // The centre pixel, inside the ring's bounding box but another region, was filled and kept too.
        #expect(regions.regions.count == 2)
    }
}
