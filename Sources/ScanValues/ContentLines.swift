import ScanCore

/// One content line of a vCard or iCalendar object: `[group.]NAME;PARAM=a,b;PARAM2="x:y":value`
/// (RFC 6350 §3.3, RFC 5545 §3.1, vCard 2.1 §2.1).
struct ContentLine {
    /// The property name, upper-cased, without its group.
    var name: String
    /// Parameters by upper-cased name; a vCard 2.1 bare parameter (`;WORK`, `;QUOTED-PRINTABLE`) is filed
    /// under `TYPE` (or `ENCODING` for the encodings). Values are upper-cased only for `TYPE`/`ENCODING`.
    var parameters: [String: [String]]
    /// The value with quoted-printable and its charset decoded; escapes (`\,` `\;` `\n`) are still in it.
    var value: String

    func parameter(_ name: String) -> String? { parameters[name]?.first }

    /// Lower-cased TYPE values (`work`, `cell`, …), split on commas.
    var types: [String] {
        (parameters["TYPE"] ?? []).flatMap { $0.split(separator: ",") }.map { $0.lowercased() }
    }
}

enum ContentLines {
    /// Splits text into content lines: line breaks CRLF, LF or CR; a line starting with a space or tab
    /// continues the previous one (folding); a quoted-printable value ending in `=` continues on the next
    /// line (vCard 2.1 soft line break). Lines without a `:` are returned as `nil` entries so that the
    /// caller can reject them.
    static func parse(_ text: String) -> [ContentLine?] {
        var logical: [String] = []
        var lines: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        // Character treats "\r\n" as one grapheme, so both break forms match here.
        while i < text.endIndex {
            let c = text[i]
            if c == "\n" || c == "\r" || c == "\r\n" {
                lines.append(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        lines.append(text[start...])
        for line in lines {
            if let f = line.first, f == " " || f == "\t", !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else if let last = logical.last, last.hasSuffix("="), isQuotedPrintable(last) {
                logical[logical.count - 1] = String(last.dropLast()) + line
            } else if !line.isEmpty {
                logical.append(String(line))
            }
        }
        return logical.map(contentLine)
    }

    static func isQuotedPrintable(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        return line[..<colon].uppercased().contains("QUOTED-PRINTABLE")
    }

    /// Parses one unfolded line; `nil` when it has no `:` after the name and parameters.
    static func contentLine(_ line: String) -> ContentLine? {
        let scalars = Array(line.unicodeScalars)
        var i = 0
        var inQuotes = false
        var colon: Int?
        while i < scalars.count {
            let c = scalars[i]
            if c == "\"" { inQuotes.toggle() }
            if c == ":" && !inQuotes {
                colon = i
                break
            }
            i += 1
        }
        guard let colon else { return nil }
        var head = String(String.UnicodeScalarView(scalars[..<colon]))
        var rawValue = String(String.UnicodeScalarView(scalars[(colon + 1)...]))
        // Parameters split on ';' outside quotes.
        var pieces: [String] = []
        var current = ""
        inQuotes = false
        for c in head {
            if c == "\"" {
                inQuotes.toggle()
                current.append(c)
                continue
            }
            if c == ";" && !inQuotes {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        pieces.append(current)
        head = pieces.first ?? ""
        var name = head.uppercased()
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        var params: [String: [String]] = [:]
        for p in pieces.dropFirst() where !p.isEmpty {
            let (k, v) = p.splitOnce("=")
            if let v {
                let key = k.uppercased().trimmingEdges()
                var value = v
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if key == "TYPE" || key == "ENCODING" { value = value.uppercased() }
                params[key, default: []].append(value)
            } else {
                let bare = k.uppercased().trimmingEdges()
                let key = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"].contains(bare) ? "ENCODING" : "TYPE"
                params[key, default: []].append(bare)
            }
        }
        let encoding = params["ENCODING"]?.first ?? ""
        if encoding == "QUOTED-PRINTABLE" {
            rawValue = decodeText(quotedPrintable(rawValue), charset: params["CHARSET"]?.first)
        } else if let cs = params["CHARSET"]?.first, cs.lowercased() != "utf-8" {
            // The text was already decoded as UTF-8 by the reader; re-decode its bytes only when they
            // all fit in one byte each (the reader took a Latin-1 payload byte for byte).
            let scalars = rawValue.unicodeScalars
            if scalars.allSatisfy({ $0.value < 0x100 }) {
                rawValue = decodeText(scalars.map { UInt8($0.value) }, charset: cs)
            }
        }
        return ContentLine(name: name, parameters: params, value: rawValue)
    }

    /// Quoted-printable bytes (RFC 2045 §6.7): `=XX` is a byte, `=` at the end a soft break.
    static func quotedPrintable(_ s: String) -> [UInt8] {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x3D {
                if i + 2 < bytes.count, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                    out.append(h << 4 | l)
                    i += 3
                    continue
                }
                i += 1  // a stray or trailing '=' (soft break) is dropped
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Undoes text escapes: `\n`/`\N` newline, `\,` `\;` `\:` `\\` the character itself.
    static func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// Splits a structured value on unescaped `separator` and unescapes each component.
    static func components(_ s: String, separator: Character = ";") -> [String] {
        var out: [String] = []
        var current = ""
        var escaped = false
        for c in s {
            if escaped {
                current.append("\\")
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == separator {
                out.append(unescape(current))
                current = ""
            } else {
                current.append(c)
            }
        }
        if escaped { current.append("\\") }
        out.append(unescape(current))
        return out
    }
}
