import ScanCore

/// One key of a session file, as scanctl-session(5) and Docs/sessions.md document it.
public struct SessionKey: Sendable, Equatable {
    /// The key, or keys documented together (`width`, `height`); a nested key is written with a dot
    /// (`retry.attempts`).
    public let names: [String]
    /// Its type as people read it (`whole number 1…65536`, `` `jsonl` | `csv` ``, `list of text, required`).
    public let type: String
    /// The default as text; empty when there is none (required keys, keys whose absence means "none").
    public let defaultText: String
    /// What it does, in a sentence or two (Markdown: backticks for values).
    public let meaning: String

    public init(_ names: [String], _ type: String, _ defaultText: String, _ meaning: String) {
        self.names = names
        self.type = type
        self.defaultText = defaultText
        self.meaning = meaning
    }

    public init(_ name: String, _ type: String, _ defaultText: String, _ meaning: String) {
        self.init([name], type, defaultText, meaning)
    }
}

/// The keys of one mapping of a session file (the top level, an input of one type, …).
public struct SessionKeyTable: Sendable {
    /// Its id for `scanctl help --markdown` (`session-input-file`).
    public let name: String
    /// Its heading in the man page (`Inputs: type: file`).
    public let title: String
    /// A paragraph for the man page.
    public let summary: String
    public let keys: [SessionKey]

    /// The keys the reader accepts in this mapping: every name, nested ones by their first part.
    public var acceptedKeys: [String] {
        var out: [String] = []
        for key in keys.flatMap(\.names) {
            let top = String(key.split(separator: ".").first ?? Substring(key))
            if !out.contains(top) { out.append(top) }
        }
        return out
    }

    /// The keys of the mapping under `parent` (`retry` gives `attempts`, `backoff_ms`, … of `retry.attempts`, …).
    public func nestedKeys(of parent: String) -> [String] {
        keys.flatMap(\.names).compactMap {
            $0.hasPrefix(parent + ".") ? String($0.dropFirst(parent.count + 1)) : nil
        }
    }
}

/// Every key of a session file: the one list that the session reader's known keys, scanctl-session(5)
/// and the tables of Docs/sessions.md are made from. A new key is one entry here (and its reading in
/// `SessionConfig+Reading`).
public enum SessionReference {
    /// Every table, in the order of the man page.
    public static var tables: [SessionKeyTable] {
        [
            top, input, fileInput, stdinInput, v4l2Input, output, stdoutOutput, fileOutput, webhookOutput,
            previewOutput, connection, decodeOptions,
        ]
    }

    public static let top = SessionKeyTable(
        name: "session-top", title: "Top level",
        summary: "A session file is one YAML mapping with these keys.",
        keys: [
            SessionKey(
                "session", "text", "the file name without extension", "the session's name, carried by every event"),
            SessionKey(
                "plugins", "list of paths", "`[]`",
                "extra decoder plugins (shared libraries), loaded in order before the symbologies are checked, so "
                    + "their formats may be named in `symbologies:`; relative paths from the working directory; "
                    + "one that does not load is an error. The plugin folders (`~/.local/lib/scanctl/plugins`, "
                    + "`/usr/lib/scanctl/plugins`, or `SCANCTL_PLUGIN_PATH`) are loaded after them"),
            SessionKey(
                "authorization", "mapping", "",
                "`camera: ask | authorized | denied` (default `ask`), for the camera inputs"),
            SessionKey("inputs", "list, required", "", "where frames come from"),
            SessionKey("outputs", "list, required", "", "where events go"),
            SessionKey("connections", "list, required", "", "which input is decoded how, for which outputs"),
        ])

    public static let connection = SessionKeyTable(
        name: "session-connection", title: "Connections",
        summary: "Each item of 'connections' decodes the frames of one input for one or more outputs.",
        keys: [
            SessionKey("from", "input id, required", "", "the input whose frames are decoded"),
            SessionKey("to", "output id or list, required", "", "outputs that receive the events"),
            SessionKey(
                "symbologies", "list", "all the plugins serve",
                "formats to look for, by canonical name or usual spelling (`ean13`, `EAN-13`, `upc-a`, `QR Code`); "
                    + "only the plugins serving them run; an unknown name is an error. `code32` (Italian "
                    + "pharmacode) is read only when listed"),
            SessionKey(
                "region_of_interest", "`{x, y, width, height}`", "whole frame",
                "fractions of the frame (0 … 1, origin top left); only that part is decoded"),
            SessionKey(
                "confirm_frames", "whole number ≥ 1", "`1`",
                "consecutive decoded frames that must read the same format and value before `confirmed`"),
            SessionKey(
                "deduplicate_ms", "whole number", "`0`",
                "a value is confirmed again only after it was not read for this long; `-1`: once per session; "
                    + "`0`: off"),
            SessionKey(
                "lost_after_ms", "whole number ≥ 1", "`1000`", "a tracked code not read for this long is `lost`"),
            SessionKey("options", "mapping", "", "decode options (the next table)"),
        ])

    /// A connection's `options:`: one key per ``ScanCore/DecodeOptions/declarations`` entry.
    public static var decodeOptions: SessionKeyTable {
        SessionKeyTable(
            name: "session-options", title: "Connection options",
            summary: "The keys of a connection's 'options': the decoder's knobs, the same as scanctl decode's "
                + "flags (itf_min_length is --itf-min-length).",
            keys: DecodeOptions.declarations.map { d in
                SessionKey(d.key, typeText(d.kind), "`\(d.defaultValue)`", d.summary)
            })
    }

    /// `bool`, `whole number 2…1000`, `` `local` | `global_histogram` ``.
    static func typeText(_ kind: DecodeOptionDeclaration.Kind) -> String {
        switch kind {
        case .bool: return "bool"
        case .integer(let range): return "whole number \(range.lowerBound)…\(range.upperBound)"
        case .choice(let names): return names.map { "`\($0)`" }.joined(separator: " | ")
        }
    }
}
