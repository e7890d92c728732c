import Foundation

/// One V4L2 capture device as `scanctl devices` lists it.
public struct DeviceDescription: Sendable, Equatable {
    /// One pixel format with its sizes, and the frame rates of each listed size.
    public struct Format: Sendable, Equatable {
        public var capability: FormatCapability
        /// Rates per size, for discrete sizes; for a stepwise range, the rates at its largest size.
        public var rates: [(size: FrameSize, rates: FrameRates)]
        public static func == (a: Format, b: Format) -> Bool {
            a.capability == b.capability && a.rates.map(\.size) == b.rates.map(\.size)
                && a.rates.map(\.rates) == b.rates.map(\.rates)
        }
    }

    /// The device node.
    public var path: String
    public var driver: String
    public var card: String
    public var busInfo: String
    /// The capture formats; empty when the device could not be opened.
    public var formats: [Format]
    /// Why the device could not be described (permission denied, busy), or nil.
    public var problem: String?
}

/// Finds and describes V4L2 capture devices.
public enum DeviceListing {
    /// The `/dev/videoN` nodes in `directory`, by number.
    public static func nodes(in directory: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("video"), let n = Int(name.dropFirst(5)) else { return nil }
            return (n, directory + "/" + name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The capture devices among `nodes`. Nodes that open but do not capture (metadata, output, codec
    /// nodes) are left out; nodes that cannot be opened are listed with their problem.
    public static func describe(_ nodes: [String]) -> [DeviceDescription] {
        nodes.compactMap { path in
            let device: V4L2Device
            do throws(V4L2Error) { device = try V4L2Device(path: path) } catch {
                return DeviceDescription(
                    path: path, driver: "", card: "", busInfo: "", formats: [], problem: error.description)
            }
            guard let caps = try? device.capabilities(), caps.canCapture else { return nil }
            let formats = device.formats().map { f -> DeviceDescription.Format in
                let sizes: [FrameSize]
                switch f.sizes {
                case .discrete(let list): sizes = list
                case .stepwise(_, let max, _): sizes = [max]
                }
                return DeviceDescription.Format(
                    capability: f, rates: sizes.map { ($0, device.frameRates(f.fourcc, $0)) })
            }
            return DeviceDescription(
                path: path, driver: caps.driver, card: caps.card, busInfo: caps.busInfo, formats: formats, problem: nil)
        }
    }
}
