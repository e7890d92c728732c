/// Top-level help text.
enum Usage {
    static let version = "0.1.0"
    static let main = """
        scanctl \(version): barcode scanning for Linux.

        USAGE: scanctl COMMAND [options]

        COMMANDS:
          decode IMAGE...     Decode image files and print the symbols found.
          plugins             List decoder plugins and the formats they read.
          run SESSION         Run a session file: inputs, decoding, outputs (Docs/sessions.md).
          validate SESSION    Check a session file and list every problem with its line and column.

        Run 'scanctl COMMAND --help' for a command's options.
        """
}
