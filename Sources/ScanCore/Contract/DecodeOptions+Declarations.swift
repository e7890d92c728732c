extension DecodeOptions {
    /// Every knob of ``DecodeOptions`` except ``formats`` (a selection, not a knob: `--formats` on the command
    /// line, `symbologies:` in a session), in the order `--help` and the docs list them.
    ///
    /// Adding an option to ``DecodeOptions`` is one entry here: the session key, the flag, `--help`, the man
    /// pages and the docs' tables follow (`make docs` rewrites the tables; a test checks them).
    public static let declarations: [DecodeOptionDeclaration] = [
        .bool(
            "try_harder", \.tryHarder, "Spend more time: more scan lines, the second binarizer, smaller symbols.",
            aliases: [.init("--fast", .bool(false))]),
        .bool(
            "try_rotate", \.tryRotate, "Also look for symbols turned by 90 degrees.",
            aliases: [.init("--no-rotate", .bool(false))]),
        .bool(
            "try_invert", \.tryInvert, "Also look for light-on-dark symbols.",
            aliases: [.init("--no-invert", .bool(false))]),
        .bool(
            "try_downscale", \.tryDownscale,
            "Also retry at a lower resolution: large images, and close-ups (modules over 16 px) in smaller ones.",
            aliases: [.init("--no-downscale", .bool(false))]),
        .bool(
            "search_whole_frame", \.searchWholeFrame,
            "Scan everywhere, not only where the candidate map sees code-like edges (slow)."),
        .choice(
            "binarizer", \.binarizer, "NAME",
            "Where matrix symbologies start: local thresholds or one global histogram threshold."),
        .bool("pure", \.pure, "The image is one axis-aligned symbol, perhaps without a quiet zone."),
        .integer(
            "max_symbols", \.maxSymbols, in: 0...1_000_000, "N", "The most symbols reported per frame (0: no limit)."),
        .choice(
            "ean_add_on", \.eanAddOn, "POLICY", "EAN-2/EAN-5 add-ons after EAN/UPC symbols.",
            aliases: [.init("--ean-addon")]),
        .integer(
            "min_line_agreement", \.minLineAgreement, in: 1...1000, "N",
            "Scan lines that must agree on a linear symbol (1 for images too short for two)."),
        .integer("itf_min_length", \.itfMinLength, in: 2...1000, "N", "Shortest ITF accepted, in digits."),
        .choice(
            "code39_full_ascii", \.code39FullASCII, "MODE",
            "Code 39 Full ASCII shift pairs (auto: decoded when every pair is valid)."),
        .choice(
            "code39_check_character", \.code39CheckCharacter, "MODE", "The optional Code 39 mod-43 check character."),
        .integer(
            "codabar_min_length", \.codabarMinLength, in: 1...1000, "N", "Fewest Codabar data characters."),
    ]
}
