import Foundation
import ScanCamera

/// `scanctl devices [--json]`: the V4L2 capture devices with their driver, card, formats, sizes and rates.
enum DevicesCommand {
    static let options: [CommandOption<Bool>] = [
        CommandOption(
            OptionSpec(
                names: ["--json"],
                summary:
                    "One JSON object per device and line (as decode --json): path, driver, card, bus_info, formats.")
        ) { json, _, _ in json = true }
    ]

    static let spec = CommandSpec(
        name: "devices", usage: ["devices [--json]"],
        summary: "List V4L2 capture devices: driver, card, formats, sizes, frame rates.",
        description: [
            "Lists the V4L2 video capture devices (/dev/videoN): driver, card name, and for each pixel format its "
                + "frame sizes and frame rates. Nodes that are not capture devices (metadata, output) are left out; "
                + "a node this user may not open is listed with the reason (see Docs/camera.md). No devices: "
                + "'no V4L2 capture devices' (with --json: no lines)."
        ],
        groups: [OptionGroup(title: "OPTIONS", options: options.map(\.spec))], operands: [],
        exitStatus: "0, also when there are no devices; 2 usage error.")

    static func run(_ arguments: [String]) -> Int32 {
        var json = false
        if case .exit(let status) = spec.start(
            arguments, options, into: &json, operands: CommandSpec.expect(0, "devices takes no operands"))
        {
            return status
        }
        let devices = DeviceListing.describe(DeviceListing.nodes())
        print(json ? jsonLines(devices) : text(devices), terminator: "")
        return ExitStatus.success
    }

    static func rateText(_ rates: FrameRates) -> String {
        switch rates {
        case .discrete(let list): return list.map { format($0) }.joined(separator: ", ") + " fps"
        case .range(let lo, let hi): return "\(format(lo))–\(format(hi)) fps"
        case .unknown: return "rates not listed"
        }
    }

    /// A rate to the hundredth, without a fraction when it rounds to a whole number (`30`, `59.94`).
    static func format(_ fps: Double) -> String {
        let hundredths = (fps * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }

    static func text(_ devices: [DeviceDescription]) -> String {
        if devices.isEmpty { return "no V4L2 capture devices\n" }
        var out = ""
        for d in devices {
            if let problem = d.problem {
                out += "\(d.path): \(problem)\n"
                continue
            }
            out += "\(d.path): \(d.card) (driver \(d.driver), \(d.busInfo))\n"
            for f in d.formats {
                let name =
                    CameraPixelFormat(fourcc: f.capability.fourcc).map { " = \($0.rawValue)" } ?? " (not readable)"
                out += "  \(f.capability.fourcc)\(name): \(f.capability.description)"
                out += f.capability.emulated ? " [converted by libv4l2]\n" : "\n"
                if case .stepwise(let lo, let hi, let step) = f.capability.sizes {
                    out +=
                        "    \(lo)…\(hi) in steps of \(step); at \(hi): \(f.rates.first.map { rateText($0.rates) } ?? "")\n"
                } else {
                    for (size, rates) in f.rates { out += "    \(size): \(rateText(rates))\n" }
                }
            }
        }
        return out
    }

    /// One JSON object per device and line, keys sorted; nothing for no devices.
    static func jsonLines(_ devices: [DeviceDescription]) -> String {
        func sizeObject(_ s: FrameSize) -> [String: Any] { ["width": s.width, "height": s.height] }
        func ratesObject(_ r: FrameRates) -> Any {
            switch r {
            case .discrete(let list): return list
            case .range(let lo, let hi): return ["min": lo, "max": hi]
            case .unknown: return NSNull()
            }
        }
        let objects: [[String: Any]] = devices.map { d in
            var o: [String: Any] = ["path": d.path]
            if let problem = d.problem {
                o["error"] = problem
                return o
            }
            o["driver"] = d.driver
            o["card"] = d.card
            o["bus_info"] = d.busInfo
            o["formats"] = d.formats.map { f -> [String: Any] in
                var fo: [String: Any] = [
                    "fourcc": f.capability.fourcc.description, "description": f.capability.description,
                    "emulated": f.capability.emulated,
                    "pixel_format": CameraPixelFormat(fourcc: f.capability.fourcc)?.rawValue ?? NSNull(),
                ]
                switch f.capability.sizes {
                case .discrete:
                    fo["sizes"] = f.rates.map {
                        sizeObject($0.size).merging(["fps": ratesObject($0.rates)]) { a, _ in a }
                    }
                case .stepwise(let lo, let hi, let step):
                    fo["size_range"] = [
                        "min": sizeObject(lo), "max": sizeObject(hi), "step": sizeObject(step),
                        "fps_at_max": f.rates.first.map { ratesObject($0.rates) } ?? NSNull(),
                    ]
                }
                return fo
            }
            return o
        }
        return objects.compactMap { object -> String? in
            guard
                let data = try? JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else {
                return nil
            }
            return String(decoding: data, as: UTF8.self) + "\n"
        }.joined()
    }
}
