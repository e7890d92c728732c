import Foundation

/// The CPU time of one plugin's part of one pass of ``DecoderRegistry/decode(_:options:trace:)``: where a
/// frame's decoding time goes (`scanbench --per-pass`).
public struct PassTiming: Sendable, Equatable {
    /// The name ``plugin`` has for the scan-line engine's one read of a pass for every linear plugin.
    public static let linearEngine = "linear"

    /// The pass (its ``DecodePass/description`` names it, e.g. `inverted (local, inverted)`).
    public var pass: DecodePass
    /// The plugin's ``SymbologyDecoder/name``, or ``linearEngine``.
    public var plugin: String
    /// CPU time of the decoding thread, milliseconds. What the frame computes on first use for a pass's
    /// plugins (its binarization, its candidate map) counts for the plugin that asked first; the negative
    /// and downscaled images, which the registry makes before the pass's plugins run, and its work between
    /// them (merging what they read) count for none.
    public var milliseconds: Double

    /// The calling thread's CPU time so far, milliseconds (a paused machine does not add to it).
    public static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
