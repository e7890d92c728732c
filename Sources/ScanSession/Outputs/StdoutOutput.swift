import Foundation

/// `type: stdout`: one line per event on standard output, written (and so flushed) per event.
///
/// `jsonl` writes ``Event/jsonLine``; `text` writes ``Event/textLine`` (`ORIGIN: FORMAT: VALUE`; an output
/// that receives both `detected` and `confirmed` events writes the confirmed ones as `confirmed: ORIGIN:
/// FORMAT: VALUE`, so the two lines of one code differ); `raw` writes
/// the payload of each `confirmed` event as it is (``ScanCore/Barcode/rawOutput``) and nothing for other
/// events. Lines go through ``ProgressDisplay/shared``, so a progress bar on the same terminal never tears one.
public struct StdoutOutput: Output {
    public let id: String
    public let format: LineFormat
    /// Text lines of confirmed events start with `confirmed: ` (the output receives detected ones too).
    public let marksConfirmed: Bool
    private let writeLine: @Sendable ([UInt8]) throws -> Void

    /// - Parameters:
    ///   - events: the kinds the output receives (its `events:`); only whether both `detected` and
    ///     `confirmed` are among them matters, for `text`.
    ///   - writeLine: where lines go (without their newline); default: the process's standard output,
    ///     throwing ``OutputFailure`` (`standard output: cannot write: REASON`) when a line could not be
    ///     written (a full disk, a device that refuses it), which the session reports and counts.
    public init(
        id: String, format: LineFormat = .jsonl, events: Set<EventKind> = [.confirmed],
        writeLine: @escaping @Sendable ([UInt8]) throws -> Void = {
            if let failure = ProgressDisplay.shared.writeLine(bytes: $0, to: STDOUT_FILENO) {
                throw OutputFailure(description: "standard output: cannot write: \(String(cString: strerror(failure)))")
            }
        }
    ) {
        self.id = id
        self.format = format
        self.marksConfirmed = events.isSuperset(of: [.detected, .confirmed])
        self.writeLine = writeLine
    }

    public func open() throws {}

    public func write(_ event: Event) throws {
        switch format {
        case .text:
            let marked = marksConfirmed && event.kind == .confirmed
            try writeLine(Array(((marked ? "confirmed: " : "") + event.textLine).utf8))
        case .raw:
            if event.kind == .confirmed, let barcode = event.barcode { try writeLine(barcode.rawOutput) }
        case .jsonl, .csv: try writeLine(Array(event.jsonLine.utf8))
        }
    }

    public func finish() -> Int { 0 }
}
