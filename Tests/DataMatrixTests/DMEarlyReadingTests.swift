import ScanCore
import ScanTestSupport
import Testing

@testable import DataMatrix

/// `DMDetector.detections(_:_:maxResults:reading:)` hands a near-perfect grid to its reader as soon as
/// it is refined, and stops refining the other sizes once the reader read it.
struct DMEarlyReadingTests {
    /// A clean symbol: the reader gets the symbol's own size first, reads it, and no other hypothesis is
    /// refined; the detection read is the best one that a full refinement returns.
    @Test(.enabled(if: Zint.available)) func aNearPerfectGridIsReadAtOnce() throws {
        let text = "LOT-748491"
        let image = try Zint.dataMatrix.render(text, [], scale: 4).padded(12)
        let matrix = FrameContext(image: image).binarized(.local)
        let candidate = try #require(DMDetector.candidates(matrix).first)
        let all = DMDetector.detections(matrix, candidate)
        var handed: [DMDetection] = []
        var value: String?
        let early = DMDetector.detections(matrix, candidate) { d in
            handed.append(d)
            value = DataMatrixDecoder.decode(d, in: matrix)?.0.text
            return value != nil
        }
        #expect(value == text)
        #expect(handed.count == 1)
        let best = try #require(all.first)
        #expect(handed.first?.isSameHypothesis(as: best) == true)
        #expect(handed.first.map { $0.score >= DMDetector.earlyReadScore } == true)
        // Fewer hypotheses were refined than without a reader, the one read among them.
        #expect(early.count < all.count, "\(early.count) of \(all.count)")
        #expect(early.contains { $0.isSameHypothesis(as: best) })
    }

    /// A reader that reads nothing changes nothing: every hypothesis is refined and returned as without one.
    @Test(.enabled(if: Zint.available)) func aReaderThatFailsChangesNothing() throws {
        let image = try Zint.dataMatrix.render(String(repeating: "0123456789", count: 4), [], scale: 3).padded(12)
        let matrix = FrameContext(image: image).binarized(.local)
        let candidate = try #require(DMDetector.candidates(matrix).first)
        let all = DMDetector.detections(matrix, candidate)
        var calls = 0
        let same = DMDetector.detections(matrix, candidate) { _ in
            calls += 1
            return false
        }
        #expect(calls >= 1)
        #expect(same.map(\.size) == all.map(\.size))
        #expect(same.map(\.isMirrored) == all.map(\.isMirrored))
        #expect(same.map(\.score) == all.map(\.score))
    }
}
