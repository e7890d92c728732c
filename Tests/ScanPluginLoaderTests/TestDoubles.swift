import Foundation
import PluginTestSupport
import ScanCore

@testable import ScanPluginLoader

/// A decoder standing in for a built-in plugin (it never finds anything).
struct StandInDecoder: SymbologyDecoder {
    let name: String
    let formats: Set<BarcodeFormat>
    func decode(_ frame: FrameContext, options: DecodeOptions) -> [Barcode] { [] }
}

/// Collects diagnostics lines (thread-safe).
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
    var sink: @Sendable (String) -> Void {
        { line in
            self.lock.lock()
            self.lines.append(line)
            self.lock.unlock()
        }
    }
}

/// How many times the loaded test plugin at `path` had its `destroy` called (`tp_destroyed()`).
func destroyCount(_ path: String) -> Int32? {
    guard let handle = dlopen(PluginLibrary.resolve(path), RTLD_NOW | RTLD_NOLOAD),
        let symbol = dlsym(handle, "tp_destroyed")
    else { return nil }
    typealias Counter = @convention(c) () -> Int32
    return unsafeBitCast(symbol, to: Counter.self)()
}

/// A gradient image: pixel (x, y) = (x + 10 y) % 256.
func gradient(width: Int, height: Int) -> LuminanceImage {
    LuminanceImage(
        width: width, height: height,
        pixels: (0..<(width * height)).map { UInt8((($0 % width) + 10 * ($0 / width)) % 256) })
}
