/// Process exit statuses, shared by every subcommand (ARCHITECTURE §6).
enum ExitStatus {
    /// Done; for `decode`: at least one symbol was found.
    static let success: Int32 = 0
    /// For `decode`: no symbol was found. For `run`: a runtime failure.
    static let nothingFound: Int32 = 1
    /// For `run`: a runtime failure; for `generate`: data the symbology cannot encode (same value as
    /// ``nothingFound``).
    static let runtimeFailure: Int32 = 1
    /// Usage or configuration error, or an input that could not be read.
    static let usage: Int32 = 2
    /// Camera authorization denied.
    static let denied: Int32 = 3
}
