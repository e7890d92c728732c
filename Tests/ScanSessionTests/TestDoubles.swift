import Foundation
import ScanCore
import ScanImageIO
import Synchronization

@testable import ScanSession

/// An input that hands over frames held in memory (a test double, like swift-nio's embedded channel).
/// Items are frames or failures; a live input can wait between frames.
struct ArrayInput: Input {
    enum Item: Sendable {
        case frame(Frame)
        case failure(frame: Int?, source: String, message: String)
    }
    let id: String
    let items: [Item]
    let delivery: InputDelivery
    /// Seconds to wait after each frame (live inputs; lets a decoder keep up).
    var pause: Double = 0

    init(id: String, frames: [Frame], delivery: InputDelivery = .batch, pause: Double = 0) {
        self.init(id: id, items: frames.map { .frame($0) }, delivery: delivery, pause: pause)
    }

    init(id: String, items: [Item], delivery: InputDelivery = .batch, pause: Double = 0) {
        self.id = id
        self.items = items
        self.delivery = delivery
        self.pause = pause
    }

    func run(into sink: any FrameSink, stop: StopSignal) {
        for item in items {
            if stop.isSet { return }
            switch item {
            case .frame(let frame):
                if delivery == .batch { sink.process(frame) } else { sink.offer(frame) }
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            case .failure(let frame, let source, let message):
                sink.fail(frame: frame, source: source, message: message)
            }
        }
    }
}

/// An output that keeps every event it is given, and can be told to fail.
final class CapturingOutput: Output {
    let id: String
    private let captured = Mutex<[Event]>([])
    private let finished = Mutex(false)
    let failOpen: Bool

    init(id: String, failOpen: Bool = false) {
        self.id = id
        self.failOpen = failOpen
    }

    struct OpenFailure: Error, CustomStringConvertible { var description: String { "cannot open" } }

    var events: [Event] { captured.withLock { $0 } }
    var wasFinished: Bool { finished.withLock { $0 } }

    func open() throws { if failOpen { throw OpenFailure() } }
    func write(_ event: Event) throws { captured.withLock { $0.append(event) } }
    func finish() -> Int {
        finished.withLock { $0 = true }
        return 0
    }
}

/// Frames for tests: the bundled EAN-13 sample pasted into larger frames of any pixel format.
enum TestFrames {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sample(_ name: String) -> String { repository.appendingPathComponent("samples/\(name)").path }

    /// The luminance of `samples/ean13-4006381333931.png` (452 × 232).
    static let ean13: LuminanceImage = {
        guard let frame = try? ImageReader.read(contentsOf: sample("ean13-4006381333931.png")) else {
            fatalError("samples/ean13-4006381333931.png is missing")
        }
        return frame.luminance()
    }()

    /// A `width` × `height` white gray8 plane with the EAN-13 sample pasted at (x, y), or blank.
    static func grayPlane(width: Int, height: Int, codeAt origin: (x: Int, y: Int)?) -> [UInt8] {
        var plane = [UInt8](repeating: 255, count: width * height)
        if let origin {
            let code = ean13
            for y in 0..<code.height where origin.y + y < height {
                for x in 0..<code.width where origin.x + x < width {
                    plane[(origin.y + y) * width + origin.x + x] = code[x, y]
                }
            }
        }
        return plane
    }

    static func gray(
        width: Int = 640, height: Int = 360, codeAt origin: (x: Int, y: Int)? = (60, 40), number: Int = 0,
        time: Date = Date()
    ) -> Frame {
        let pixels = grayPlane(width: width, height: height, codeAt: origin)
        do {
            return try Frame(
                pixels: pixels, format: .gray8, width: width, height: height, sequenceNumber: number, timestamp: time,
                source: "test")
        } catch {
            fatalError("\(error)")
        }
    }
}
