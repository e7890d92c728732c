import Foundation

/// `type: stdout`: one line per event on standard output, written (and so flushed) per event.
///
/// `jsonl` writes ``Event/jsonLine``; `text` writes ``Event/textLine`` (`FORMAT: VALUE`).
public struct StdoutOutput: Output {
    public let id: String
    public let format: LineFormat
    private let writeLine: @Sendable (String) -> Void

    /// - Parameter writeLine: where lines go (with their newline); default: the process's standard output.
    public init(
        id: String, format: LineFormat = .jsonl,
        writeLine: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.id = id
        self.format = format
        self.writeLine = writeLine
    }

    public func open() throws {}

    public func write(_ event: Event) throws {
        writeLine((format == .text ? event.textLine : event.jsonLine) + "\n")
    }

    public func finish() -> Int { 0 }
}
