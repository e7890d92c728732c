import BuiltinPlugins
import Foundation
import ScanCore
import ScanImageIO
import Testing

/// Turned Data Matrix symbols whose local binarization parts the L finder from the data modules (the
/// fixtures: a 14 × 14 symbol, light 200 and dark 50 on a ground of 200, at 8 px a module turned 36° and
/// at 11 px turned 18° by bilinear resampling). The finder alone is a component whose hull is a
/// triangle, so its quadrilateral has a side about one module long at the end of an arm, and the two
/// corners beside that side have solid sides too; the finder corner is the one between the two arms.
struct DMTurnedFinderTests {
    @Test(arguments: ["dm-turned-8-36.png", "dm-turned-11-18.png"])
    func turnedSymbolReads(file: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/\(file)")
        let image = try ImageReader.read(contentsOf: path.path).luminance()
        let found = BuiltinPlugins.registry().decode(FrameContext(image: image), options: DecodeOptions())
        #expect(found.map(\.rawValue) == ["VK4P7ZK0T"])
    }
}
