import ScanCamera
import ScanCore
import ScanImageIO

/// Maps the YAML node tree of a session file onto ``SessionConfig``, one section at a time. Structural
/// mistakes (unknown keys, wrong types, missing keys, unset variables) are recorded in the reader; the
/// cross-reference checks are the validators' job.
extension ConfigReader {
    // The known keys of each mapping come from SessionReference, which documents them.
    static let topKeys = SessionReference.top.acceptedKeys
    /// The keys of a connection's `options:`: one per ``DecodeOptions/declarations`` entry.
    static let decodeOptionKeys = DecodeOptions.declarations.map(\.key)

    mutating func readSession(_ root: YAMLNode, defaultName: String) -> SessionConfig {
        var config = SessionConfig(name: defaultName)
        guard let top = fields(root, what: "the session file", known: Self.topKeys, extensions: true) else {
            return config
        }
        if let node = top["session"], let name = string(node, "'session'") { config.name = name }
        if let node = top["plugins"], let list = stringList(node, "'plugins'") { config.plugins = list }
        if let node = top["authorization"],
            let f = fields(node, what: "'authorization'", known: ["camera"]),
            let camera = f["camera"], let value = choice(camera, "'camera'", Authorization.Camera.self)
        {
            config.authorization.camera = value
        }
        if let node = required(top, "inputs"), let items = list(node, "'inputs'") {
            if items.isEmpty { report(node.mark, "'inputs' is empty: a session needs at least one input") }
            config.inputs = items.compactMap { readInput($0) }
        }
        if let node = required(top, "outputs"), let items = list(node, "'outputs'") {
            if items.isEmpty { report(node.mark, "'outputs' is empty: a session needs at least one output") }
            config.outputs = items.compactMap { readOutput($0) }
        }
        if let node = required(top, "connections"), let items = list(node, "'connections'") {
            if items.isEmpty { report(node.mark, "'connections' is empty: nothing connects inputs to outputs") }
            config.connections = items.enumerated().compactMap { readConnection($1, index: $0 + 1) }
        }
        return config
    }

    // MARK: inputs

    static let inputKeys: [String: [String]] = [
        "file": SessionReference.input.acceptedKeys + SessionReference.fileInput.acceptedKeys,
        "stdin": SessionReference.input.acceptedKeys + SessionReference.stdinInput.acceptedKeys,
        "v4l2": SessionReference.input.acceptedKeys + SessionReference.v4l2Input.acceptedKeys,
    ]

    /// The `id` and `type` of an entry, reading the type first so unknown keys are judged per type.
    private mutating func header(_ node: YAMLNode, list: String, types: [String: [String]])
        -> (id: Located<String>?, type: String, fields: Fields)?
    {
        guard case .mapping(let pairs) = node.content else {
            report(node.mark, "an item of '\(list)' must be a mapping, not \(node.kindDescription)")
            return nil
        }
        let typeNode = pairs.first { if case .scalar("type", _) = $0.key.content { true } else { false } }?.value
        let idNode = pairs.first { if case .scalar("id", _) = $0.key.content { true } else { false } }?.value
        let idText = idNode.flatMap { n -> String? in if case .scalar(let t, _) = n.content { t } else { nil } }
        let what = idText.map { "\(list.dropLast()) '\($0)'" } ?? "an item of '\(list)'"
        guard let typeNode else {
            report(node.mark, "\(what) needs 'type' (one of \(types.keys.sorted().joined(separator: ", ")))")
            return nil
        }
        guard case .scalar(let type, _) = typeNode.content, let known = types[type] else {
            report(
                typeNode.mark,
                "'type' of \(what) must be one of \(types.keys.sorted().joined(separator: ", ")), not \(typeNode.kindDescription)"
            )
            return nil
        }
        guard let f = fields(node, what: what, known: known) else { return nil }
        var id: Located<String>?
        if let idNode = required(f, "id"), let text = string(idNode, "'id'") {
            if text.isEmpty || text.contains(where: { $0.isWhitespace }) {
                report(idNode.mark, "'id' must be a non-empty word without spaces, not '\(text)'")
            } else {
                id = Located(text, at: idNode.mark)
            }
        }
        return (id, type, f)
    }

    mutating func readInput(_ node: YAMLNode) -> InputConfig? {
        guard let (id, type, f) = header(node, list: "inputs", types: Self.inputKeys) else { return nil }
        let kind: InputConfig.Kind?
        switch type {
        case "file":
            var c = FileInputConfig(paths: [])
            if let n = required(f, "paths"), let list = stringList(n, "'paths'") {
                if case .sequence(let items) = n.content, items.isEmpty { report(n.mark, "'paths' is empty") }
                c.paths = list.map(\.value)
            }
            if let n = f["watch"], let v = bool(n, "'watch'") { c.watch = v }
            if let n = f["max_pixels"], let v = int(n, "'max_pixels'", in: 1...Int(Int32.max) * 4) { c.maxPixels = v }
            kind = .file(c)
        case "stdin":
            let width = required(f, "width").flatMap { int($0, "'width'", in: 1...65_536) }
            let height = required(f, "height").flatMap { int($0, "'height'", in: 1...65_536) }
            let format = required(f, "pixel_format").flatMap { choice($0, "'pixel_format'", PixelFormat.self) }
            // After a problem the entry is kept (so connections naming it are not reported too); the
            // session will not run anyway.
            var c = StdinInputConfig(width: width ?? 1, height: height ?? 1, pixelFormat: format ?? .gray8)
            guard let width, let format else {
                kind = .stdin(c)
                break
            }
            // A frame over the pixel limit of image files (a typo in a size) would take gigabytes per
            // frame buffer before a byte of input arrived.
            if let height, width * height > ImageLimits.default.maxPixels, let n = f["height"] {
                report(
                    n.mark,
                    "a \(width) × \(height) frame is \(width * height) pixels; at most "
                        + "\(ImageLimits.default.maxPixels), as for image files")
            }
            if let n = f["stride"], let v = int(n, "'stride'", in: 1...1 << 20) {
                if v < format.minimumStride(width: width) {
                    report(
                        n.mark,
                        "'stride' \(v) is shorter than one row of \(width) \(format.rawValue) pixels (\(format.minimumStride(width: width)) bytes)"
                    )
                }
                c.stride = v
            }
            if let n = f["fps"], let v = double(n, "'fps'") {
                if v > 0 { c.fps = v } else { report(n.mark, "'fps' must be greater than 0, not \(v)") }
            }
            if let n = f["live"], let v = bool(n, "'live'") { c.live = v }
            if let n = f["drop_frames"], let v = bool(n, "'drop_frames'") { c.dropFrames = v }
            kind = .stdin(c)
        default:
            var c = V4L2InputConfig()
            if let n = f["device"], let v = string(n, "'device'") { c.device = v }
            if let n = f["width"], let v = int(n, "'width'", in: 1...65_536) { c.width = v }
            if let n = f["height"], let v = int(n, "'height'", in: 1...65_536) { c.height = v }
            if let n = f["pixel_format"], let v = choice(n, "'pixel_format'", CameraPixelFormat.self) {
                c.pixelFormat = v
            }
            if let n = f["fps"], let v = double(n, "'fps'") {
                if v > 0 && v <= 1000 {
                    c.fps = v
                } else {
                    report(n.mark, "'fps' must be greater than 0 and at most 1000, not \(v)")
                }
            }
            if let n = f["buffers"], let v = int(n, "'buffers'", in: 2...32) { c.buffers = v }
            if let n = f["stall_timeout_ms"], let v = int(n, "'stall_timeout_ms'", in: 100...600_000) {
                c.stallTimeoutMs = v
            }
            if let n = f["controls"] {
                if case .mapping(let pairs) = n.content {
                    for pair in pairs {
                        guard case .scalar(let name, _) = pair.key.content, !name.isEmpty else {
                            report(pair.key.mark, "a control name must be text, not \(pair.key.kindDescription)")
                            continue
                        }
                        if c.controls.contains(where: { $0.value.name == name }) {
                            report(pair.key.mark, "control '\(name)' appears twice in 'controls'")
                            continue
                        }
                        if let v = int(pair.value, "control '\(name)'", in: Int(Int32.min)...Int(Int32.max)) {
                            c.controls.append(
                                Located(CameraControlSetting(name: name, value: Int64(v)), at: pair.key.mark))
                        }
                    }
                } else {
                    report(
                        n.mark,
                        "'controls' must be a mapping of V4L2 control names to numbers, not \(n.kindDescription)")
                }
            }
            kind = .v4l2(c)
        }
        guard let id, let kind else { return nil }
        return InputConfig(id: id, kind: kind, mark: node.mark)
    }

    // MARK: outputs

    static let outputKeys: [String: [String]] = [
        "stdout": SessionReference.output.acceptedKeys + SessionReference.stdoutOutput.acceptedKeys,
        "file": SessionReference.output.acceptedKeys + SessionReference.fileOutput.acceptedKeys,
        "webhook": SessionReference.output.acceptedKeys + SessionReference.webhookOutput.acceptedKeys,
        "preview": SessionReference.output.acceptedKeys + SessionReference.previewOutput.acceptedKeys,
    ]
    static let retryKeys = SessionReference.webhookOutput.nestedKeys(of: "retry")

    mutating func readOutput(_ node: YAMLNode) -> OutputConfig? {
        guard let (id, type, f) = header(node, list: "outputs", types: Self.outputKeys) else { return nil }
        var events = type == "preview" ? PreviewOutputConfig.defaultEvents : EventKind.defaultSet
        if let n = f["events"], let list = self.list(n, "'events'") {
            events = []
            for item in list {
                if let kind = choice(item, "an item of 'events'", EventKind.self) { events.insert(kind) }
            }
            if list.isEmpty { report(n.mark, "'events' is empty: this output would receive nothing") }
        }
        let kind: OutputConfig.Kind?
        switch type {
        case "stdout":
            var c = StdoutOutputConfig()
            if let n = f["format"], let v = choice(n, "'format'", LineFormat.self) {
                if v == .csv { report(n.mark, "'format' of a stdout output must be jsonl, text or raw, not csv") }
                c.format = v
            }
            kind = .stdout(c)
        case "file":
            let path = required(f, "path").flatMap({ string($0, "'path'") }) ?? ""
            var c = FileOutputConfig(path: path)
            if path.lowercased().hasSuffix(".csv") { c.format = .csv }
            if let n = f["format"], let v = choice(n, "'format'", LineFormat.self) {
                if v == .text || v == .raw {
                    report(n.mark, "'format' of a file output must be jsonl or csv, not \(v.rawValue)")
                }
                c.format = v
            }
            if let n = f["rotate_bytes"], let v = int(n, "'rotate_bytes'", in: 1024...Int(Int64.max >> 2)) {
                c.rotateBytes = v
            }
            if let n = f["keep"], let v = int(n, "'keep'", in: 1...1000) { c.keep = v }
            kind = .file(c)
        case "preview":
            kind = .preview(readPreview(f))
        default:
            kind = readWebhook(f)
        }
        guard let id, let kind else { return nil }
        var out = OutputConfig(id: id, kind: kind, mark: node.mark)
        out.events = events
        return out
    }

    /// Why a webhook header cannot be sent as written, or nil. The name must be an HTTP token (RFC 9110
    /// §5.1: letters, digits and ``!#$%&'*+-.^_`|~``); the value must hold no control character but tab
    /// (a line break would start another header, a NUL end it); and the headers that frame the request
    /// (`Content-Length`, `Transfer-Encoding`, `Host`, `Connection`) are the HTTP client's.
    static func headerProblem(name: String, value: String) -> String? {
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.allSatisfy({ token.contains($0) }) else {
            return "header name '\(TextLine.escaped(name))' is not an HTTP token (letters, digits, !#$%&'*+-.^_`|~)"
        }
        if ["content-length", "transfer-encoding", "host", "connection"].contains(name.lowercased()) {
            return "header '\(name)' is set by the HTTP client, not by the session"
        }
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            return "header '\(name)' must not contain a line break"
        }
        if value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            return "header '\(name)' must not contain a control character"
        }
        return nil
    }

    private mutating func readWebhook(_ f: Fields) -> OutputConfig.Kind? {
        var template = URLTemplate("")
        if let urlNode = f["url"], case .scalar(let written, _) = urlNode.content { template = URLTemplate(written) }
        // A URL that does not read (an unset variable) is reported, and the other keys are still read:
        // every problem of the output at once.
        let urlNode = required(f, "url")
        var read = urlNode.flatMap { string($0, "'url'", escaping: template.escape) }
        // The scheme is case-insensitive (RFC 3986 §3.1); the HTTP client takes only `http` and `https`.
        if let r = read, let colon = r.firstIndex(of: ":"), r[..<colon].contains(where: \.isUppercase) {
            read = r[..<colon].lowercased() + r[colon...]
        }
        let url = read ?? ""
        if let urlNode, read != nil {
            let lower = url.lowercased()
            if !(lower.hasPrefix("http://") || lower.hasPrefix("https://")) {
                // The value is not quoted: a URL this far off may hold its secrets where no redaction finds them.
                report(urlNode.mark, "'url' must start with http:// or https://")
            } else if let problem = URLTemplate.problem(url) {
                report(urlNode.mark, problem)
            }
        }
        if let urlNode, case .scalar(let written, _) = urlNode.content {
            warnAboutInlineSecrets(inURL: written, at: urlNode.mark)
        }
        var c = WebhookOutputConfig(url: url)
        if let n = f["headers"], case .mapping(let pairs) = n.content {
            for pair in pairs {
                guard case .scalar(let name, _) = pair.key.content,
                    let value = string(pair.value, "header '\(pair.key.kindDescription)'")
                else { continue }
                if case .scalar(let written, _) = pair.value.content {
                    warnAboutInlineSecret(header: name, written: written, at: pair.value.mark)
                }
                // A line break would end the header and start another (its value is never quoted).
                if let problem = Self.headerProblem(name: name, value: value) {
                    report(pair.value.mark, problem, quoteLine: false)
                    continue
                }
                // The HTTP stack sends the URL's user information as Basic authorization in place of
                // the header: one of the two would be dropped without a word.
                if name.lowercased() == "authorization", URLTemplate.hasUserInformation(url) {
                    report(
                        pair.value.mark,
                        "header 'Authorization' and user information in 'url' both give credentials; keep one",
                        quoteLine: false)
                    continue
                }
                c.headers[name] = value
            }
        } else if let n = f["headers"] {
            // Not quoted: what was written may be a header with its secret (`headers: "Authorization: …"`).
            report(n.mark, "'headers' must be a mapping of header names to values", quoteLine: false)
        }
        if let n = f["batch_size"], let v = int(n, "'batch_size'", in: 1...10_000) { c.batchSize = v }
        if let n = f["timeout_ms"], let v = int(n, "'timeout_ms'", in: 1...600_000) { c.timeoutMs = v }
        if let n = f["spool"], let v = string(n, "'spool'") { c.spool = v }
        if let n = f["retry"], let r = fields(n, what: "'retry'", known: Self.retryKeys) {
            if let n = r["attempts"], let v = int(n, "'attempts'", in: 1...1000) { c.attempts = v }
            if let n = r["backoff_ms"], let v = int(n, "'backoff_ms'", in: 0...3_600_000) { c.backoffMs = v }
            if let n = r["max_backoff_ms"], let v = int(n, "'max_backoff_ms'", in: 0...3_600_000) { c.maxBackoffMs = v }
        }
        return .webhook(c)
    }

    // MARK: connections

    static let connectionKeys = SessionReference.connection.acceptedKeys

    mutating func readConnection(_ node: YAMLNode, index: Int) -> ConnectionConfig? {
        guard let f = fields(node, what: "connection \(index)", known: Self.connectionKeys) else { return nil }
        let fromNode = required(f, "from")
        let from = fromNode.flatMap { n in string(n, "'from'").map { Located($0, at: n.mark) } }
        let toNode = required(f, "to")
        let to = toNode.flatMap { stringList($0, "'to'") }
        // An empty list would decode every frame for nobody, or read every symbology unasked.
        if let toNode, to?.isEmpty == true { report(toNode.mark, "'to' names no output; name at least one") }
        guard let from, let to else { return nil }
        var c = ConnectionConfig(from: from, to: to, mark: node.mark)
        if let n = f["symbologies"], let list = stringList(n, "'symbologies'") {
            if list.isEmpty {
                report(n.mark, "'symbologies' is empty; leave it out to read every symbology the plugins read")
            }
            for item in list {
                guard let format = BarcodeFormat(parsing: item.value) else {
                    report(item.mark, "'\(item.value)' is not a symbology name")
                    continue
                }
                c.symbologies.append(Located(format, at: item.mark))
            }
        }
        if let n = f["options"], let o = fields(n, what: "'options'", known: Self.decodeOptionKeys) {
            readDecodeOptions(o, into: &c.options)
        }
        if let n = f["region_of_interest"],
            let r = fields(n, what: "'region_of_interest'", known: ["x", "y", "width", "height"])
        {
            var values: [String: Double] = [:]
            for key in ["x", "y", "width", "height"] {
                guard let v = required(r, key) else { continue }
                if let d = double(v, "'\(key)'") { values[key] = d }
                c.regionMarks[key] = v.mark
            }
            if let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"] {
                c.regionOfInterest = Located(RegionOfInterest(x: x, y: y, width: w, height: h), at: n.mark)
            } else {
                // Some field did not read: the others are still checked, each on its own (the whole
                // region is checked by the validator once all four read).
                for key in ["x", "y", "width", "height"] {
                    guard let v = values[key], let mark = c.regionMarks[key],
                        let message = RegionOfInterest.problem(field: key, value: v)
                    else { continue }
                    report(mark, message)
                }
            }
        }
        if let n = f["confirm_frames"], let v = int(n, "'confirm_frames'", in: 1...10_000) { c.confirmFrames = v }
        if let n = f["deduplicate_ms"], let v = int(n, "'deduplicate_ms'", in: -1...Int(Int32.max)) {
            c.deduplicateMs = v
        }
        if let n = f["lost_after_ms"], let v = int(n, "'lost_after_ms'", in: 1...Int(Int32.max)) { c.lostAfterMs = v }
        return c
    }

    /// Reads each key of `options:` as its ``DecodeOptionDeclaration`` says (type, range, names).
    private mutating func readDecodeOptions(_ o: Fields, into options: inout DecodeOptions) {
        for declaration in DecodeOptions.declarations {
            guard let n = o[declaration.key] else { continue }
            let what = "'\(declaration.key)'"
            let value: DecodeOptionDeclaration.Value?
            switch declaration.kind {
            case .bool: value = bool(n, what).map { .bool($0) }
            case .integer(let range): value = int(n, what, in: range).map { .integer($0) }
            case .choice(let names):
                if case .scalar(let text, _) = n.content, names.contains(text) {
                    value = .choice(text)
                } else {
                    report(n.mark, "\(what) must be one of \(names.joined(separator: ", ")), not \(n.kindDescription)")
                    value = nil
                }
            }
            if let value { try? declaration.set(value, in: &options) }
        }
    }
}
