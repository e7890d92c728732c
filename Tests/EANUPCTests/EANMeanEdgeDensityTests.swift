import ScanCore
import ScanTestSupport
import Testing

@testable import EANUPC
@testable import ScanCore

/// ``LinearScanner/MeanProfile/minimumEdgeDensity``: the mean of the lines along the bars is formed over
/// groups of candidate blocks whose edges are dense (small bars under defocus), not over the sparse
/// straight edges of larger shapes, where the scan lines read what is there.
@Suite("The mean profile only where the candidate blocks' edges are dense")
struct EANMeanEdgeDensityTests {
    typealias MeanProfile = LinearScanner.MeanProfile

    /// The groups of linear candidate blocks the mean would read in `frame`, with their edge densities.
    static func groups(_ frame: FrameContext) -> [(blocks: Int, density: Double)] {
        MeanProfile.groups(frame.candidates.linearBlocks).map {
            ($0.count, MeanProfile.edgeDensity($0, in: frame.candidates))
        }
    }

    /// The defocused EAN-13 that only the mean reads (1.8-pixel modules, blur σ 1.2 pixels, noise): its
    /// blocks are dense, the mean is formed and reads the value.
    @Test(arguments: [1, 2] as [UInt64])
    func smallBarsUnderDefocusAreDense(seed: UInt64) {
        let frame = FrameContext(image: EANMeanProfileTests.page(seed: seed))
        let groups = Self.groups(frame)
        #expect(!groups.isEmpty)
        #expect(groups.allSatisfy { $0.density >= MeanProfile.minimumEdgeDensity }, "\(groups)")
        let found = MeanProfile.read(
            frame.candidates.linearBlocks, frame: frame, options: DecodeOptions(),
            decoders: [EANUPCDecoder().rowDecoder])
        #expect(!frame.shared.means.withLock { $0.isEmpty })
        #expect(found.map(\.barcode.rawValue) == [EANMeanProfileTests.value])
    }

    /// A sharp EAN-13 with 6-pixel modules: its blocks pass the map's linear rule and group, but their
    /// edges are sparse (elements of 3–12 half-resolution pixels, each edge about two of them), so no
    /// mean is formed, and the scan lines read it.
    @Test func wideSharpBarsAreSparseAndTheLinesReadThem() {
        let symbol = BarRenderer(module: 6).render(EANSmallModuleTests.widths(EANMeanProfileTests.value))
        let frame = FrameContext(image: LuminanceImage.page(width: 1000, height: 300, [(symbol, 100, 100)]))
        let groups = Self.groups(frame)
        #expect(!groups.isEmpty)
        #expect(groups.allSatisfy { $0.density < MeanProfile.minimumEdgeDensity }, "\(groups)")
        let found = MeanProfile.read(
            frame.candidates.linearBlocks, frame: frame, options: DecodeOptions(),
            decoders: [EANUPCDecoder().rowDecoder])
        #expect(found.isEmpty)
        #expect(frame.shared.means.withLock { $0.isEmpty })
        #expect(EANUPCDecoder().decode(frame, options: DecodeOptions()).map(\.rawValue) == [EANMeanProfileTests.value])
    }
}

/// ``LinearScanner/MeanProfile/minimumRelativeEdgeDensity``: the defocused EAN-13 at low contrast (bars
/// 157 on 190, noise σ 2.2) puts too few pixels over the map's fixed edge level for the edge density, but
/// most over a quarter of its own strongest gradients; its means are formed and read the value.
@Suite("The mean profile at low contrast")
struct EANMeanLowContrastTests {
    typealias MeanProfile = LinearScanner.MeanProfile

    static func frame(seed: UInt64) -> FrameContext {
        var renderer = BarRenderer.defocused(module: 1.8, blur: 1.2, seed: seed, noise: 2.2)
        renderer.light = 190
        renderer.dark = 157
        let symbol = renderer.render(EANSmallModuleTests.widths(EANMeanProfileTests.value))
        return FrameContext(image: symbol.padded(150, ground: 190))
    }

    @Test(arguments: [1, 2] as [UInt64])
    func lowContrastPassesByItsOwnGradients(seed: UInt64) {
        let frame = Self.frame(seed: seed)
        let groups = MeanProfile.groups(frame.candidates.linearBlocks)
        // Every group's mean is formed, each by its own gradients, and the sparser ones only by them.
        #expect(!groups.isEmpty)
        for group in groups {
            #expect(MeanProfile.relativeEdgeDensity(group, frame.image) >= MeanProfile.minimumRelativeEdgeDensity)
        }
        #expect(groups.contains { MeanProfile.edgeDensity($0, in: frame.candidates) < MeanProfile.minimumEdgeDensity })
        let found = MeanProfile.read(
            frame.candidates.linearBlocks, frame: frame, options: DecodeOptions(),
            decoders: [EANUPCDecoder().rowDecoder])
        #expect(Set(found.map(\.barcode.rawValue)) == [EANMeanProfileTests.value])
        #expect(frame.shared.means.withLock { $0.count } == groups.count)
    }
}
