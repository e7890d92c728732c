import Foundation
import Testing

@testable import ScanSession

@Suite struct PathExpansionTests {
    /// a.png, b.JPG, notes.txt, .hidden.png, sub/c.png, sub/deep/d.pgm, sub/deep/e.txt, other/f.png, other/g.WebP
    func tree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pe-\(UUID().uuidString)").path
        for file in [
            "a.png", "b.JPG", "notes.txt", ".hidden.png", "sub/c.png", "sub/deep/d.pgm", "sub/deep/e.txt",
            "other/f.png", "other/g.WebP",
        ] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data([1]).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func directoriesAreImagesBelowRecursively() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let e = PathExpansion.expand([root])
        #expect(
            e.files
                == ["a.png", "b.JPG", "other/f.png", "other/g.WebP", "sub/c.png", "sub/deep/d.pgm"].map {
                    root + "/" + $0
                })
        #expect(e.problems.isEmpty)
    }

    @Test func globsMatchPerComponentAndDoubleStarAnyDepth() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(PathExpansion.expand([root + "/*.png"]).files == [root + "/a.png"])
        #expect(
            PathExpansion.expand([root + "/**/*.png"]).files
                == ["a.png", "other/f.png", "sub/c.png"].map { root + "/" + $0 })
        #expect(PathExpansion.expand([root + "/sub/**"]).files.count == 3)
        #expect(
            PathExpansion.expand([root + "/s?b/*/[de].*"]).files == [
                root + "/sub/deep/d.pgm", root + "/sub/deep/e.txt",
            ])
        // Duplicates are listed once; an explicit file is taken whatever its extension.
        #expect(
            PathExpansion.expand([root + "/a.png", root + "/*.png", root + "/notes.txt"]).files == [
                root + "/a.png", root + "/notes.txt",
            ])
    }

    @Test func entriesThatNameNothingAreProblems() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let e = PathExpansion.expand([root + "/*.gif", root + "/missing.png", root + "/a.png"])
        #expect(e.files == [root + "/a.png"])
        #expect(e.problems.map(\.entry) == [root + "/*.gif", root + "/missing.png"])
        #expect(e.problems[0].message.hasSuffix("no file matches"))
    }
}
