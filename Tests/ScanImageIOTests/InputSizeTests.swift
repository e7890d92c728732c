import Foundation
import Testing

@testable import ScanImageIO

/// Input that is no image, or larger than any image within the pixel limit, is refused before it is
/// read to its end.
@Suite struct InputSizeTests {
    func temporaryFile(size: Int, prefix: [UInt8] = []) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scanctl-size-\(UUID().uuidString)")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(prefix)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))  // sparse: no disk taken
        try handle.close()
        return path
    }

    /// The limit follows the pixel limit: 20 bytes a pixel and 16 MiB.
    @Test func theByteLimitFollowsThePixelLimit() {
        #expect(ImageLimits(maxPixels: 1000).maxFileBytes == 20_000 + 16_777_216)
        #expect(ImageLimits(maxPixels: Int.max).maxFileBytes == Int.max)
    }

    /// A file over the limit is refused from its size (no byte of it is read), whatever its signature.
    @Test func aFileLargerThanAnyImageWithinTheLimitIsRefused() throws {
        let limits = ImageLimits(maxPixels: 1)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let path = try temporaryFile(size: limits.maxFileBytes + 1, prefix: signature)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImageError.fileTooLarge(path: path, limit: limits.maxFileBytes)) {
            try ImageReader.read(contentsOf: path, limits: limits)
        }
    }

    /// Standard input (any descriptor) without an image signature is refused after its first block,
    /// while more is still to come.
    @Test func aStreamWithoutASignatureIsRefusedAfterItsFirstBlock() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(repeating: 0, count: 64 * 1024))
        // The writing end stays open: reading to the end would block, and the test would hang.
        let fd = pipe.fileHandleForReading.fileDescriptor
        #expect(throws: ImageError.unknownFormat(path: "stdin")) {
            try ImageReader.readAll(fd, name: "stdin", limits: .default)
        }
        try pipe.fileHandleForWriting.close()
    }
}
