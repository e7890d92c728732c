import ScanCore
import Testing

@testable import ScanSession

/// One frame, one context: the connections of an input read one luminance plane and share a decoding
/// context per region.
@Suite struct SharedFrameTests {
    let frame = SharedFrame(TestFrames.gray(width: 40, height: 20, codeAt: nil, number: 3))

    @Test func wholeFrameContextIsMadeOnce() throws {
        let a = try #require(frame.context(region: nil))
        let b = try #require(frame.context(region: nil))
        #expect(a.context === b.context)
        #expect(a.origin == Point(0, 0))
        #expect(a.context.image.width == 40 && a.context.image.height == 20)
        #expect(frame.sequenceNumber == 3)
    }

    @Test func regionsShareByPixelsAndCarryTheirOrigin() throws {
        let right = RegionOfInterest(x: 0.5, y: 0, width: 0.5, height: 1)
        let a = try #require(frame.context(region: right))
        let b = try #require(frame.context(region: RegionOfInterest(x: 0.5, y: 0, width: 0.5, height: 1)))
        let whole = try #require(frame.context(region: nil))
        #expect(a.context === b.context)
        #expect(a.context !== whole.context)
        #expect(a.origin == Point(20, 0))
        #expect(a.context.image.width == 20 && a.context.image.height == 20)
    }
}
