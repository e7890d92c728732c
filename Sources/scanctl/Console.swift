import Foundation

/// Writing to standard error, unbuffered, with the `scanctl:` prefix users grep for.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("scanctl: error: \(message)\n".utf8))
    }
}
