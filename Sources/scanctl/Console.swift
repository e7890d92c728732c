import Foundation

/// Writing to standard error, unbuffered, with the `scanctl:` prefix users grep for.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("scanctl: error: \(message)\n".utf8))
    }

    /// Information that is not a problem (`scanctl: info: …`), e.g. the mode a camera opened with.
    static func info(_ message: String) {
        FileHandle.standardError.write(Data("scanctl: info: \(message)\n".utf8))
    }

    /// A line on standard error as it is (already prefixed, e.g. `file:line:column: error: …`).
    static func raw(_ line: String) {
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
