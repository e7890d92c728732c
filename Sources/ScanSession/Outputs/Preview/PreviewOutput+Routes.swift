import Foundation
import ScanCamera
import ScanCore
import ScanHTTP

extension PreviewOutput {
    /// Answers one request (on the client's connection thread).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            guard let connection = chosenConnection(request) else { return noConnection() }
            let page = PreviewPage.html(
                session: session?.name ?? "", output: id, connection: connection.index,
                connections: connections.map(\.index))
            return .text(page, contentType: "text/html; charset=utf-8")
        case ("GET", "/stream"):
            guard let connection = chosenConnection(request) else { return noConnection() }
            let stream = renderer.watch(connection: connection.index)
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", MJPEGStream.contentType), ("Cache-Control", "no-store")],
                body: .stream(stream))
        case ("GET", "/snapshot.jpg"):
            guard let connection = chosenConnection(request) else { return noConnection() }
            guard let jpeg = renderer.snapshot(connection: connection.index) else {
                return .text("no frame decoded yet\n", status: 503)
            }
            return .bytes(jpeg, contentType: "image/jpeg")
        case ("GET", "/events"):
            let stream = hub.subscribe(lastEventID: request.headers["last-event-id"])
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                body: .stream(stream))
        case ("GET", "/metrics"), ("HEAD", "/metrics"):
            let snapshot = session?.snapshot() ?? MetricsSnapshot(startTime: Date())
            return .text(
                snapshot.prometheusText(extra: ownMetrics()), contentType: "text/plain; version=0.0.4; charset=utf-8")
        case ("GET", "/status"):
            return json(status())
        case ("GET", "/controls"):
            return json(.array(cameraStatus()))
        case ("POST", "/controls"):
            return setControl(request.formFields)
        case (_, "/"), (_, "/stream"), (_, "/snapshot.jpg"), (_, "/events"), (_, "/metrics"), (_, "/status"),
            (_, "/controls"):
            return HTTPResponse(
                status: 405, headers: [("Allow", request.path == "/controls" ? "GET, POST" : "GET")],
                body: .bytes(Array("method \(request.method) is not allowed here\n".utf8)))
        default:
            return .text("no page \(request.path); see /\n", status: 404)
        }
    }

    /// `?connection=N` among the connections feeding this output, or the first of them.
    private func chosenConnection(_ request: HTTPRequest) -> ConnectionPlan? {
        let mine = connections
        guard let text = request.query["connection"] else { return mine.first }
        return Int(text).flatMap { n in mine.first { $0.index == n } }
    }

    private func noConnection() -> HTTPResponse {
        let known = connections.map { String($0.index) }.joined(separator: ", ")
        return .text("no such connection feeds output '\(id)' (it is fed by: \(known))\n", status: 404)
    }

    private func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        .text(value.serialized + "\n", contentType: "application/json", status: status)
    }

    /// The preview's own counters, in the Prometheus text format.
    private func ownMetrics() -> String {
        let label = "output=\"\(MetricsSnapshot.escaped(id))\""
        var out = "# HELP scanctl_preview_frames_encoded_total Annotated JPEG frames the preview encoded.\n"
        out += "# TYPE scanctl_preview_frames_encoded_total counter\n"
        out += "scanctl_preview_frames_encoded_total{\(label)} \(renderer.framesEncoded)\n"
        out += "# HELP scanctl_preview_clients Clients connected to the preview's streams.\n"
        out += "# TYPE scanctl_preview_clients gauge\n"
        let watching = renderer.watcherCounts.values.reduce(0, +)
        out += "scanctl_preview_clients{\(label),stream=\"stream\"} \(watching)\n"
        out += "scanctl_preview_clients{\(label),stream=\"events\"} \(hub.clientCount)\n"
        return out
    }

    /// `/status`: the session, this output's connections with their regions of interest, the cameras.
    func status() -> JSONValue {
        let snapshot = session?.snapshot()
        let connections: [JSONValue] = self.connections.map { c in
            var roi = JSONValue.null
            if let r = c.regionOfInterest {
                roi = .object([
                    "x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height),
                ])
            }
            return .object([
                "index": .number(Double(c.index)), "input": .string(c.input),
                "symbologies": .array(c.options.formats.sorted().map { .string($0.name) }),
                "region_of_interest": roi, "confirm_frames": .number(Double(c.confirmFrames)),
                "lost_after_ms": .number(Double(c.lostAfterMs)),
            ])
        }
        var counts: [String: JSONValue] = [:]
        if let s = snapshot {
            counts["frames"] = .number(Double(s.framesByInput.values.reduce(0, +)))
            counts["dropped_frames"] = .number(Double(s.droppedFrames.reduce(0) { $0 + $1.count }))
            counts["symbols"] = .number(Double(s.symbolsByFormat.values.reduce(0, +)))
            counts["errors"] = .number(Double(s.errors))
        }
        return .object([
            "session": .string(session?.name ?? ""), "output": .string(id), "connections": .array(connections),
            "cameras": .array(cameraStatus()), "counts": .object(counts),
            "colours": .object(
                Dictionary(uniqueKeysWithValues: PreviewPage.legend.map { ($0.name, JSONValue.string($0.colour)) })),
        ])
    }

    /// The cameras this output's connections read, with their focus, exposure and zoom controls.
    func cameraStatus() -> [JSONValue] {
        guard let session else { return [] }
        let inputs = Set(connections.map(\.input))
        return session.cameraInputs.filter(inputs.contains).compactMap { input in
            guard let snapshot = session.cameraControls(forInput: input)?.snapshot else { return nil }
            return .object([
                "input": .string(input), "device": .string(snapshot.device), "open": .bool(snapshot.isOpen),
                "controls": .array(snapshot.controls.map(Self.json)),
            ])
        }
    }

    static func json(_ state: CameraControlState) -> JSONValue {
        let c = state.control
        let kind: String
        switch c.kind {
        case .integer: kind = "integer"
        case .boolean: kind = "boolean"
        case .menu: kind = "menu"
        case .integerMenu: kind = "integer_menu"
        case .button: kind = "button"
        case .other(let type): kind = "type \(type)"
        }
        return .object([
            "key": .string(c.key), "name": .string(c.name), "purpose": .string(c.purpose?.rawValue ?? ""),
            "kind": .string(kind), "minimum": .number(Double(c.minimum)), "maximum": .number(Double(c.maximum)),
            "step": .number(Double(c.step)), "default": .number(Double(c.defaultValue)),
            "value": state.value.map { .number(Double($0)) } ?? .null,
            "menu": .array(state.menu.map { .object(["value": .number(Double($0.value)), "name": .string($0.name)]) }),
        ])
    }

    /// `POST /controls` with `input`, `name` and `value`.
    private func setControl(_ fields: [String: String]) -> HTTPResponse {
        func fail(_ status: Int, _ message: String) -> HTTPResponse {
            json(.object(["error": .string(message)]), status: status)
        }
        guard let name = fields["name"], !name.isEmpty else { return fail(400, "'name' is missing") }
        guard let text = fields["value"], let value = Int64(text) else {
            return fail(400, "'value' must be a whole number, not '\(fields["value"] ?? "")'")
        }
        let inputs = Set(connections.map(\.input))
        let cameras = (session?.cameraInputs ?? []).filter(inputs.contains)
        guard let input = fields["input"] ?? (cameras.count == 1 ? cameras.first : nil) else {
            return fail(
                400, cameras.isEmpty ? "no camera feeds this preview" : "'input' is missing (one of \(cameras))")
        }
        guard cameras.contains(input), let channel = session?.cameraControls(forInput: input) else {
            return fail(404, "input '\(input)' is not a camera feeding this preview")
        }
        switch channel.set(name, to: value) {
        case .success(let state):
            return json(.object(["input": .string(input), "control": Self.json(state)]))
        case .failure(let error):
            switch error {
            case .unknown: return fail(404, error.description)
            case .refused: return fail(422, error.description)
            case .notOpen, .timedOut: return fail(503, error.description)
            }
        }
    }
}
