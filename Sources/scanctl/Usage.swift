/// Top-level help text.
enum Usage {
    static let version = "0.1.0"
    static let main = """
        scanctl \(version): barcode scanning for Linux.

        USAGE: scanctl COMMAND [options]

        COMMANDS:
          auth VERB SESSION   Show (status), grant or revoke a session's remembered camera decisions.
          decode IMAGE...     Decode image files and print the symbols found.
          devices             List V4L2 capture devices: driver, card, formats, sizes, frame rates.
          generate TEXT       Make a QR Code or Code 128 symbol: PNG, SVG or text for the terminal.
          plugins             List decoder plugins (built in and loaded) and the formats they read.
          run SESSION         Run a session file: inputs, decoding, outputs (Docs/sessions.md).
          validate SESSION    Check a session file and list every problem with its line and column.

        Run 'scanctl COMMAND --help' for a command's options.
        """
}
