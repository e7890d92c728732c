import BuiltinPlugins
import Foundation
import ScanCore
import ScanImageIO
import Synchronization

// scanbench: times in-process decoding of images that are loaded once, so image loading and process
// start-up are excluded. Output: one JSON object per image and a final summary line (see Benchmarks/README.md).

let usage = """
    USAGE: scanbench [--formats LIST] [--warmup N] [--repeat N] [--no-invert] [--no-downscale]
                     [--per-plugin] [--per-pass] [--fast] IMAGE...

    For each image: decodes it N times (after a warm-up) with a new FrameContext each time (as a new frame
    would get) and prints {"file", "median_ms", "cpu_median_ms", "p95_ms", "min_ms", "max_ms", "symbols",
    "values"} per line (cpu_median_ms: the process's CPU time, which a paused machine does not inflate),
    then {"summary": true, "peak_rss_kb"}.

    Diagnostics: --no-invert / --no-downscale turn the registry's retries off, --fast try-harder; --per-plugin adds
    "plugins": {name: median ms of that plugin alone on one pass, no retries} and "candidates":
    {"linear", "matrix"} (candidate blocks of the frame's CandidateMap) to each line; --per-pass adds
    "passes": {"PASS PLUGIN": median CPU ms of that plugin's part of that pass over the timed repeats}
    (DecoderRegistry.decode(_:options:trace:); "linear" is the scan-line engine's part for every linear
    plugin, and the frame's binarization and candidate map count for the pass's first plugin).
    """

/// The CPU milliseconds of each pass's plugins, per repeat (`--per-pass`): "PASS PLUGIN" → one sum per
/// decode.
final class PassTimes: Sendable {
    private let state = Mutex<(sums: [String: [Double]], decode: [String: Double])>(([:], [:]))
    /// Adds one plugin's part of a pass to the current decode.
    func add(_ t: PassTiming) {
        state.withLock { $0.decode["\(t.pass) \(t.plugin)", default: 0] += t.milliseconds }
    }
    /// Ends the current decode.
    func endDecode() {
        state.withLock { s in
            for (k, v) in s.decode { s.sums[k, default: []].append(v) }
            s.decode = [:]
        }
    }
    /// Every ended decode's sums.
    var sums: [String: [Double]] { state.withLock { $0.sums } }
}

/// CPU time used by this process so far (every thread), nanoseconds.
func processCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var formats: Set<BarcodeFormat> = []
var warmup = 1, repeats = 5
var noInvert = false, noDownscale = false, perPlugin = false, perPass = false, fast = false
var files: [String] = []
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--formats":
        guard let v = args.first else { fail("--formats needs a value") }
        args.removeFirst()
        formats = Set(v.split(separator: ",").compactMap { BarcodeFormat(parsing: String($0)) })
    case "--warmup", "--repeat":
        guard let v = args.first, let n = Int(v), n >= 0 else { fail("\(a) needs a number") }
        args.removeFirst()
        if a == "--warmup" { warmup = n } else { repeats = max(1, n) }
    case "--no-invert": noInvert = true
    case "--fast": fast = true
    case "--no-downscale": noDownscale = true
    case "--per-plugin": perPlugin = true
    case "--per-pass": perPass = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default: files.append(a)
    }
}
guard !files.isEmpty else { fail(usage) }

// As scanctl does (the bench measures what users run).
FrameMemory.keepBetweenFrames()
let registry = BuiltinPlugins.registry()
var options = DecodeOptions()
options.formats = formats
options.tryInvert = !noInvert
options.tryDownscale = !noDownscale
options.tryHarder = !fast

/// Median ms of `body` over the run's repeats.
@MainActor func medianMs(_ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

for file in files {
    let image: LuminanceImage
    do {
        image = try ImageReader.read(contentsOf: file).luminance()
    } catch {
        print(JSONValue.object(["file": .string(file), "error": .string(String(describing: error))]).serialized)
        continue
    }
    var found: [Barcode] = []
    for _ in 0..<warmup { found = registry.decode(FrameContext(image: image), options: options) }
    var times: [Double] = [], cpuTimes: [Double] = []
    let passTimes = PassTimes()
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = processCPUNanoseconds()
        found = registry.decode(FrameContext(image: image), options: options, trace: perPass ? passTimes.add : nil)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        cpuTimes.append(Double(processCPUNanoseconds() - cpuStart) / 1e6)
        if perPass { passTimes.endDecode() }
    }
    times.sort()
    cpuTimes.sort()
    let p95 = times[min(times.count - 1, Int((Double(times.count) * 0.95).rounded(.up)) - 1)]
    var extra: [String: JSONValue] = [:]
    if perPass {
        // A part that runs in some repeats only (none does today) counts 0 in the others.
        extra["passes"] = .object(
            passTimes.sums.mapValues { ms in
                let all = (ms + Array(repeating: 0, count: max(0, repeats - ms.count))).sorted()
                return .number(all[all.count / 2])
            })
    }
    if perPlugin {
        var single = options
        single.tryInvert = false
        single.tryDownscale = false
        var plugins: [String: JSONValue] = [:]
        for plugin in registry.decoders(for: options.formats) {
            let name = plugin.formats.map(\.name).sorted().joined(separator: "+")
            plugins[name] = .number(
                medianMs {
                    let frame = FrameContext(image: image)
                    _ = frame.candidates
                    _ = frame.binarized(.local)
                    _ = plugin.decode(frame, options: single)
                }
                    - medianMs {
                        let frame = FrameContext(image: image)
                        _ = frame.candidates
                        _ = frame.binarized(.local)
                    })
        }
        plugins["(candidate map + local binarizer)"] = .number(
            medianMs {
                let frame = FrameContext(image: image)
                _ = frame.candidates
                _ = frame.binarized(.local)
            })
        extra["plugins"] = .object(plugins)
        let map = FrameContext(image: image).candidates
        let mask = CandidateMask(
            map, width: image.width, height: image.height, linear: false, matrix: true,
            margin: 3)
        extra["candidates"] = .object([
            "linear": .number(Double(map.linearCount)),
            "matrix": .number(Double(map.matrixCount)),
            "matrix_coverage_margin3": .number(mask.coverage),
        ])
    }
    let o: JSONValue = .object(
        extra.merging([
            "file": .string(file),
            "median_ms": .number(times[times.count / 2]),
            "cpu_median_ms": .number(cpuTimes[cpuTimes.count / 2]),
            "p95_ms": .number(p95),
            "min_ms": .number(times[0]),
            "max_ms": .number(times[times.count - 1]),
            "symbols": .number(Double(found.count)),
            "values": .array(found.map { .string("\($0.format.name):\($0.rawValue ?? "")") }),
        ]) { $1 })
    print(o.serialized)
    fflush(nil)
}
var usageInfo = rusage()
getrusage(RUSAGE_SELF.rawValue, &usageInfo)
print(JSONValue.object(["summary": .bool(true), "peak_rss_kb": .number(Double(usageInfo.ru_maxrss))]).serialized)
