import Foundation

/// Short, plain messages for errors, whatever threw them: never `Error Domain=NSCocoaErrorDomain Code=4 …
/// UserInfo={…}`.
public enum SystemErrorText {
    /// - A Foundation error with a POSIX cause (its own or an underlying one): the C library's message
    ///   for it (`No such file or directory`, `Permission denied`).
    /// - Another Foundation (Cocoa) error: its localized description (`The file couldn’t be saved.`).
    /// - Any other error (scanctl's own): its description.
    public static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posix(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            let cause = underlying as NSError
            if cause.domain == NSPOSIXErrorDomain { return posix(cause.code) }
        }
        if ns.domain == NSCocoaErrorDomain { return ns.localizedDescription }
        return String(describing: error)
    }

    private static func posix(_ code: Int) -> String {
        guard let text = strerror(Int32(code)) else { return "error \(code)" }
        return String(cString: text)
    }
}
